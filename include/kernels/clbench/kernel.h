/* The kernel registry's types: what is known about a kernel, and the problem a row is planned
 * into for one size and one set of -D values.  A row runs one of two kinds: an OpenCL kernel,
 * declared by the manifest of its .cl file (cl/<family>.cl for the built-in ones, the user's
 * --kernel-file; host/kernels/manifest*.c), with the C plug-ins a manifest may name
 * (plugin.h), or a library baseline (struct cb_library), a row of host/kernels/registry.c.
 */
#ifndef CLBENCH_KERNEL_H
#define CLBENCH_KERNEL_H

#include "clbench/generic.h"
#include "clbench/size_math.h"

#include <CL/cl.h>
#include <stddef.h>

enum {
    CB_MAX_PARAMS = 12,      /* -D parameters of one kernel */
    CB_MAX_INPUTS = 3,       /* input buffers */
    CB_MAX_DIMS = 3,         /* problem-size dimensions */
    CB_MAX_BUFFER_SETS = 16, /* buffer sets rotated between launches, at most */
};

/* The longest reason a row gives for its status (a plan's refusal, a failed build). */
enum { CB_REASON_LEN = 512 };

enum { CB_MAX_THEN_ARGS = 8 }; /* arguments of a plan's second launch */

/* An argument of a plan's second launch: an int, one of the row's buffers, or the scratch. */
enum cb_then_arg_kind { CB_THEN_INT, CB_THEN_INPUT, CB_THEN_OUTPUT, CB_THEN_SCRATCH };
struct cb_then_arg {
    enum cb_then_arg_kind kind;
    cl_int value;   /* CB_THEN_INT */
    unsigned input; /* CB_THEN_INPUT: which of the inputs */
};

/* A second launch that a plan may add after the kernel's own, of the kernel its manifest names
 * with `then NAME` (another kernel of the same program), for work that needs a grid of its
 * own: matmul_fast's split-K sums its slices with it.  work_dim 0: none, the row is one launch.
 * Both launches run once per repetition, in order on one queue; a repetition's time runs from
 * the first's CL_PROFILING_COMMAND_START to the second's CL_PROFILING_COMMAND_END.  The row's
 * work model stays the problem's (a matmul's 2MNK), and its kernel_info and occupancy describe
 * the first (main) kernel.  A plan plug-in fills it (plugin.h). */
struct cb_then {
    cl_uint work_dim;
    size_t global[3], local[3];
    struct cb_then_arg args[CB_MAX_THEN_ARGS];
    unsigned arg_count;
    /* Elements of the problem's type in a scratch buffer the row allocates (0: none), and
     * whether the first launch writes into it instead of the output (its output argument is
     * bound to the scratch; the second launch then writes the output). */
    size_t scratch_elems;
    int first_into_scratch;
};

/* One -D build parameter. */
struct cb_param {
    const char *name;    /* the macro, e.g. "TILE" */
    long def;            /* the value used when none is given; also the #ifndef default in .cl */
    const char *allowed; /* "8,16,32" (a list) or "1..64" (a range), checked before building */
    const char *help;    /* one line */
    /* NULL, or an expression over the device's properties that replaces the default on each
     * device (a manifest's `device (EXPR)`; device_defaults.h). */
    const char *device_def;
};

/* A table of --findings that a kernel's rows make, declared by its manifest's `finding` line:
 * its rows' throughput by parameters (curve), an X x Y grid over two parameters (grid), or its
 * family's rows against it as the ceiling (ladder). */
enum cb_finding_kind { CB_FINDING_NONE, CB_FINDING_CURVE, CB_FINDING_GRID, CB_FINDING_LADDER };
struct cb_finding {
    enum cb_finding_kind kind;
    const char *x, *y; /* grid: the parameters along its rows and columns */
    const char *title; /* the table's heading */
};

/* What the headline throughput counts. */
enum cb_metric { CB_METRIC_GFLOPS, CB_METRIC_GBS };

/* One run of one kernel: a size and a value for every parameter, planned into an NDRange,
 * buffers and a work model by the row's plan function. */
