/* Platforms and devices: enumeration, capability query, selection, and the context and queue
 * a device is run through. */
#ifndef CLBENCH_DEVICE_H
#define CLBENCH_DEVICE_H

#include "clbench/device_info.h"

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
/* Prints the human listing of --list. */
void cb_devices_print(FILE *out, const struct cb_device_list *list);

/* 1 if d lists `name`, one of the extensions the generic contract's types need (cl_khr_fp64,
 * cl_khr_fp16: generic.h); 0 for any other. */
int cb_device_has_extension(const struct cb_device *d, const char *name);

/* Creates the context and an in-order queue with profiling enabled. */
cl_int cb_device_open(struct cb_device *d);
void cb_device_close(struct cb_device *d);

/* Why no device has a theoretical bandwidth beside its measured one. */
#define CB_BANDWIDTH_BASIS                                                                         \
    "not reported: neither OpenCL nor cl_nv_device_attribute_query has a memory clock or bus "     \
    "width; compare the measured bandwidth with the vendor's data sheet"

#endif
