/* The process's environment as it was before the first OpenCL driver was loaded.
 *
 * Workers are started with it, not with the environment as it is when they start: an ICD
 * loader may change the process's own variables while it reads them (CUDA 13's libOpenCL.so.1
 * cuts OCL_ICD_FILENAMES at its first ':' in place), and a worker started with what is left
 * would see fewer drivers than the supervisor that started it. */
#ifndef CLBENCH_DRIVER_ENV_H
#define CLBENCH_DRIVER_ENV_H

/* Copies the environment, once; called right before the first clGetPlatformIDs. */
void cb_driver_env_snapshot(void);

/* The copy, or the environment as it is now where no copy was made. */
char *const *cb_driver_env(void);

/* PoCL's worker threads one to a core, by PoCL's own POCL_AFFINITY=1 (its documentation names
 * it for benchmarking), set before the ICD loader loads PoCL.  Left to the scheduler, a
 * process's workers can share one core for a while after they start, long enough to hold a
 * short row at half speed.  Not where the environment sets POCL_AFFINITY (the test suite sets
 * 0: two processes' pinned workers fight for the same cores), nor where this process may not
 * run on every online CPU (taskset, a cpuset): pinning worker i to CPU i would then leave the
 * placement the user chose. */
void cb_driver_env_pin_pocl(void);

/* What decided POCL_AFFINITY, for the run file: "1 (set by clbench)", "VALUE (from the
 * environment)", or why it was left unset. */
const char *cb_driver_env_pocl_affinity(void);

#endif
