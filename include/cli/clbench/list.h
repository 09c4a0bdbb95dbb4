/* --list-kernels: the registry as a user reads it. */
#ifndef CLBENCH_LIST_H
#define CLBENCH_LIST_H

#include <stdio.h>

void cb_kernels_print(FILE *out);

#endif
