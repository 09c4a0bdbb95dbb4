/* Platform and device enumeration, capability query and selection; see device.h. */
#define _POSIX_C_SOURCE 200809L
#include "clbench/device.h"

#include "clbench/buffer_pool.h"
#include "clbench/cache_dir.h"
#include "clbench/check.h"
#include "clbench/driver_env.h"
#include "clbench/icd.h"
#include "clbench/native_peak.h"
#include "clbench/parse.h"
#include "clbench/private_limit.h"

#include <CL/cl_ext.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef CL_PLATFORM_NOT_FOUND_KHR
#define CL_PLATFORM_NOT_FOUND_KHR -1001
#endif

static cl_int query_string(cl_device_id dev, cl_device_info what, char *buf, const char *name)
{
    const cl_int err = clGetDeviceInfo(dev, what, CB_NAME_LEN, buf, NULL);

    buf[CB_NAME_LEN - 1] = '\0';
    return err == CL_SUCCESS ? err : cb_cl_fail(err, name, __FILE__, __LINE__);
}

#define QUERY_STRING(dev, what, buf) query_string(dev, what, buf, "clGetDeviceInfo(" #what ")")
#define QUERY_VALUE(dev, what, var)  CB_CHECK(clGetDeviceInfo(dev, what, sizeof(var), &(var), NULL))

/* FP32 lanes per NVIDIA streaming multiprocessor, by compute capability (CUDA programming
 * guide, "arithmetic instructions" table). */
static int nv_fp32_lanes(int major, int minor)
{
    switch (major) {
    case 5:
        return 128;
    case 6:
        return minor == 0 ? 64 : 128;
    case 7:
        return 64;
    case 8:
        return minor == 0 ? 64 : 128;
    case 9:
    case 10:
    case 12:
        return 128;
    default:
        return 0;
    }
}

static void derive_peak(struct cb_device *d)
{
    const double ghz = d->clock_mhz / 1000.0;

    if (d->nv_cc_major >= 0 && nv_fp32_lanes(d->nv_cc_major, d->nv_cc_minor) > 0) {
        d->peak_gflops_theoretical =
            2.0 * d->compute_units * nv_fp32_lanes(d->nv_cc_major, d->nv_cc_minor) * ghz;
        d->peak_basis = "2 FLOP (FMA) x FP32 lanes per SM (from the compute capability) x SMs x "
                        "max clock";
    } else if (d->type & CL_DEVICE_TYPE_CPU) {
        /* CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT is the SIMD width PoCL and Intel's runtime
         * target; two FMA pipes per core is true of current x86 server cores.  Compute units
         * are hardware threads, so SMT doubles this: the measured peak is the one to trust. */
        d->peak_gflops_theoretical =
            2.0 * 2.0 * d->native_vector_width_float * d->compute_units * ghz;
        d->peak_basis = "2 FLOP (FMA) x 2 FMA pipes x native float vector width x compute units x "
                        "max clock (an upper bound: compute units may be SMT threads)";
    } else {
        d->peak_gflops_theoretical = 0.0;
        d->peak_basis = "not derivable from what this device reports";
    }
}

/* *found: whether the device lists extension `name` in its space-separated
 * CL_DEVICE_EXTENSIONS. */
static cl_int has_extension(cl_device_id dev, const char *name, int *found)
{
    const size_t len = strlen(name);
    size_t size = 0;
    char *list;
    cl_int err;

    *found = 0;
    CB_CHECK(clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, 0, NULL, &size));
    list = malloc(size + 1);
    if (list == NULL)
        return cb_cl_fail(CL_OUT_OF_HOST_MEMORY, "malloc", __FILE__, __LINE__);
    err = clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, size, list, NULL);
    if (err == CL_SUCCESS) {
        list[size] = '\0';
        for (const char *p = list; !*found && (p = strstr(p, name)) != NULL; p += len)
            *found = (p == list || p[-1] == ' ') && (p[len] == ' ' || p[len] == '\0');
    }
    free(list);
    return err == CL_SUCCESS
               ? err
               : cb_cl_fail(err, "clGetDeviceInfo(CL_DEVICE_EXTENSIONS)", __FILE__, __LINE__);
}

