/* Defaults computed from the device: a manifest's `param NAME = 8 device (EXPR) in ...` gives
 * an expression over the device's properties (native_vector_width_float, compute_units,
 * is_cpu, vendor_is_nvidia, ...; README "The manifest"), resolved per device into the value
 * a row runs with when no -D names the kernel's parameters.  Pure: reads struct cb_device. */
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

/* The longest note a row keeps about how its defaults were resolved. */
enum { CB_PARAMS_NOTE_LEN = 384 };

/* k's default parameters on d (NULL: no device, the plain defaults): the CPU set on a CPU
 * device, then each parameter with a device expression evaluated over d.  A value outside the
 * allowed ones is clamped to the nearest allowed value; an expression that cannot be
 * evaluated (a property d does not report, a division by zero) leaves the default.  Either is
 * said in note ("" when nothing was), for the row.  Returns where the values came from, the
 * row's params_from: "device default" when an expression decided one, else "cpu default"
 * (d is a CPU and k has a CPU set) or "default". */
const char *cb_param_defaults(const struct cb_kernel *k, const struct cb_device *d,
                              long values[CB_MAX_PARAMS], char *note, size_t len);

/* The allowed value of param nearest to v (the lower one on a tie). */
long cb_param_nearest_allowed(const struct cb_param *param, long v);

#endif