struct cb_problem {
    const struct cb_kernel *kernel;
    size_t size[CB_MAX_DIMS];  /* n | width, height | M, N, K */
    long param[CB_MAX_PARAMS]; /* in the order of kernel->params */
    /* The row's element type, REAL in the kernel (--type): float, double or half; its REAL
     * arguments, a library row's buffers, the work model and the tolerance are of this type. */
    enum cb_elem_type real;

    /* Filled by plan(). */
    cl_uint work_dim;
    size_t global[3], local[3]; /* local[0] == 0: let the runtime choose */
    /* What a host reference reads and checks: the inputs in order, the one output (a library
     * row's buffers; a kernel's `in` and `out` arguments). */
    size_t input_elems[CB_MAX_INPUTS];
    size_t output_elems;
    size_t local_mem_bytes;     /* __local arrays the kernel declares, for the limit check */
    size_t private_mem_bytes;   /* private arrays of one work-item (0: not known) */
    double loop_iterations;     /* all loops of one work-item together, at most (0: not known) */
    size_t dynamic_local_bytes; /* >0: passed as a trailing __local argument of this size */
    double flops;               /* floating-point operations of one launch */
    double bytes;               /* compulsory bytes read + written by one launch */
    double reduction_len;       /* terms summed into one output (0 for copies) */
    double ref_cost;            /* reference operations per output element */
    /* A kernel's declared arguments (kernel->generic), in order: a buffer's elements or a
     * local argument's bytes, or a scalar's value; filled by plan(). */
    size_t arg_length[CB_MAX_ARGS];
    long long arg_value[CB_MAX_ARGS]; /* integer scalars */
    double arg_real[CB_MAX_ARGS];     /* floating scalars */
    struct cb_then then;              /* a second launch (work_dim 0: none), filled by plan() */
};

/* A CPU reference for output element i, from the inputs in[] of type p->real (read them with
 * cb_real_get).  Accumulates in double; stores in *scale the sum of the magnitudes of the
 * terms, so that the error is judged against the size of the terms and not against a result
 * that cancelled to near zero. */
typedef double (*cb_reference_fn)(const struct cb_problem *p, const void *const in[], size_t i,
                                  double *scale);
/* The same reference for many elements: want[j] and scale[j] of output elements index[j],
 * j < count (increasing), bit for bit as cb_reference_fn computes them, in an order that
 * reads the inputs along memory where one element at a time would not.  0, or -1 when out of
 * memory. */
typedef int (*cb_reference_many_fn)(const struct cb_problem *p, const void *const in[],
                                    const size_t index[], size_t count, double want[],
                                    double scale[]);

/* Fills the planned fields of p.  Returns 0, or -1 with the reason this size and these
 * parameters cannot run (a parameter constraint, an overflow) in why; the runner reports it as
 * the row's status. */
typedef int (*cb_plan_fn)(struct cb_problem *p, char *why, size_t len);

/* A library baseline (OpenBLAS on the host, cuBLAS through CUDA, CLBlast on the row's own
 * OpenCL buffers), the one kind of row besides an OpenCL kernel, computed on the row's inputs.  The
 * runner opens it once per row, launches it once per sample (the library times its own call, so
 * that copies in and out are not counted), stores the last result into the row's OpenCL output
 * before each verification (so that it is verified like every row), and always closes it.  Each
 * function returns 0, or writes why into `why` and returns CB_LIBRARY_UNAVAILABLE (the library or a
 * device it can serve is missing: the row is absent, the run goes on) or CB_LIBRARY_FAILED (the row
 * failed). */
enum { CB_LIBRARY_UNAVAILABLE = 1, CB_LIBRARY_FAILED = -1 };

/* What a library row ran, recorded in the row ("library" in the run file) so that a baseline
 * says what it is: the library, its version and the configuration that decides its speed. */
struct cb_library_info {
    char name[32];      /* "OpenBLAS", "cuBLAS", "CLBlast"; "" for rows of no library */
    char version[32];   /* "0.3.21" */
    char config[192];   /* OpenBLAS: openblas_get_config(); cuBLAS: the math mode */
    char core[32];      /* OpenBLAS: the kernels' core type (openblas_get_corename()) */
    char core_from[96]; /* who chose that core: OpenBLAS's detection, or OPENBLAS_CORETYPE */
    int threads;        /* threads the library ran on; 0: not applicable */
    char warning[256];  /* "" or why this is not the library at its best, with the fix */
};