/* A property a parameter's default may be computed from: a driver that fails the query, or
 * answers 0 where no device has 0, leaves the field 0 and marks it unreported, so that the
 * device still runs and only the defaults computed from it fall back (device_defaults.h). */
static void query_prop(struct cb_device *d, cl_device_info what, void *var, size_t size,
                       enum cb_device_prop prop, int zero_is_unreported)
{
    memset(var, 0, size);
    if (clGetDeviceInfo(d->id, what, size, var, NULL) != CL_SUCCESS)
        d->unreported |= 1u << prop;
    else if (zero_is_unreported) {
        unsigned char any = 0;

        for (size_t i = 0; i < size; i++)
            any |= ((const unsigned char *)var)[i];
        if (!any)
            d->unreported |= 1u << prop;
    }
}

static cl_int query_device(struct cb_device *d)
{
    int nv_attributes;

    CB_CHECK(QUERY_STRING(d->id, CL_DEVICE_NAME, d->name));
    CB_CHECK(QUERY_STRING(d->id, CL_DEVICE_VENDOR, d->vendor));
    CB_CHECK(QUERY_STRING(d->id, CL_DRIVER_VERSION, d->driver));
    CB_CHECK(QUERY_STRING(d->id, CL_DEVICE_VERSION, d->version));
    CB_CHECK(QUERY_STRING(d->id, CL_DEVICE_OPENCL_C_VERSION, d->opencl_c));
    QUERY_VALUE(d->id, CL_DEVICE_TYPE, d->type);
    QUERY_VALUE(d->id, CL_DEVICE_MAX_CLOCK_FREQUENCY, d->clock_mhz);
    QUERY_VALUE(d->id, CL_DEVICE_GLOBAL_MEM_SIZE, d->global_mem_bytes);
    QUERY_VALUE(d->id, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, d->global_cache_bytes);
    QUERY_VALUE(d->id, CL_DEVICE_MAX_MEM_ALLOC_SIZE, d->max_alloc_bytes);
    d->unreported = 0;
    query_prop(d, CL_DEVICE_MAX_COMPUTE_UNITS, &d->compute_units, sizeof d->compute_units,
               CB_PROP_COMPUTE_UNITS, 1);
    query_prop(d, CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT, &d->native_vector_width_float,
               sizeof d->native_vector_width_float, CB_PROP_NATIVE_VECTOR_WIDTH_FLOAT, 1);
    query_prop(d, CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT, &d->preferred_vector_width_float,
               sizeof d->preferred_vector_width_float, CB_PROP_PREFERRED_VECTOR_WIDTH_FLOAT, 1);
    /* 0 bytes of local memory is a real answer (a device without it). */
    query_prop(d, CL_DEVICE_LOCAL_MEM_SIZE, &d->local_mem_bytes, sizeof d->local_mem_bytes,
               CB_PROP_LOCAL_MEM_BYTES, 0);
    query_prop(d, CL_DEVICE_MAX_WORK_GROUP_SIZE, &d->max_work_group_size,
               sizeof d->max_work_group_size, CB_PROP_MAX_WORK_GROUP_SIZE, 1);
    query_prop(d, CL_DEVICE_MAX_WORK_ITEM_SIZES, d->max_work_item_sizes,
               sizeof d->max_work_item_sizes, CB_PROP_MAX_WORK_ITEM_SIZES, 1);
    QUERY_VALUE(d->id, CL_DEVICE_PROFILING_TIMER_RESOLUTION, d->timer_resolution_ns);

    d->private_limit = cb_private_limit_for(d->platform_name, d->type, cb_default_thread_stack());
    /* llvmpipe (Rusticl's and Clover's CPU device) counts every loop iteration of a work-item in
     * one counter and, at 65535, ends all its loops as if their conditions were false: gallivm's
     * LP_MAX_TGSI_LOOP_ITERATIONS (Mesa 22.3; later versions keep it).  The kernel then stores
     * partial sums, or nothing, without an error. */
    d->loop_limit = strstr(d->name, "llvmpipe") != NULL ? 65535 : 0;
    d->nv_cc_major = d->nv_cc_minor = -1;
    /* Asked only of devices that list the extension: others answer CL_INVALID_VALUE, which
     * API checkers (oclgrind --check-api) rightly report as a misuse. */
    CB_CHECK(has_extension(d->id, "cl_khr_fp64", &d->has_fp64));
    CB_CHECK(has_extension(d->id, "cl_khr_fp16", &d->has_fp16));
    CB_CHECK(has_extension(d->id, "cl_nv_device_attribute_query", &nv_attributes));
    if (nv_attributes) {
        cl_uint major, minor;

        /* An NVIDIA driver that lists the extension yet fails a query: no compute capability,
         * as for any other device, rather than a failure. */
        if (clGetDeviceInfo(d->id, CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV, sizeof major, &major,
                            NULL) == CL_SUCCESS &&
            clGetDeviceInfo(d->id, CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV, sizeof minor, &minor,
                            NULL) == CL_SUCCESS) {
            d->nv_cc_major = (int)major;
            d->nv_cc_minor = (int)minor;
        }
    }
    derive_peak(d);
    return CL_SUCCESS;
}

