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

#endif
