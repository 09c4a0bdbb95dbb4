/* An OpenCL kernel's declared arguments, work model and check, as its manifest gives them
 * (host/kernels/manifest*.c parses them into these structs; host/run/generic.c binds, fills,
 * runs and verifies them), built-in kernels' and users' alike.  The expressions are kept
 * as text and evaluated per row, over the row's sizes and -D values (host/kernels/expr.c).
 */
#ifndef CLBENCH_GENERIC_H
#define CLBENCH_GENERIC_H

#include <stddef.h>
#include <stdint.h>

enum { CB_MAX_ARGS = 16 };

enum cb_arg_kind {
    CB_ARG_BUFFER, /* __global TYPE* */
    CB_ARG_SCALAR, /* a TYPE argument, from an expression (or, floating, a decimal number) */
    CB_ARG_LOCAL,  /* a __local buffer of `length` bytes (clSetKernelArg with NULL) */
};

/* The OpenCL C scalar types a generic kernel's arguments may have (docs/kernel-files.md, "The
 * generic contract", has them as a table). */
enum cb_elem_type {
    CB_ELEM_FLOAT,
    CB_ELEM_INT,
    CB_ELEM_CHAR,
    CB_ELEM_UCHAR,
    CB_ELEM_SHORT,
    CB_ELEM_USHORT,
    CB_ELEM_UINT,
    CB_ELEM_LONG,
    CB_ELEM_ULONG,
    CB_ELEM_DOUBLE,
    CB_ELEM_HALF,
    CB_ELEM_COUNT
};

/* What the runner needs to know of one type (host/kernels/elem_type.c). */
struct cb_elem_info {
    const char *name; /* OpenCL C's: "uchar" */
    unsigned size;    /* bytes */
    int floating;
    /* Integers: the range of a value (a scalar's, a `const` fill's); ulong's ends at the
     * expressions' 2^63 - 1.  Floating: min = max = 0, `largest` the largest finite value. */
    long long min, max;
    double largest;
    /* `random` fills with values uniform in [random_lo, random_hi) (integers: whole ones). */
    double random_lo, random_hi;
    const char *extension; /* the device extension it needs (cl_khr_fp64), or NULL */
    double rtol, atol;     /* floating: the default tolerances of `verify` */
};

const struct cb_elem_info *cb_elem_info(enum cb_elem_type t);
/* The type named s[0, len); 0, or -1 for a name that is no type of the table. */
int cb_elem_find(const char *s, size_t len, enum cb_elem_type *out);
/* IEEE 754 binary16 bits as a double (exact). */
double cb_half_to_double(uint16_t h);
/* Element i of a buffer of a floating type (float, double, half), as a double: what the
 * families' references read their inputs and outputs with. */
double cb_real_get(enum cb_elem_type t, const void *data, size_t i);

/* How an input buffer is filled before the first launch. */
enum cb_fill {
    CB_FILL_RANDOM, /* the run's seeded values, in a range per type (docs/kernel-files.md's type
                       table) */
    CB_FILL_ZEROS,
    CB_FILL_IOTA,  /* element i holds i, wrapped to the type (docs/kernel-files.md's type table) */
    CB_FILL_CONST, /* every element holds fill_value */
};

struct cb_generic_arg {
    const char *name; /* as in the kernel's signature, for messages */
    enum cb_arg_kind kind;
    enum cb_elem_type type; /* buffers and scalars; see real */
    int real_type;          /* declared REAL: of the row's element type (--type), not `type` */
    const char *length;     /* buffers: elements; local: bytes (an expression) */
    const char *value;      /* scalars: an expression, or a floating scalar's decimal number */
    int literal;            /* 1: value is a decimal number, `real` its value */
    double real;
    int is_input;  /* filled before launching */
    int is_output; /* poisoned, guarded and verified (inout: both set) */
    enum cb_fill fill;
    double fill_value; /* CB_FILL_CONST */
};

/* How a generic kernel's outputs are checked. */
struct cb_generic_check {
    const char *ref_kernel; /* NULL: no reference, rows end "unverified" */
    const char *ref_file;   /* the file holding ref_kernel (NULL: the same file) */
    const char *ref_device; /* a --device selector for the oracle (NULL: the same device) */
    /* |got - want| <= atol + rtol * |want|; below 0: not given, each output's type's default */
    double atol, rtol;
    int exact; /* floating outputs exact too (integer outputs always are) */
};

struct cb_generic {
    struct cb_generic_arg args[CB_MAX_ARGS]; /* in the kernel's argument order */
    unsigned arg_count;
    const char *flops; /* expressions; NULL: not reported */
    const char *bytes;
    struct cb_generic_check check;
};

/* The type of argument a in a row of element type `real` (--type): real for a REAL argument. */
static inline enum cb_elem_type cb_arg_type(const struct cb_generic_arg *a, enum cb_elem_type real)
{
    return a->real_type ? real : a->type;
}

/* The type a kernel computes in, in a row of element type `real`, whose FMA roof its GFLOP/s
 * are a fraction of: the widest floating type among its buffer arguments (double over float
 * over half), since that is the data its flops work on.  CB_ELEM_COUNT when no buffer is
 * floating (an integer kernel: no FMA probe measures its operations, so it gets no compute
 * roof). */
enum cb_elem_type cb_generic_compute_type(const struct cb_generic *g, enum cb_elem_type real);

#endif
