/* Platforms and devices: enumeration, capability query, selection, and the context and queue
 * a device is run through. */
#ifndef CLBENCH_DEVICE_H
#define CLBENCH_DEVICE_H

#include "clbench/private_limit.h"

#include <CL/cl.h>
#include <stddef.h>
#include <stdio.h>

enum { CB_NAME_LEN = 256 };

struct cb_device {
    unsigned platform_index, device_index; /* the "P:D" of --list */
    cl_platform_id platform;
    cl_device_id id;
    char platform_name[CB_NAME_LEN];
    char platform_version[CB_NAME_LEN];
    char name[CB_NAME_LEN];
    char vendor[CB_NAME_LEN];
    char driver[CB_NAME_LEN];
    char version[CB_NAME_LEN];  /* CL_DEVICE_VERSION */
    char opencl_c[CB_NAME_LEN]; /* CL_DEVICE_OPENCL_C_VERSION */
    cl_device_type type;
    cl_uint compute_units;
    cl_uint clock_mhz;
    cl_uint native_vector_width_float;
    cl_ulong global_mem_bytes;
    cl_ulong global_cache_bytes;
    cl_ulong local_mem_bytes;
    cl_ulong max_alloc_bytes;
    size_t max_work_group_size;
    size_t max_work_item_sizes[3];
    int nv_cc_major, nv_cc_minor; /* NVIDIA compute capability, -1 elsewhere */
    /* The private memory a work-group may hold (CPU drivers that keep it on a thread's
     * stack); .driver NULL: no limit known. */
    struct cb_private_limit private_limit;

    /* Derived from the fields above: 0 where the device does not say enough. */
    double peak_gflops_theoretical;
    const char *peak_basis; /* how it was derived, for the report */

    /* Measured by the peak probes (host/run/peak.c); 0 until then or if a probe failed. */
    double peak_read_gbs, peak_write_gbs, peak_copy_gbs; /* bytes read + written per second */
    double peak_gbs_measured;                            /* the best of the three */
    double peak_gflops_measured;
    /* Launch overhead of an empty kernel (host/run/launch_overhead.c), microseconds: the
     * event's start to end, and the host's enqueue + clFinish.  0 until measured. */
    double launch_event_us, launch_wall_us;
    const char *peak_source; /* "measured" or "cached" (host/run/peak_cache.c); NULL: neither */
    char peak_date[32];      /* when it was measured, UTC ISO 8601 */

    /* Open while the device runs rows (cb_device_open/close). */
    cl_context context;
    cl_command_queue queue;
};

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

/* Creates the context and an in-order queue with profiling enabled. */
cl_int cb_device_open(struct cb_device *d);
void cb_device_close(struct cb_device *d);

/* Why no device has a theoretical bandwidth beside its measured one. */
#define CB_BANDWIDTH_BASIS                                                                         \
    "not reported: neither OpenCL nor cl_nv_device_attribute_query has a memory clock or bus "     \
    "width; compare the measured bandwidth with the vendor's data sheet"

#endif