/* 1 if an earlier platform of the list has this name and version: one build registered twice
 * (two .icd files naming the same library), whose devices would otherwise run twice. */
static int registered_twice(const struct cb_device_list *list, const char *name,
                            const char *version, unsigned platform_index)
{
    for (size_t i = 0; i < list->count; i++)
        if (strcmp(list->devices[i].platform_name, name) == 0 &&
            strcmp(list->devices[i].platform_version, version) == 0) {
            cb_warn("platform %u (%s, %s) is the same build as platform %u, registered twice: "
                    "skipped (remove one of its .icd files)",
                    platform_index, name, version, list->devices[i].platform_index);
            return 1;
        }
    for (size_t i = 0; i < list->count; i++)
        if (strcmp(list->devices[i].platform_name, name) == 0) {
            cb_warn("platforms %u and %u are two builds of %s (%s; %s): both run, each "
                    "device's rows under its own P:D and driver",
                    list->devices[i].platform_index, platform_index, name,
                    list->devices[i].platform_version, version);
            break;
        }
    return 0;
}

static cl_int enumerate_platform(struct cb_device_list *list, cl_platform_id platform,
                                 unsigned platform_index)
{
    char platform_name[CB_NAME_LEN], platform_version[CB_NAME_LEN];
    cl_uint count = 0;
    cl_device_id *ids;
    struct cb_device *grown;
    cl_int err;

    CB_CHECK(
        clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof platform_name, platform_name, NULL));
    CB_CHECK(clGetPlatformInfo(platform, CL_PLATFORM_VERSION, sizeof platform_version,
                               platform_version, NULL));
    err = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, NULL, &count);
    if (err == CL_DEVICE_NOT_FOUND || (err == CL_SUCCESS && count == 0)) {
        /* Not an error: the other platforms go on (Mesa's Clover without a GPU it drives). */
        cb_warn("platform %u (%s, %s) has no devices: skipped%s", platform_index, platform_name,
                platform_version,
                strstr(platform_name, "rusticl") != NULL
                    ? " (Rusticl lists devices only with RUSTICL_ENABLE, e.g. "
                      "RUSTICL_ENABLE=llvmpipe)"
                    : "");
        return CL_SUCCESS;
    }
    CB_CHECK_ERR(err, "clGetDeviceIDs");
    if (registered_twice(list, platform_name, platform_version, platform_index))
        return CL_SUCCESS;
    ids = calloc(count, sizeof *ids);
    if (ids == NULL)
        return cb_cl_fail(CL_OUT_OF_HOST_MEMORY, "calloc", __FILE__, __LINE__);
    grown = realloc(list->devices, (list->count + count) * sizeof *grown);
    if (grown == NULL) {
        free(ids);
        return cb_cl_fail(CL_OUT_OF_HOST_MEMORY, "realloc", __FILE__, __LINE__);
    }
    list->devices = grown;
    err = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, count, ids, NULL);
    for (cl_uint i = 0; err == CL_SUCCESS && i < count; i++) {
        struct cb_device *d = &list->devices[list->count];

        memset(d, 0, sizeof *d);
        d->platform_index = platform_index;
        d->device_index = i;
        d->platform = platform;
        d->id = ids[i];
        memcpy(d->platform_name, platform_name, sizeof platform_name);
        memcpy(d->platform_version, platform_version, sizeof platform_version);
        err = query_device(d);
        if (err == CL_SUCCESS)
            list->count++;
    }
    free(ids);
    return err == CL_SUCCESS ? err : cb_cl_fail(err, "clGetDeviceIDs", __FILE__, __LINE__);
}

