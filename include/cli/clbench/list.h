/* --list-kernels: the registry as a user reads it. */
#ifndef CLBENCH_LIST_H
#define CLBENCH_LIST_H

#include "clbench/config.h"
#include "clbench/device_info.h"

#include <stddef.h>
#include <stdio.h>

/* The registry; with devices (count > 0, from -d), each kernel's defaults as resolved on each
 * of them for each of cfg's --type types at cfg's first --size (else the kernel's default size
 * on that device), and where they came from (a row's params_from and params_note). */
void cb_kernels_print(FILE *out, struct cb_device *const *devices, size_t count,
                      const struct cb_config *cfg);

#endif
