/* Platforms and devices: enumeration, capability query, selection, and the context and queue
 * a device is run through. */
#ifndef CLBENCH_DEVICE_H
#define CLBENCH_DEVICE_H

#include "clbench/device_info.h"
#include "clbench/kernel.h"
#include "clbench/generic.h"

#include <CL/cl.h>
#include <stddef.h>
#include <stdio.h>

struct cb_device_list {
    struct cb_device *devices;
    size_t count;
};

/* Every device of every platform.  With no platform at all, prints what to install and
 * returns CL_PLATFORM_NOT_FOUND_KHR (-1001). */
cl_int cb_devices_enumerate(struct cb_device_list *list);
void cb_devices_free(struct cb_device_list *list);

/* Picks devices by a comma list of selectors: all, gpu, cpu, accelerator, P:D, or a substring
 * of the device or platform name (case-insensitive).  The result keeps enumeration order,
 * without duplicates; `chosen` must hold list->count entries.  A selector that matches nothing
 * is an error that lists what is available; returns -1 then. */
int cb_devices_select(const struct cb_device_list *list, const char *selectors,
                      struct cb_device **chosen, size_t *count);

/* 1 if one selector (no commas) picks d. */
int cb_device_matches(const char *selector, const struct cb_device *d);

/* "gpu", "cpu", "accelerator" or "other". */
const char *cb_device_type_name(cl_device_type type);
/* "0:1" */
void cb_device_id_string(const struct cb_device *d, char *buf, size_t len);
/* 1 for a CPU device that runs on this host's cores (not more compute units than the host has
 * online CPUs): the native probe of the host bounds what it can do. */
int cb_device_on_host(const struct cb_device *d);
/* 1 for a device that calls itself a CPU and nothing else (not Oclgrind, which calls itself
 * every type): its buffers are host memory, which a mapping hands to the host without a copy,
 * so that the host fills them over its cores rather than the driver's one thread. */
int cb_device_host_memory(const struct cb_device *d);

/* Prints the human listing of --list. */
void cb_devices_print(FILE *out, const struct cb_device_list *list);

/* 1 if d lists `name`, one of the extensions the generic contract's types need (cl_khr_fp64,
 * cl_khr_fp16: generic.h); 0 for any other. */
int cb_device_has_extension(const struct cb_device *d, const char *name);
/* The FMA roof of rows of element type t on d: the FP32 roof (peak_gflops_measured) for
 * float, the FP64 or FP16 probe's for double or half (host/run/peak.c); 0 when not
 * measured. */
double cb_peak_gflops(const struct cb_device *d, enum cb_elem_type t);

/* The compute roof of kernel k's rows of type t on d: cb_peak_gflops, or 0 (no roof known)
 * where k runs on tensor cores that the FMA probes do not measure.  A kernel of the generic
 * contract's: that of the widest floating type of its buffers, whatever t (--type) is; 0 when
 * its buffers are all integers (cb_generic_compute_type). */
double cb_row_roof_gflops(const struct cb_device *d, const struct cb_kernel *k,
                          enum cb_elem_type t);

/* Creates the context and an in-order queue with profiling enabled. */
cl_int cb_device_open(struct cb_device *d);
void cb_device_close(struct cb_device *d);

/* 1 where CL_KERNEL_WORK_GROUP_SIZE is advice, not a limit: NVIDIA's driver (580, H100)
 * reports 256 for every kernel and runs the 1024-item work-groups the device allows, so there
 * the launch has the last word.  Elsewhere (Rusticl reports 32 for kernels it cannot run
 * wider) a larger work-group is not launched. */
int cb_device_wgs_advisory(const struct cb_device *d);

/* Why no device has a theoretical bandwidth beside its measured one. */
#define CB_BANDWIDTH_BASIS                                                                         \
    "not reported: neither OpenCL nor cl_nv_device_attribute_query has a memory clock or bus "     \
    "width; compare the measured bandwidth with the vendor's data sheet"

#endif