cl_int cb_devices_enumerate(struct cb_device_list *list)
{
    cl_uint count = 0;
    cl_platform_id *platforms;
    cl_int err;

    list->devices = NULL;
    list->count = 0;
    cb_cache_guard_drivers(); /* before the ICD loader loads PoCL */
    cb_driver_env_pin_pocl();
    if (cb_icd_probe() != 0)
        return CL_PLATFORM_NOT_FOUND_KHR;
    /* After the probe, which may have pointed OCL_ICD_VENDORS away from a broken driver. */
    cb_driver_env_snapshot();
    err = clGetPlatformIDs(0, NULL, &count);
    cb_icd_check_loader();
    if (err == CL_PLATFORM_NOT_FOUND_KHR || (err == CL_SUCCESS && count == 0)) {
        cb_icd_check_registrations();
        cb_error("no OpenCL platform found: install an OpenCL driver, e.g. 'apt-get install "
                 "pocl-opencl-icd' for the CPU or your GPU vendor's OpenCL ICD (README.md, "
                 "\"Drivers\")");
        return CL_PLATFORM_NOT_FOUND_KHR;
    }
    CB_CHECK_ERR(err, "clGetPlatformIDs");
    platforms = calloc(count, sizeof *platforms);
    if (platforms == NULL)
        return cb_cl_fail(CL_OUT_OF_HOST_MEMORY, "calloc", __FILE__, __LINE__);
    err = clGetPlatformIDs(count, platforms, NULL);
    if (err != CL_SUCCESS)
        cb_cl_fail(err, "clGetPlatformIDs", __FILE__, __LINE__);
    for (cl_uint p = 0; err == CL_SUCCESS && p < count; p++)
        err = enumerate_platform(list, platforms[p], p);
    free(platforms);
    cb_icd_check_registrations();
    if (err == CL_SUCCESS && list->count == 0) {
        cb_error("OpenCL platforms were found but no device: check the driver installation "
                 "('clinfo' shows what the ICD loader sees)");
        err = CL_DEVICE_NOT_FOUND;
    }
    if (err != CL_SUCCESS)
        cb_devices_free(list);
    return err;
}

void cb_devices_free(struct cb_device_list *list)
{
    for (size_t i = 0; i < list->count; i++)
        cb_device_close(&list->devices[i]);
    free(list->devices);
    list->devices = NULL;
    list->count = 0;
}