struct cb_device;
struct cb_manifest_kernel;
struct cb_library_call {
    const struct cb_device *device;
    const struct cb_problem *problem;
    const void *const *host_in; /* the inputs exactly as uploaded (of type problem->real) */
    /* The buffer sets the row rotates between launches (as a kernel's row does), so that a
     * call never finds the previous call's data in cache: a library on memory of its own
     * keeps `sets` copies of the inputs and outputs from open on; launch and store take
     * set `set`. */
    unsigned sets, set;
    const cl_mem *in; /* set `set`'s inputs in the device's buffers (a library on the row's own) */
    cl_mem out;       /* the row's output buffer: set `set`'s, or the one store fills */
    void *state;      /* the library's own, from open to close */
};

struct cb_library {
    /* How launch times itself: "host" (clock around the call), "cuda-event", "wall" (clock
     * around the call and clFinish of the row's queue). */
    const char *timer;
    /* 0, or 1 with why library row `kernel` does not serve device d (checked before any
     * buffer exists). */
    int (*refuses)(const struct cb_device *d, const char *kernel, char *why, size_t why_len);
    /* open, store and close are optional (NULL: nothing to do: a library that works on the
     * row's own buffers, CLBlast). */
    int (*open)(struct cb_library_call *call, char *why, size_t why_len);
    int (*launch)(struct cb_library_call *call, double *ms, char *why, size_t why_len);
    int (*store)(struct cb_library_call *call, cl_command_queue queue, cl_mem out, char *why,
                 size_t why_len);
    void (*close)(struct cb_library_call *call);
    /* Fills info for a row on device d, once the library is open (cuBLAS is loaded then). */
    void (*describe)(const struct cb_device *d, struct cb_library_info *info);
    /* 1: its first call on a device compiles kernels (CLBlast), which a warm-up call ahead of
     * the row pays (cb_rows_warm); 0: a warm-up would only run it. */
    int compiles_on_first_use;
    /* 1: it computes on host threads of its own that spin between calls (OpenBLAS), so its
     * rows need no cores kept awake (keep_awake.h), and would lose to threads that did: its
     * threads wait for each other by yielding. */
    int spins_own_threads;
};

struct cb_kernel {
    const char *name;       /* __kernel function name and --kernel value */
    const char *family;     /* cl/<family>.cl holds it; also the report's grouping */
    const char *experiment; /* the seed experiment it reproduces: "004 vecAdd: ..." */
    const char *summary;    /* one line for --list-kernels */
    unsigned dims;          /* 1: n; 2: width x height; 3: M x N x K */
    const char *size_names; /* "W x H" as --list-kernels shows it; NULL: N, WxH or MxNxK */
    /* The size variables of its manifest's expressions, one per dimension: N; W H; M N K; a
     * kernel file's `dims` names (NULL for library rows, which have no manifest). */
    const char *dim_names[CB_MAX_DIMS];
    size_t default_size_cpu[CB_MAX_DIMS];
    size_t default_size_gpu[CB_MAX_DIMS];
    /* With several devices and no --size, every device runs this size, so that each row has
     * them side by side; a device whose own default is larger adds that as a row of its own
     * (host/run/rows.c).  All zero: default_size_cpu, the size every device can finish. */
    size_t default_size_shared[CB_MAX_DIMS];
    struct cb_param params[CB_MAX_PARAMS]; /* ends at the first entry without a name */
    /* Defaults on CPU devices, parallel to params, where they differ (0: params[i].def; a
     * manifest's `param NAME = V cpu W`).  They apply as one set, only when no -D names any
     * parameter of the kernel (host/run/rows.c). */
    long def_cpu[CB_MAX_PARAMS];
    unsigned inputs; /* a library row's input buffers */
    enum cb_metric metric;
    const char *baseline; /* the family's baseline row, for speedups (NULL: none) */
    const char *twin;     /* the same algorithm without local memory (local-memory verdict) */
    /* Library rows a user would pick instead, for the report's "vs library" column: the first
     * that ran on the same device and size (NULL entries: none). */
    const char *libraries[2];
    struct cb_finding finding; /* kind CB_FINDING_NONE: none */
    const char *requires;      /* NULL, or why this row is absent from this build */
    /* The element types (--type) it can be built with or computes in, as bits 1u << CB_ELEM_*
     * (a manifest's `types`, every REAL type by default); 0: a kernel without REAL arguments,
     * whose rows are of no --type.  Another type's rows are unsupported. */
    unsigned types;
    /* A library row that runs on NVIDIA tensor cores from this compute capability on (cuBLAS
     * DGEMM: FP64 tensor cores from 8.0): there it has no fraction of peak, since the FMA
     * roof an OpenCL probe measures is not its roof.  0: none. */
    int tensor_cores_from_cc;
    cb_plan_fn plan;
    /* A host reference (a kernel's `verify` plug-in, a library row's), or NULL. */
    cb_reference_fn reference;
    /* Its form for many elements, or NULL: one element at a time. */
    cb_reference_many_fn reference_many;
    /* The kind: a library baseline's library, or NULL for an OpenCL kernel (generic). */
    const struct cb_library *library;
    /* NULL, or the kernel of the same program that the plan's second launch runs (a
     * manifest's `then NAME`; struct cb_then). */
    const char *then;
    /* The user's kernel file that declares it; NULL: cl/<family>.cl, or a library row. */
    const char *source_path;
    /* An OpenCL kernel's declared arguments and check (its manifest's, built-in or a user's);
     * NULL for library rows. */
    const struct cb_generic *generic;
    /* The contract its manifest names (`contract vadd`), for messages; NULL: its own `arg`
     * lines, or `contract generic`. */
    const char *contract;
    struct cb_manifest_kernel *manifest; /* the manifest that declares it, else NULL */
};

