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

#endif