const char *cb_device_type_name(cl_device_type type)
{
    if (type & CL_DEVICE_TYPE_GPU)
        return "gpu";
    if (type & CL_DEVICE_TYPE_CPU)
        return "cpu";
    if (type & CL_DEVICE_TYPE_ACCELERATOR)
        return "accelerator";
    return "other";
}

void cb_device_id_string(const struct cb_device *d, char *buf, size_t len)
{
    snprintf(buf, len, "%u:%u", d->platform_index, d->device_index);
}

int cb_device_wgs_advisory(const struct cb_device *d)
{
    return d->nv_cc_major >= 0;
}

int cb_device_matches(const char *sel, const struct cb_device *d)
{
    char id[32];

    cb_device_id_string(d, id, sizeof id);
    /* Oclgrind calls itself a GPU; the main job runs `all`, and would wait on it for hours. */
    if (strcmp(sel, "all") == 0)
        return !cb_device_is_simulator(d);
    if (strcmp(sel, "gpu") == 0 || strcmp(sel, "cpu") == 0 || strcmp(sel, "accelerator") == 0)
        return strcmp(sel, cb_device_type_name(d->type)) == 0 && !cb_device_is_simulator(d);
    if (strcmp(sel, id) == 0)
        return 1;
    /* PoCL names itself only in its version ("OpenCL 3.0 PoCL 3.1+debian ..."). */
    return cb_contains_nocase(d->name, sel) || cb_contains_nocase(d->platform_name, sel) ||
           cb_contains_nocase(d->platform_version, sel);
}

int cb_devices_select(const struct cb_device_list *list, const char *selectors,
                      struct cb_device **chosen, size_t *count)
{
    char buf[1024];
    unsigned char *picked;
    int status = 0;

    if (strlen(selectors) >= sizeof buf)
        return cb_error("--device value is too long");
    picked = calloc(list->count ? list->count : 1, 1);
    if (picked == NULL)
        return cb_error("out of host memory");
    memcpy(buf, selectors, strlen(selectors) + 1);
    for (char *save = NULL, *sel = strtok_r(buf, ",", &save); sel != NULL && status == 0;
         sel = strtok_r(NULL, ",", &save)) {
        int matched = 0;

        for (size_t i = 0; i < list->count; i++)
            if (cb_device_matches(sel, &list->devices[i])) {
                picked[i] = 1;
                matched = 1;
            }
        if (!matched) {
            status = cb_error("no device matches '%s' (use all, gpu, cpu, accelerator, P:D or "
                              "part of a name); available:",
                              sel);
            cb_devices_print(stderr, list);
        }
    }
    *count = 0;
    for (size_t i = 0; i < list->count && status == 0; i++)
        if (picked[i])
            chosen[(*count)++] = &list->devices[i];
    free(picked);
    if (status == 0 && *count == 0) {
        status = cb_error("--device '%s' selects no device", selectors);
        for (size_t i = 0; i < list->count; i++)
            if (cb_device_is_simulator(&list->devices[i]))
                fprintf(stderr,
                        "clbench: %s (%s) is a simulator, left out of all, gpu and cpu: name "
                        "it (-d oclgrind) to run on it\n",
                        list->devices[i].name, list->devices[i].platform_name);
    }
    return status;
}

int cb_device_on_host(const struct cb_device *d)
{
    const long online = sysconf(_SC_NPROCESSORS_ONLN);

    return (d->type & CL_DEVICE_TYPE_CPU) != 0 && online > 0 && d->compute_units <= online;
}

int cb_device_host_memory(const struct cb_device *d)
{
    return (d->type & ~(cl_device_type)CL_DEVICE_TYPE_DEFAULT) == CL_DEVICE_TYPE_CPU;
}

