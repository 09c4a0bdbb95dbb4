/* The parts of running a row that depend on which of the two kinds it runs: an OpenCL kernel,
 * whose manifest declares its arguments (host/run/generic.c), or a library baseline
 * (host/run/library_contract.c).  host/run/run.c drives one lifecycle for both (limits,
 * build, first launch verified, warm-ups, timed launches over rotating buffer sets, verified
 * again, statistics) and calls these at the points where they differ; the steps both share
 * are in host/run/row_steps.c.
 */
#ifndef CLBENCH_CONTRACT_H
#define CLBENCH_CONTRACT_H

#include "clbench/check.h"
#include "clbench/guard.h"
#include "clbench/run.h"

struct cb_row_contract {
    /* Why a row of a type the kernel does not take is refused, after "does not take --type
     * T: ". */
    const char *takes_types;
    /* The checks of the row's device before its limits: 0, or -1 with the row's status set
     * (a library that does not serve the device, an argument type the device lacks). */
    int (*admit)(struct cb_row *row);
    /* How the row's launches are timed before the device's clock says otherwise: "event", or
     * a library's own ("host", "cuda-event", "wall"). */
    const char *(*timer)(const struct cb_kernel *k);
    /* Optional, once the row's resources exist: what ran, into row->library. */
    void (*describe)(struct cb_row *row);
    /* Checks that the device can hold the row's buffers and sets row->footprint_bytes (one
     * set); 0, or -1 with the row's status set. */
    int (*check_buffers)(struct cb_row *row);
    /* Creates row->buffer_sets sets of buffers, filled and poisoned; *state is the contract's
     * (released by release() whatever happened). */
    int (*create)(struct cb_row *row, const struct cb_row_env *env, void **state);
    int (*set_args)(struct cb_row *row, void *state, cl_kernel kernel, unsigned set);
    /* The arguments of a plan's second launch (struct cb_then) for buffer set `set`; NULL
     * where the contract has none (libraries). */
    int (*set_then_args)(struct cb_row *row, void *state, cl_kernel kernel, unsigned set);
    /* For rows that launch the work themselves (library baselines), instead of set_args and
     * the runner's launch; the library times its own call into *ms. */
    int (*launch)(struct cb_row *row, void *state, unsigned set, double *ms);
    /* Checks the guards and the outputs of buffer set `set` after a launch; `when` is for
     * messages ("after the first launch"). */
    int (*verify)(struct cb_row *row, void *state, unsigned set, const struct cb_row_env *env,
                  const char *when);
    /* Optional: rewrites the inputs that launches overwrite (inout arguments) in set `set`;
     * returns 1 when it did (the runner launches once more before verifying), 0, or -1. */
    int (*restore)(struct cb_row *row, void *state, unsigned set);
    /* Optional, after the first launch passed its check: when outputs of set `set` still
     * held their poison, writes a second poison (cb_elem_second_poison) over them and the
     * inout fills again and returns 1; the runner launches once more and verifies (`when`
     * "over a second poison"), where an element holding both poisons was never written.  0
     * when nothing held the poison, or -1. */
    int (*repoison)(struct cb_row *row, void *state, unsigned set);
    /* The status a row that passed everything ends with (ok, or unverified). */
    enum cb_status (*final_status)(const struct cb_row *row, char *reason, size_t len);
    void (*release)(void *state);
};

extern const struct cb_row_contract cb_generic_contract; /* an OpenCL kernel's */
extern const struct cb_row_contract cb_library_contract; /* a library baseline's */

/* The contract of k's rows: the one place that tells the two kinds apart (host/run/run.c). */
const struct cb_row_contract *cb_row_contract_of(const struct cb_kernel *k);

/* Builds (or finds in cache) the program of p->kernel on d with `options`
 * (cb_build_options) and creates the kernel; 0, or -1 with the row's status set (build_failed
 * with the compiler's first error).  *program is the cache entry. */
int cb_row_build(struct cb_row *row, const struct cb_device *d, struct cb_program_cache *cache,
                 const struct cb_row_settings *cfg, const struct cb_problem *p, const char *options,
                 const struct cb_program **program, int *cached, cl_kernel *kernel);

/* Adds a buffer of `bytes` to row->footprint_bytes; over_limits when it exceeds the device's
 * largest allocation, or all buffers its global memory. */
/* A read-only buffer for input `what` holding `bytes` of src: on a device of host memory
 * (cb_device_host_memory) mapped and copied over the host's cores, elsewhere copied by the
 * driver as it is created.  NULL with the row failed where the driver refuses. */
cl_mem cb_row_input_buffer(struct cb_row *row, const void *src, size_t bytes, const char *what);
int cb_row_check_buffer(struct cb_row *row, double bytes);

/* Checks the guards of an output of `elems` elements of elem_size bytes (guard.h);
 * out_of_bounds naming `output` (NULL: "output") when the kernel wrote into them.  scratch:
 * front + CB_GUARD_BYTES. */
int cb_row_check_guards(struct cb_row *row, const struct cb_guarded *g, size_t front, size_t elems,
                        size_t elem_size, cl_uint *scratch, const char *output, const char *when);

/* 1 when the `bytes` of output buffer `out` are the same to the bit as `passed`, the host copy
 * of an output that passed its check, else 0; -1 with the row failed.  A check depends on the
 * inputs and the output alone, so such an output passes as that one did, for a comparison of
 * bytes where the check may compute a reference.  Read in parts into a small array: the host
 * copy stays as it was for the check when they differ. */
int cb_row_output_repeats(struct cb_row *row, cl_mem out, const void *passed, size_t bytes);
/* Checks a row's one output, read back into host_out, against its kernel's host reference
 * (struct cb_kernel's reference) on the inputs host_in, on a sample (verify.h): 0, or -1 with
 * the row verify_failed; `when` is for messages. */
int cb_row_verify_host(struct cb_row *row, const void *const *host_in, const void *host_out,
                       const struct cb_row_env *env, const char *when);

/* Sets the row's status and its reason. */
void cb_row_fail(struct cb_row *row, enum cb_status status, const char *fmt, ...) CB_PRINTF(3, 4);

/* For OpenCL calls in the contracts: on failure prints the call and ends the row
 * launch_failed, and returns -1 from the enclosing function. */
#define CB_ROW_CHECK(row, call)                                                                    \
    do {                                                                                           \
        const cl_int e_ = (call);                                                                  \
        if (e_ != CL_SUCCESS) {                                                                    \
            cb_cl_fail(e_, #call, __FILE__, __LINE__);                                             \
            cb_row_fail(row, CB_STATUS_LAUNCH_FAILED, "%s: %s: %s", #call, cb_cl_errname(e_),      \
                        cb_cl_advice(e_));                                                         \
            return -1;                                                                             \
        }                                                                                          \
    } while (0)

/* The same for a call that returned its error through a pointer: `what` names the call. */
#define CB_ROW_CHECK_ERR(row, err, what)                                                           \
    do {                                                                                           \
        if ((err) != CL_SUCCESS) {                                                                 \
            cb_cl_fail((err), (what), __FILE__, __LINE__);                                         \
            cb_row_fail(row, CB_STATUS_LAUNCH_FAILED, "%s failed: %s: %s", (what),                 \
                        cb_cl_errname(err), cb_cl_advice(err));                                    \
            return -1;                                                                             \
        }                                                                                          \
    } while (0)

#endif
