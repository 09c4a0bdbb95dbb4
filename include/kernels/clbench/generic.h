/* The generic contract: a user kernel outside the four families declares its own argument
 * list, work model and check in its manifest (host/kernels/manifest.c parses it into these
 * structs; host/run/generic.c binds, fills, runs and verifies them).  The expressions are kept
 * as text and evaluated per row, over the row's sizes and -D values (host/kernels/expr.c).
 */
#ifndef CLBENCH_GENERIC_H
#define CLBENCH_GENERIC_H

#include <stddef.h>

enum { CB_MAX_ARGS = 16 };

enum cb_arg_kind {
    CB_ARG_BUFFER, /* __global float* or int* */
    CB_ARG_SCALAR, /* an int argument, from an expression */
    CB_ARG_LOCAL,  /* a __local buffer of `length` bytes (clSetKernelArg with NULL) */
};

enum cb_elem_type { CB_ELEM_FLOAT, CB_ELEM_INT };

/* How an input buffer is filled before the first launch. */
enum cb_fill {
    CB_FILL_RANDOM, /* the run's seeded values: floats in [-1, 1), ints in [0, 1000) */
    CB_FILL_ZEROS,
    CB_FILL_IOTA,  /* element i holds i */
    CB_FILL_CONST, /* every element holds fill_value */
};

struct cb_generic_arg {
    const char *name; /* as in the kernel's signature, for messages */
    enum cb_arg_kind kind;
    enum cb_elem_type type; /* buffers */
    const char *length;     /* buffers: elements; local: bytes (an expression) */
    const char *value;      /* scalars: an expression */
    int is_input;           /* filled before launching */
    int is_output;          /* poisoned, guarded and verified (inout: both set) */
    enum cb_fill fill;
    double fill_value; /* CB_FILL_CONST */
};

/* How a generic kernel's outputs are checked. */
struct cb_generic_check {
    const char *ref_kernel; /* NULL: no reference, rows end "unverified" */
    const char *ref_file;   /* the file holding ref_kernel (NULL: the same file) */
    const char *ref_device; /* a --device selector for the oracle (NULL: the same device) */
    double atol, rtol;      /* |got - want| <= atol + rtol * |want| */
    int exact;              /* ints: bit-exact (the default for int outputs) */
};

struct cb_generic {
    struct cb_generic_arg args[CB_MAX_ARGS]; /* in the kernel's argument order */
    unsigned arg_count;
    const char *flops; /* expressions; NULL: not reported */
    const char *bytes;
    struct cb_generic_check check;
};

#endif
