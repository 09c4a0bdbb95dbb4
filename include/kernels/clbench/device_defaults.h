/* Defaults computed from the device and the row: a manifest's `param NAME = 8 device (EXPR) in
 * ...` gives an expression over the device's properties (native_vector_width_float,
 * compute_units, is_cpu, vendor_is_nvidia, ...), the row's element size (REAL_SIZE) and its
 * size (the kernel's size variables: N; W H; M N K; a kernel file's `dims`; docs/kernel-files.md
 * "The manifest"), resolved per device, type and size into the value a row runs with when no -D
 * names the kernel's parameters.  Pure: reads struct cb_device and struct cb_problem. */
#ifndef CLBENCH_DEVICE_DEFAULTS_H
#define CLBENCH_DEVICE_DEFAULTS_H

#include "clbench/device_info.h"
#include "clbench/expr.h"
#include "clbench/kernel.h"

#include <stddef.h>

/* The names a device expression may use, in order; their count. */
enum { CB_DEVICE_VARS = 13 };
/* Fills vars with d's properties (d NULL: names only, every value missing, for checking a
 * manifest's expressions when it is loaded).  A property the driver did not report has its
 * `missing` text set.  Returns CB_DEVICE_VARS. */
size_t cb_device_vars(const struct cb_device *d, struct cb_expr_var vars[CB_DEVICE_VARS]);

/* The names a default's expression may use: the device's, REAL_SIZE, the sizes. */
enum { CB_DEFAULT_VARS = CB_DEVICE_VARS + 1 + CB_MAX_DIMS };
/* Fills vars with d's properties (cb_device_vars), then REAL_SIZE (bytes of p's element type;
 * 4, float's, for a kernel of the generic contract, whose arguments declare their own types)
 * and k's size variables with p's size.  p NULL: names only, their values missing (a
 * manifest's check).  Returns how many: CB_DEVICE_VARS + 1 + k->dims. */
size_t cb_default_vars(const struct cb_kernel *k, const struct cb_device *d,
                       const struct cb_problem *p, struct cb_expr_var vars[CB_DEFAULT_VARS]);

/* The longest note a row keeps about how its defaults were resolved. */
enum { CB_PARAMS_NOTE_LEN = 384 };

/* The default parameters of p->kernel for a row of p's element type (p->real) and size
 * (p->size) on d (NULL: no device, the plain defaults): the CPU set on a CPU device, then
 * each parameter with a device expression evaluated over cb_default_vars.  A value outside
 * the allowed ones is clamped to the nearest allowed value; an expression that cannot be
 * evaluated (a property d does not report, a division by zero) leaves the default.  Either is
 * said in note ("" when nothing was), for the row.  Returns where the values came from, the
 * row's params_from: "device default" when an expression decided one, else "cpu default"
 * (d is a CPU and the kernel has a CPU set) or "default". */
const char *cb_param_defaults(const struct cb_problem *p, const struct cb_device *d,
                              long values[CB_MAX_PARAMS], char *note, size_t len);

/* 1 if parameter i of k has a device default that names one of the row's sizes (KSPLIT from
 * M, N and K): its value fits the row's own shape, so a tuning entry of another size does not
 * replace it (docs/tuning.md). */
int cb_param_follows_size(const struct cb_kernel *k, unsigned i);

/* The allowed value of param nearest to v (the lower one on a tie). */
long cb_param_nearest_allowed(const struct cb_param *param, long v);

#endif
