/* --list-kernels: the registry as a user reads it. */
#ifndef CLBENCH_LIST_H
#define CLBENCH_LIST_H

#include "clbench/device_info.h"

#include <stddef.h>
#include <stdio.h>

/* The registry; with devices (count > 0, from -d), each kernel's defaults as resolved on each
 * of them, and where they came from (a row's params_from and params_note). */
void cb_kernels_print(FILE *out, struct cb_device *const *devices, size_t count);

#endif