/* The registry: the built-in kernels (cl/<family>.cl's manifests, cb_builtin_kernels_load),
 * the library baselines (host/kernels/registry.c), then the kernels of user kernel files.  Index
 * order is the order of --list-kernels and of the report. */
size_t cb_kernel_total(void);
const struct cb_kernel *cb_kernel_at(size_t i);
/* Appends k (which must outlive the registry's use) after the built-in and earlier kernels.
 * Returns 0, or -1 when a kernel of that name is registered already or memory ran out. */
int cb_kernel_add(const struct cb_kernel *k);
/* Forgets every kernel added with cb_kernel_add (their memory stays the caller's). */
void cb_kernels_reset_added(void);
/* The same for the built-in kernels, which come before the library baselines. */
int cb_kernel_add_builtin(const struct cb_kernel *k);
void cb_kernels_reset_builtin(void);

const struct cb_kernel *cb_kernel_find(const char *name);
/* Whether a kernel of cl/'s files belongs to `family`. */
int cb_kernel_builtin_family(const char *family);
unsigned cb_kernel_param_count(const struct cb_kernel *k);
/* Index of parameter `name` in k->params, or -1. */
int cb_kernel_param_index(const struct cb_kernel *k, const char *name);
/* Parameter i's default on a CPU device (cpu != 0) or elsewhere: def_cpu[i] where set, else
 * params[i].def. */
const long *cb_param_default(const struct cb_kernel *k, unsigned i, int cpu);
/* Bytes of one element of p's type (p->real). */
size_t cb_real_size(const struct cb_problem *p);
/* The type k's rows of element type `real` compute in, whose FMA roof their GFLOP/s are a
 * fraction of: `real`, or a kernel's widest floating buffer (cb_generic_compute_type). */
enum cb_elem_type cb_kernel_compute_type(const struct cb_kernel *k, enum cb_elem_type real);
/* 1 if k runs rows of element type t (its `types`). */
int cb_kernel_takes(const struct cb_kernel *k, enum cb_elem_type t);
/* The value of p's parameter `name` (0 if its kernel has none of that name): plans read
 * parameters by name, so that a manifest may declare them in any order. */
long cb_param(const struct cb_problem *p, const char *name);
/* For plan functions: 0 when reason is NULL, else -1 with reason copied into why. */
int cb_refuse(const char *reason, char *why, size_t len);
/* 1 if value is in param->allowed. */
int cb_param_allows(const struct cb_param *param, long value);
/* The registered kernel name closest to `name` (edit distance), for "did you mean". */
const char *cb_kernel_closest(const char *name);

#endif
