/* The ICD loader's registrations, checked from clbench's side: the loader skips an .icd file
 * whose library does not load without a word, so a driver a user installed can be missing
 * from --list for no visible reason. */
#ifndef CLBENCH_ICD_H
#define CLBENCH_ICD_H

/* Prints one warning line for each .icd file (in the folder OCL_ICD_VENDORS names, else
 * /etc/OpenCL/vendors) whose library the loader could not load.  Call after
 * clGetPlatformIDs, which loads every library that can be. */
void cb_icd_check_registrations(void);
/* Prints one warning line, once per process, where the ICD loader this process loaded
 * (dladdr of clGetPlatformIDs) is another file than the one clbench was linked against. */
void cb_icd_check_loader(void);

/* Lists the platforms once in a child process, with a deadline (CLBENCH_ICD_TIMEOUT seconds,
 * default 30), before this process loads any driver: a driver that hangs or crashes in
 * clGetPlatformIDs would otherwise hang or kill clbench without a word.  When the child fails,
 * each registered library is tried alone the same way; those that hang or crash are named in
 * one warning line each and left out (OCL_ICD_VENDORS then names a folder of the others, which
 * worker processes inherit).  0, or -1 after one error line: no driver is left, or the loader
 * fails with none of them alone failing. */
int cb_icd_probe(void);
/* For a worker process, whose supervisor probed already: cb_icd_probe does nothing. */
void cb_icd_probe_skip(void);

#endif