void cb_devices_print(FILE *out, const struct cb_device_list *list)
{
    for (size_t i = 0; i < list->count; i++) {
        const struct cb_device *d = &list->devices[i];
        const double mib = 1024.0 * 1024.0;

        if (i == 0 || d->platform_index != list->devices[i - 1].platform_index)
            fprintf(out, "platform %u: %s (%s)\n", d->platform_index, d->platform_name,
                    d->platform_version);
        fprintf(out, "  %u:%u  %-11s %s\n", d->platform_index, d->device_index,
                cb_device_type_name(d->type), d->name);
        fprintf(out, "        vendor %s, driver %s, %s\n", d->vendor, d->driver, d->opencl_c);
        fprintf(out,
                "        %u compute units at %u MHz; global %.0f MiB, local %.0f KiB, max alloc "
                "%.0f MiB, max work-group %zu\n",
                d->compute_units, d->clock_mhz, d->global_mem_bytes / mib,
                d->local_mem_bytes / 1024.0, d->max_alloc_bytes / mib, d->max_work_group_size);
        fprintf(out, "        profiling timer resolution %zu ns%s\n", d->timer_resolution_ns,
                cb_device_is_simulator(d) ? "; a simulator: run only when named" : "");
        if (d->peak_gflops_theoretical > 0)
            fprintf(out, "        theoretical fp32 peak %.0f GFLOP/s (%s)\n",
                    d->peak_gflops_theoretical, d->peak_basis);
        else
            fprintf(out, "        theoretical fp32 peak: %s\n", d->peak_basis);
        fprintf(out, "        theoretical bandwidth: %s\n", CB_BANDWIDTH_BASIS);
        if (cb_device_on_host(d))
            fprintf(out,
                    "        roofs: the best of the OpenCL probes and the native probe of the "
                    "host (%s, %u threads)\n",
                    cb_native_isa(), d->compute_units);
        else
            fprintf(out, "        roofs: the OpenCL probes\n");
    }
}

cl_int cb_device_open(struct cb_device *d)
{
    cl_int err;

    if (d->context != NULL)
        return CL_SUCCESS;
    d->context = clCreateContext(NULL, 1, &d->id, NULL, NULL, &err);
    CB_CHECK_ERR(err, "clCreateContext");
    /* clCreateCommandQueue is deprecated in 2.0 but is the 1.2 call every runtime has. */
    d->queue = clCreateCommandQueue(d->context, d->id, CL_QUEUE_PROFILING_ENABLE, &err);
    if (err != CL_SUCCESS) {
        clReleaseContext(d->context);
        d->context = NULL;
        return cb_cl_fail(err, "clCreateCommandQueue", __FILE__, __LINE__);
    }
    return CL_SUCCESS;
}

void cb_device_close(struct cb_device *d)
{
    /* Release errors at teardown change nothing the user can act on. */
    if (d->context != NULL)
        cb_pool_drop(d->context);
    if (d->queue != NULL)
        clReleaseCommandQueue(d->queue);
    if (d->context != NULL)
        clReleaseContext(d->context);
    d->queue = NULL;
    d->context = NULL;
}

int cb_device_has_extension(const struct cb_device *d, const char *name)
{
    return strcmp(name, "cl_khr_fp64") == 0   ? d->has_fp64
           : strcmp(name, "cl_khr_fp16") == 0 ? d->has_fp16
                                              : 0;
}

double cb_peak_gflops(const struct cb_device *d, enum cb_elem_type t)
{
    return t == CB_ELEM_DOUBLE ? d->peak_gflops_fp64
           : t == CB_ELEM_HALF ? d->peak_gflops_fp16
                               : d->peak_gflops_measured;
}

double cb_row_roof_gflops(const struct cb_device *d, const struct cb_kernel *k, enum cb_elem_type t)
{
    if (k->tensor_cores_from_cc > 0 && d->nv_cc_major >= k->tensor_cores_from_cc)
        return 0.0;
    /* A kernel's buffers' types say, REAL ones of the row's type t (generic.h). */
    t = cb_kernel_compute_type(k, t);
    return t == CB_ELEM_COUNT ? 0.0 : cb_peak_gflops(d, t);
}
