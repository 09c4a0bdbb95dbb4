/* What one device is: its properties as OpenCL reports them, the peaks measured on it, and the
 * context and queue it runs through.  Read by the library baselines (host/kernels/) to decide
 * whether they serve a device; filled and opened by host/run/device.c (device.h). */
#ifndef CLBENCH_DEVICE_INFO_H
#define CLBENCH_DEVICE_INFO_H

#include <CL/cl.h>

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
    int has_fp64, has_fp16;       /* CL_DEVICE_EXTENSIONS lists cl_khr_fp64, cl_khr_fp16 */

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

#endif
