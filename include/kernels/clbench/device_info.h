/* What one device is: its properties as OpenCL reports them, the peaks measured on it, and the
 * context and queue it runs through.  Read by the library baselines (host/kernels/) to decide
 * whether they serve a device; filled and opened by host/run/device.c (device.h). */
#ifndef CLBENCH_DEVICE_INFO_H
#define CLBENCH_DEVICE_INFO_H

#include <CL/cl.h>
#include <stddef.h>

enum { CB_NAME_LEN = 256 };

/* The numeric properties a parameter's default may be computed from (device_defaults.h); a bit
 * each in struct cb_device's `unreported`. */
enum cb_device_prop {
    CB_PROP_NATIVE_VECTOR_WIDTH_FLOAT,
    CB_PROP_PREFERRED_VECTOR_WIDTH_FLOAT,
    CB_PROP_COMPUTE_UNITS,
    CB_PROP_LOCAL_MEM_BYTES,
    CB_PROP_MAX_WORK_GROUP_SIZE,
    CB_PROP_MAX_WORK_ITEM_SIZES,
    CB_PROP_COUNT
};

/* The private memory one work-group may hold on a driver that keeps it on a thread's stack
 * (host/run/private_limit.c): 0 bytes where none is known (GPUs, drivers not measured). */
struct cb_private_limit {
    size_t bytes;       /* a work-group's private arrays must not exceed this */
    size_t stack_bytes; /* the thread stack it is derived from */
    const char *driver; /* "PoCL", for the refusal */
};

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
    cl_uint preferred_vector_width_float;
    cl_ulong global_mem_bytes;
    cl_ulong global_cache_bytes;
    cl_ulong local_mem_bytes;
    cl_ulong max_alloc_bytes;
    size_t max_work_group_size;
    size_t max_work_item_sizes[3];
    int nv_cc_major, nv_cc_minor; /* NVIDIA compute capability, -1 elsewhere */
    /* Bit (1u << enum cb_device_prop) set: the driver failed the query or answered 0 where no
     * device can have 0 (a vector width, compute units); the field is then 0. */
    unsigned unreported;
    int has_fp64, has_fp16;     /* CL_DEVICE_EXTENSIONS lists cl_khr_fp64, cl_khr_fp16 */
    size_t timer_resolution_ns; /* CL_DEVICE_PROFILING_TIMER_RESOLUTION */

    /* The profiling clock's check when the device is opened (host/run/clock_check.c): events
     * timed against the host clock on one kernel at two sizes.  While clock_checked is 0 or
     * events_trusted is 1, rows are timed by their events; otherwise by the host clock around
     * each launch and clFinish, and clock_why says why. */
    int clock_checked, events_trusted;
    double clock_event_ms, clock_wall_ms; /* the longer launch of the check, by each clock */
    char clock_why[2 * CB_NAME_LEN];
    /* The private memory a work-group may hold (CPU drivers that keep it on a thread's
     * stack); .driver NULL: no limit known. */
    struct cb_private_limit private_limit;
    /* The iterations all the loops of one work-item may run together before the driver ends
     * them, silently (Mesa's llvmpipe: 65535); 0: no limit known. */
    long loop_limit;

    /* Derived from the fields above: 0 where the device does not say enough. */
    double peak_gflops_theoretical;
    const char *peak_basis; /* how it was derived, for the report */

    /* Measured by the peak probes (host/run/peak.c); 0 until then or if a probe failed. */
    double peak_read_gbs, peak_write_gbs, peak_copy_gbs; /* bytes read + written per second */
    double peak_gbs_measured;    /* the roof: the best of the three and the native copy */
    double peak_gflops_measured; /* the roof: the best of peak_fma and the native FMA chains */
    double opencl_gflops;        /* peak_fma alone */
    /* peak_fma built with REAL double and half: the roofs of rows of those types (--type);
     * 0 where the device lacks the extension or the probe failed.  On a CPU device of this host
     * the FP64 roof is the better of it and the native probe's double chains. */
    double peak_gflops_fp64, peak_gflops_fp16;
    /* The native probe of the host (native_peak.h), on CPU devices of this host; 0 elsewhere. */
    double native_gflops, native_gflops_fp64, native_copy_gbs;
    const char *native_isa; /* NULL where it did not run */
    unsigned native_threads;
    /* Which probe each roof came from ("OpenCL peak_fma", "native avx2") and its noise: how
     * far the probe's typical pass fell below its best, as a fraction. */
    char gflops_source[48], gbs_source[48];
    double gflops_noise, gbs_noise;
    /* Why the machine was busy while the roofs were measured ("" when it was not): such a
     * peak serves this run but is measured again by the next (host/run/peak_cache.c). */
    char peak_busy[160];
    /* Why no roof was measured though --peak asked for one ("" when it was): a simulator's
     * times are not a device's, and its probes take longer than the run (peak_cache.c). */
    char peak_skipped[160];
    /* Launch overhead of an empty kernel (host/run/launch_overhead.c), microseconds: the
     * event's start to end, and the host's enqueue + clFinish.  0 until measured. */
    double launch_event_us, launch_wall_us;
    const char *peak_source; /* "measured" or "cached" (host/run/peak_cache.c); NULL: neither */
    char peak_date[32];      /* when it was measured, UTC ISO 8601 */

    /* What reads the device's state and energy (host/run/sensors.c): "matched by PCI bus id
     * 0000:1b:00.0", or "absent: " and why; "" where the sensor does not apply to the device. */
    char state_nvml[2 * CB_NAME_LEN], state_rapl[2 * CB_NAME_LEN], state_cpufreq[2 * CB_NAME_LEN];
    struct cb_sensors *sensors; /* open while the device runs rows; NULL: none */

    /* Open while the device runs rows (cb_device_open/close). */
    cl_context context;
    cl_command_queue queue;
};

/* The device's PCI address as CUDA and NVML take it ("0000:1b:00.0"), read through NVIDIA's
 * cl_nv_device_attribute_query: 0, or -1 where the driver does not report it.  Reading 0 is
 * the address; reading 1 another way to read the driver's slot id, for a caller to try where
 * the first finds no device. */
int cb_device_pci_address(const struct cb_device *d, int reading, char *buf, size_t len);

/* 1 for a simulator (Oclgrind): correct but thousands of times slower than hardware, so that
 * `all` and the type selectors leave it out unless it is named. */
int cb_device_is_simulator(const struct cb_device *d);

#endif
