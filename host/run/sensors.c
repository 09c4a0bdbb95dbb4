/* The device's state and energy; see sensors.h.
 *
 * NVML is loaded with dlopen when a device is opened (libnvidia-ml.so.1, or the library
 * CLBENCH_NVML_LIBRARY names: the tests' fake one), so that the binary has no NVIDIA
 * dependency; the prototypes and constants it needs are declared here, as nvml.h has them.
 * The OpenCL device is matched to its NVML device by PCI bus id (cl_nv_device_attribute_query),
 * never by index: OpenCL and NVML need not count devices in the same order.
 *
 * A row's readings come from a sampler thread that wakes every SAMPLE_MS (CPU_SAMPLE_MS on a
 * CPU device, where it competes with the kernel for the cores); the energy counter is read by
 * the row's own thread just before the first timed launch and after the last.  A window that
 * spans too few of the counter's updates for its difference to mean much takes its energy from
 * the sampler's power readings instead (finish_energy). */
#define _GNU_SOURCE
#include "clbench/sensors.h"

#include "clbench/check.h"
#include "clbench/timer.h"
#include "clbench/device.h"

#include <ctype.h>
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- NVML, as nvml.h declares it ---- */

typedef int nvmlReturn_t;
typedef struct nvmlDevice_st *nvmlDevice_t;
enum {
    NVML_SUCCESS = 0,
    NVML_ERROR_NOT_SUPPORTED = 3,
    NVML_ERROR_FUNCTION_NOT_FOUND = 13,
    NVML_CLOCK_SM = 1,
    NVML_CLOCK_MEM = 2,
    NVML_TEMPERATURE_GPU = 0,
    /* nvmlDeviceGetFieldValues: the board's power now, in mW (nvmlDeviceGetPowerUsage is a
     * one-second average on Ampere, GA100 aside, and later). */
    NVML_FI_DEV_POWER_INSTANT = 186,
};
/* nvmlFieldValue_t and nvmlValue_t, laid out as nvml.h declares them. */
typedef union {
    double dVal;
    unsigned int uiVal;
    unsigned long ulVal;
    unsigned long long ullVal;
    long long sllVal;
    int siVal;
    unsigned short usVal;
} nvml_value;
typedef struct {
    unsigned int fieldId, scopeId;
    long long timestamp, latencyUsec;
    int valueType; /* nvmlValueType_t: 0 double, 1 uint, 2 ulong, 3 ullong, 4 sllong, 5 int,
                      6 ushort */
    nvmlReturn_t nvmlReturn;
    nvml_value value;
} nvml_field_value;

static struct {
    nvmlReturn_t (*Init)(void);
    nvmlReturn_t (*Shutdown)(void);
    const char *(*ErrorString)(nvmlReturn_t);
    nvmlReturn_t (*HandleByPciBusId)(const char *, nvmlDevice_t *);
    nvmlReturn_t (*ClockInfo)(nvmlDevice_t, int, unsigned *);
    nvmlReturn_t (*PowerUsage)(nvmlDevice_t, unsigned *);
    nvmlReturn_t (*Temperature)(nvmlDevice_t, int, unsigned *);
    nvmlReturn_t (*Reasons)(nvmlDevice_t, unsigned long long *);
    nvmlReturn_t (*TotalEnergy)(nvmlDevice_t, unsigned long long *);
    nvmlReturn_t (*FieldValues)(nvmlDevice_t, int, nvml_field_value *);
    void *lib;
    int users;             /* devices open on it: nvmlShutdown after the last */
    char why[CB_NAME_LEN]; /* why it is not loaded: said to each device that wanted it */
    int tried;
} nvml;

static const char *const reason_names[] = {
    "gpu_idle",         "applications_clocks", "power_cap",      "hw_slowdown",   "sync_boost",
    "thermal_slowdown", "hw_thermal_slowdown", "hw_power_brake", "display_clock",
};

const char *cb_throttle_reason_name(unsigned bit)
{
    return bit < sizeof reason_names / sizeof reason_names[0] ? reason_names[bit] : NULL;
}

enum {
    MAX_CPUS = 1024,
    MAX_ZONES = 16,
    MAX_SAMPLES = 1 << 17,
};
static const double SAMPLE_MS = 10.0, CPU_SAMPLE_MS = 50.0;
/* How long the energy counter is watched at device open to learn its update period. */
static const double PERIOD_WATCH_MS = 600.0;
/* A difference implying more than this is a counter reset, not energy. */
static const double MAX_PLAUSIBLE_W = 20000.0;
/* A counter difference whose quantisation bound (one update period over the window) is above
 * this is not given even where nothing better is. */
static const double MAX_COUNTER_ERROR = 0.5;

struct cb_sensors {
    nvmlDevice_t nvml_device; /* NULL: no NVML */
    /* Why each field cannot be read ("" where it can), from the probe at open. */
    char field_why[CB_STATE_FIELDS][CB_SENSOR_WHY_LEN];
    char reasons_why[CB_SENSOR_WHY_LEN];
    int nvml_energy; /* the total-energy counter answered */
    /* The power readings a short window integrates: NVML's instantaneous field where it
     * answers, else nvmlDeviceGetPowerUsage (an average on recent GPUs: approximate). */
    int power_instant;
    char power_instant_why[CB_SENSOR_WHY_LEN];
    double read_cost_ms; /* the quickest energy counter read seen: a far slower one was
                            interrupted, and its time is not known well */
    int cpu_fd[MAX_CPUS];
    size_t cpu_count;
    char *rapl_path[MAX_ZONES]; /* each package zone's energy_uj (owned) */
    double rapl_range_uj[MAX_ZONES];
    size_t rapl_count;
    double counter_period_ms;           /* the energy counter's update period; 0: no energy */
    char energy_why[CB_SENSOR_WHY_LEN]; /* why no energy ("" when there is) */
    char cpufreq_why[CB_SENSOR_WHY_LEN];
    double sample_ms;
};

static int say(char *buf, size_t len, const char *fmt, ...) CB_PRINTF(3, 4);
static int say(char *buf, size_t len, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(buf, len, fmt, ap);
    va_end(ap);
    return -1;
}

static int load_nvml(void)
{
    const char *path = getenv("CLBENCH_NVML_LIBRARY");
    const struct {
        const char *name;
        void **slot;
        int optional;
    } symbols[] = {
        {"nvmlInit_v2", (void **)&nvml.Init, 0},
        {"nvmlShutdown", (void **)&nvml.Shutdown, 0},
        {"nvmlErrorString", (void **)&nvml.ErrorString, 0},
        {"nvmlDeviceGetHandleByPciBusId_v2", (void **)&nvml.HandleByPciBusId, 0},
        {"nvmlDeviceGetClockInfo", (void **)&nvml.ClockInfo, 0},
        {"nvmlDeviceGetPowerUsage", (void **)&nvml.PowerUsage, 0},
        {"nvmlDeviceGetTemperature", (void **)&nvml.Temperature, 0},
        {"nvmlDeviceGetTotalEnergyConsumption", (void **)&nvml.TotalEnergy, 1},
        {"nvmlDeviceGetFieldValues", (void **)&nvml.FieldValues, 1},
    };
    nvmlReturn_t err;

    if (nvml.tried)
        return nvml.lib != NULL ? 0 : -1;
    nvml.tried = 1;
    if (path == NULL || path[0] == '\0')
        path = "libnvidia-ml.so.1";
    nvml.lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (nvml.lib == NULL)
        return say(nvml.why, sizeof nvml.why,
                   "%s could not be loaded (%.100s): the NVIDIA driver's NVML is not installed "
                   "or not on the library path",
                   path, dlerror());
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
        *symbols[i].slot = dlsym(nvml.lib, symbols[i].name);
        if (*symbols[i].slot == NULL && !symbols[i].optional) {
            say(nvml.why, sizeof nvml.why, "%s has no %s: an NVML older than clbench reads", path,
                symbols[i].name);
            dlclose(nvml.lib);
            nvml.lib = NULL;
            return -1;
        }
    }
    /* Renamed in NVML 12.2; drivers before it have only the old name. */
    *(void **)&nvml.Reasons = dlsym(nvml.lib, "nvmlDeviceGetCurrentClocksEventReasons");
    if (nvml.Reasons == NULL)
        *(void **)&nvml.Reasons = dlsym(nvml.lib, "nvmlDeviceGetCurrentClocksThrottleReasons");
    err = nvml.Init();
    if (err != NVML_SUCCESS) {
        say(nvml.why, sizeof nvml.why, "nvmlInit_v2 failed: %s", nvml.ErrorString(err));
        dlclose(nvml.lib);
        nvml.lib = NULL;
        return -1;
    }
    return 0;
}

/* The device's PCI address as NVML takes it ("0000:1b:00.0"): from the test hook
 * CLBENCH_TEST_PCI_BUS_ID, else from cl_nv_device_attribute_query.  -1 where unknown. */
static int pci_bus_id(const struct cb_device *d, int reading, char *buf, size_t len)
{
    const char *hook = getenv("CLBENCH_TEST_PCI_BUS_ID");

    if (hook != NULL && hook[0] != '\0') {
        snprintf(buf, len, "%s", hook);
        return 0;
    }
    return cb_device_pci_address(d, reading, buf, len);
}

static double now_ms(void)
{
    return cb_wall_ms();
}

static void sleep_ms(double ms)
{
    struct timespec ts;

    ts.tv_sec = (time_t)(ms / 1e3);
    ts.tv_nsec = (long)((ms - (double)ts.tv_sec * 1e3) * 1e6);
    nanosleep(&ts, NULL);
}

/* ---- one reading ---- */

struct reading {
    double t_ms;
    double v[CB_STATE_FIELDS];
    unsigned ok; /* bit per field read */
    unsigned long long reasons;
    int reasons_ok;
    double uj[MAX_ZONES]; /* RAPL: each package zone's counter */
    int energy_ok;
    double instant_w, instant_t_ms; /* NVML's instantaneous power, and when it was read */
    int instant_ok;
};

/* Reads a decimal from a sysfs file kept open (it is generated again at offset 0). */
static int read_fd_number(int fd, double *v)
{
    char buf[64];
    const ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
    char *end;

    if (n <= 0)
        return -1;
    buf[n] = '\0';
    *v = strtod(buf, &end);
    return end == buf ? -1 : 0;
}

/* Each package zone's counter, in uJ (each wraps on its own).  Opened for each reading, as
 * cheap as reading a kept one and never a stale file; a read that finds the file empty (a
 * writer between truncating and writing it, as the tests' fake tree has) is tried again. */
static int read_rapl(const struct cb_sensors *s, double uj[])
{
    for (size_t i = 0; i < s->rapl_count; i++) {
        int got = -1;

        for (int attempt = 0; attempt < 3 && got != 0; attempt++) {
            const int fd = open(s->rapl_path[i], O_RDONLY | O_CLOEXEC);

            got = fd >= 0 ? read_fd_number(fd, &uj[i]) : -1;
            if (fd >= 0)
                close(fd);
        }
        if (got != 0)
            return -1;
    }
    return 0;
}

static int read_nvml_energy(const struct cb_sensors *s, double *mj)
{
    unsigned long long v = 0;

    if (nvml.TotalEnergy(s->nvml_device, &v) != NVML_SUCCESS)
        return -1;
    *mj = (double)v;
    return 0;
}

/* NVML's instantaneous board power in W; the NVML error where it has none. */
static nvmlReturn_t read_instant_power(const struct cb_sensors *s, double *w)
{
    nvml_field_value f;
    double mw;
    nvmlReturn_t err;

    if (nvml.FieldValues == NULL)
        return NVML_ERROR_FUNCTION_NOT_FOUND;
    memset(&f, 0, sizeof f);
    f.fieldId = NVML_FI_DEV_POWER_INSTANT;
    err = nvml.FieldValues(s->nvml_device, 1, &f);
    if (err != NVML_SUCCESS)
        return err;
    if (f.nvmlReturn != NVML_SUCCESS)
        return f.nvmlReturn;
    switch (f.valueType) {
    case 0:
        mw = f.value.dVal;
        break;
    case 1:
        mw = f.value.uiVal;
        break;
    case 2:
        mw = (double)f.value.ulVal;
        break;
    case 3:
        mw = (double)f.value.ullVal;
        break;
    case 4:
        mw = (double)f.value.sllVal;
        break;
    case 5:
        mw = f.value.siVal;
        break;
    case 6:
        mw = f.value.usVal;
        break;
    default:
        return NVML_ERROR_NOT_SUPPORTED;
    }
    *w = mw * 1e-3;
    return NVML_SUCCESS;
}

static void take_reading(const struct cb_sensors *s, struct reading *r)
{
    memset(r, 0, sizeof *r);
    r->t_ms = now_ms();
    if (s->nvml_device != NULL) {
        unsigned v;

        if (s->field_why[CB_STATE_SM_CLOCK][0] == '\0' &&
            nvml.ClockInfo(s->nvml_device, NVML_CLOCK_SM, &v) == NVML_SUCCESS) {
            r->v[CB_STATE_SM_CLOCK] = v;
            r->ok |= 1u << CB_STATE_SM_CLOCK;
        }
        if (s->field_why[CB_STATE_MEM_CLOCK][0] == '\0' &&
            nvml.ClockInfo(s->nvml_device, NVML_CLOCK_MEM, &v) == NVML_SUCCESS) {
            r->v[CB_STATE_MEM_CLOCK] = v;
            r->ok |= 1u << CB_STATE_MEM_CLOCK;
        }
        if (s->field_why[CB_STATE_POWER][0] == '\0' && !s->power_instant &&
            nvml.PowerUsage(s->nvml_device, &v) == NVML_SUCCESS) {
            r->v[CB_STATE_POWER] = v * 1e-3; /* mW */
            r->ok |= 1u << CB_STATE_POWER;
        }
        if (s->field_why[CB_STATE_TEMPERATURE][0] == '\0' &&
            nvml.Temperature(s->nvml_device, NVML_TEMPERATURE_GPU, &v) == NVML_SUCCESS) {
            r->v[CB_STATE_TEMPERATURE] = v;
            r->ok |= 1u << CB_STATE_TEMPERATURE;
        }
        if (s->reasons_why[0] == '\0')
            r->reasons_ok = nvml.Reasons(s->nvml_device, &r->reasons) == NVML_SUCCESS;
        if (s->power_instant) {
            const double t0 = now_ms();

            r->instant_ok = read_instant_power(s, &r->instant_w) == NVML_SUCCESS;
            r->instant_t_ms = 0.5 * (t0 + now_ms());
            /* The row's power is what the board drew while it ran: the averaged reading
             * trails a short row by up to a second. */
            if (r->instant_ok) {
                r->v[CB_STATE_POWER] = r->instant_w;
                r->ok |= 1u << CB_STATE_POWER;
            }
        }
        return;
    }
    if (s->cpu_count > 0) {
        double sum = 0, khz;
        size_t n = 0;

        for (size_t i = 0; i < s->cpu_count; i++)
            if (read_fd_number(s->cpu_fd[i], &khz) == 0) {
                sum += khz;
                n++;
            }
        if (n > 0) {
            r->v[CB_STATE_SM_CLOCK] = sum / (double)n * 1e-3;
            r->ok |= 1u << CB_STATE_SM_CLOCK;
        }
    }
    if (s->rapl_count > 0 && s->counter_period_ms > 0)
        r->energy_ok = read_rapl(s, r->uj) == 0;
}

/* ---- opening a device's sensors ---- */

/* Asks NVML for each field once: a field it does not support is absent from every row, with
 * the reason, instead of failing in every reading. */
static void probe_nvml_fields(struct cb_sensors *s)
{
    unsigned v;
    unsigned long long reasons;
    nvmlReturn_t err[CB_STATE_FIELDS];
    const char *const calls[CB_STATE_FIELDS] = {
        "nvmlDeviceGetClockInfo(SM)", "nvmlDeviceGetClockInfo(MEM)", "nvmlDeviceGetPowerUsage",
        "nvmlDeviceGetTemperature"};

    err[CB_STATE_SM_CLOCK] = nvml.ClockInfo(s->nvml_device, NVML_CLOCK_SM, &v);
    err[CB_STATE_MEM_CLOCK] = nvml.ClockInfo(s->nvml_device, NVML_CLOCK_MEM, &v);
    err[CB_STATE_POWER] = nvml.PowerUsage(s->nvml_device, &v);
    err[CB_STATE_TEMPERATURE] = nvml.Temperature(s->nvml_device, NVML_TEMPERATURE_GPU, &v);
    for (int f = 0; f < CB_STATE_FIELDS; f++)
        if (err[f] != NVML_SUCCESS)
            snprintf(s->field_why[f], sizeof s->field_why[f], "NVML: %s: %s", calls[f],
                     err[f] == NVML_ERROR_NOT_SUPPORTED ? "not supported on this device"
                                                        : nvml.ErrorString(err[f]));
    if (nvml.Reasons == NULL)
        snprintf(s->reasons_why, sizeof s->reasons_why,
                 "NVML: this NVML has no nvmlDeviceGetCurrentClocksEventReasons");
    else if ((err[0] = nvml.Reasons(s->nvml_device, &reasons)) != NVML_SUCCESS)
        snprintf(s->reasons_why, sizeof s->reasons_why,
                 "NVML: nvmlDeviceGetCurrentClocksEventReasons: %s",
                 err[0] == NVML_ERROR_NOT_SUPPORTED ? "not supported on this device"
                                                    : nvml.ErrorString(err[0]));
}

/* Watches the energy counter until it has changed four times (or PERIOD_WATCH_MS): the median
 * time between changes is its update period, so that one change seen late (a loaded host)
 * does not move it.  0 with why set when it never changes.  Learns the quickest read on the way
 * (s->read_cost_ms). */
static double counter_period(struct cb_sensors *s, int use_nvml, char *why, size_t len)
{
    const double start = now_ms();
    double last = 0, t, uj[MAX_ZONES], at[4], gaps[3];
    int changes = 0, have = 0;

    s->read_cost_ms = PERIOD_WATCH_MS;
    while (changes < 4 && (t = now_ms()) - start < PERIOD_WATCH_MS) {
        double v = 0;
        const int failed = use_nvml ? read_nvml_energy(s, &v) != 0 : read_rapl(s, uj) != 0;

        s->read_cost_ms = fmin(s->read_cost_ms, now_ms() - t);
        if (failed) {
            say(why, len, "the energy counter stopped answering");
            return 0;
        }
        for (size_t i = 0; !use_nvml && i < s->rapl_count; i++)
            v += uj[i];
        if (have && v != last)
            at[changes++] = t;
        last = v;
        have = 1;
        sleep_ms(0.5);
    }
    if (changes < 2) {
        say(why, len, "the energy counter did not change in %.0f ms", PERIOD_WATCH_MS);
        return 0;
    }
    for (int i = 0; i + 1 < changes; i++)
        gaps[i] = at[i + 1] - at[i];
    return fmax(0.5, cb_range_of(gaps, (size_t)changes - 1).median);
}

static void open_nvml(struct cb_device *d, struct cb_sensors *s)
{
    char address[64], why[CB_SENSOR_WHY_LEN];
    const int nvidia = strstr(d->vendor, "NVIDIA") != NULL;
    nvmlReturn_t err;

    if (pci_bus_id(d, 0, address, sizeof address) != 0) {
        if (nvidia)
            snprintf(d->state_nvml, sizeof d->state_nvml,
                     "absent: the driver does not report the device's PCI bus id "
                     "(cl_nv_device_attribute_query), which NVML needs to find it");
        return;
    }
    if (load_nvml() != 0) {
        snprintf(d->state_nvml, sizeof d->state_nvml, "absent: %.240s", nvml.why);
        return;
    }
    err = nvml.HandleByPciBusId(address, &s->nvml_device);
    if (err != NVML_SUCCESS && pci_bus_id(d, 1, address, sizeof address) == 0)
        err = nvml.HandleByPciBusId(address, &s->nvml_device);
    if (err != NVML_SUCCESS) {
        s->nvml_device = NULL;
        snprintf(d->state_nvml, sizeof d->state_nvml,
                 "absent: NVML has no device at PCI bus id %s (%s)", address,
                 nvml.ErrorString(err));
        return;
    }
    nvml.users++;
    probe_nvml_fields(s);
    {
        double w;

        err = read_instant_power(s, &w);
        s->power_instant = err == NVML_SUCCESS;
        if (nvml.FieldValues == NULL)
            snprintf(s->power_instant_why, sizeof s->power_instant_why,
                     "this NVML has no nvmlDeviceGetFieldValues");
        else if (err != NVML_SUCCESS)
            snprintf(s->power_instant_why, sizeof s->power_instant_why,
                     "nvmlDeviceGetFieldValues(NVML_FI_DEV_POWER_INSTANT): %s",
                     err == NVML_ERROR_NOT_SUPPORTED ? "not supported on this device"
                                                     : nvml.ErrorString(err));
    }
    if (nvml.TotalEnergy == NULL)
        snprintf(s->energy_why, sizeof s->energy_why,
                 "NVML: this NVML has no nvmlDeviceGetTotalEnergyConsumption");
    else {
        unsigned long long mj;

        err = nvml.TotalEnergy(s->nvml_device, &mj);
        if (err != NVML_SUCCESS)
            snprintf(s->energy_why, sizeof s->energy_why,
                     "NVML: nvmlDeviceGetTotalEnergyConsumption: %s",
                     err == NVML_ERROR_NOT_SUPPORTED ? "not supported on this device (before "
                                                       "Volta, or a MIG instance)"
                                                     : nvml.ErrorString(err));
        else if ((s->counter_period_ms = counter_period(s, 1, why, sizeof why)) == 0)
            snprintf(s->energy_why, sizeof s->energy_why, "NVML: %.200s", why);
        else
            s->nvml_energy = 1;
    }
    if (s->power_instant || s->field_why[CB_STATE_POWER][0] != '\0')
        snprintf(d->state_nvml, sizeof d->state_nvml, "matched by PCI bus id %s", address);
    else /* a short row's energy then rests on an average: said once, here */
        snprintf(d->state_nvml, sizeof d->state_nvml,
                 "matched by PCI bus id %s; no instantaneous power (%.200s): rows shorter than the "
                 "energy counter needs integrate nvmlDeviceGetPowerUsage, a one-second average on "
                 "recent GPUs (energy.approximate)",
                 address, s->power_instant_why);
    s->sample_ms = SAMPLE_MS;
}

/* The cores' clocks: every cpuN/cpufreq/scaling_cur_freq under CLBENCH_CPUFREQ_ROOT (a test
 * hook), else /sys/devices/system/cpu. */
static void open_cpufreq(struct cb_device *d, struct cb_sensors *s)
{
    const char *root = getenv("CLBENCH_CPUFREQ_ROOT");
    char path[512];
    DIR *dir;
    const struct dirent *e;

    if (root == NULL || root[0] == '\0')
        root = "/sys/devices/system/cpu";
    dir = opendir(root);
    while (dir != NULL && (e = readdir(dir)) != NULL && s->cpu_count < MAX_CPUS) {
        int fd;

        if (strncmp(e->d_name, "cpu", 3) != 0 || !isdigit((unsigned char)e->d_name[3]))
            continue;
        snprintf(path, sizeof path, "%s/%s/cpufreq/scaling_cur_freq", root, e->d_name);
        fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd >= 0)
            s->cpu_fd[s->cpu_count++] = fd;
    }
    if (dir != NULL)
        closedir(dir);
    if (s->cpu_count > 0)
        snprintf(d->state_cpufreq, sizeof d->state_cpufreq,
                 "%s/cpu*/cpufreq/scaling_cur_freq, the mean over %zu cores", root, s->cpu_count);
    else {
        snprintf(s->cpufreq_why, sizeof s->cpufreq_why,
                 "cpufreq: no readable %.100s/cpu*/cpufreq/scaling_cur_freq (no cpufreq driver, "
                 "as in most VMs): the cores' clock is not known",
                 root);
        snprintf(d->state_cpufreq, sizeof d->state_cpufreq, "absent: %.400s", s->cpufreq_why);
    }
}

/* The package counters: the top-level zones intel-rapl:N under CLBENCH_POWERCAP_ROOT (a test
 * hook), else /sys/class/powercap.  Their sub-zones (intel-rapl:N:M, the cores, the DRAM) are
 * part of the package or beside it, and are not added. */
static void open_rapl(struct cb_device *d, struct cb_sensors *s)
{
    const char *root = getenv("CLBENCH_POWERCAP_ROOT");
    char path[512], why[CB_SENSOR_WHY_LEN] = "";
    DIR *dir;
    const struct dirent *e;
    int denied = 0;

    if (root == NULL || root[0] == '\0')
        root = "/sys/class/powercap";
    dir = opendir(root);
    if (dir == NULL) {
        snprintf(s->energy_why, sizeof s->energy_why,
                 "RAPL: %s not present (no powercap driver: a VM, or a CPU without RAPL)", root);
        snprintf(d->state_rapl, sizeof d->state_rapl, "absent: %.400s", s->energy_why);
        return;
    }
    while ((e = readdir(dir)) != NULL && s->rapl_count < MAX_ZONES) {
        const char *colon = strchr(e->d_name, ':');
        double range = 0;
        int fd;

        if (strncmp(e->d_name, "intel-rapl:", 11) != 0 || strchr(colon + 1, ':') != NULL)
            continue;
        snprintf(path, sizeof path, "%s/%s/energy_uj", root, e->d_name);
        fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            denied |= errno == EACCES || errno == EPERM;
            snprintf(why, sizeof why, "%.120s: %s", path, strerror(errno));
            continue;
        }
        close(fd);
        if ((s->rapl_path[s->rapl_count] = strdup(path)) == NULL)
            break;
        snprintf(path, sizeof path, "%s/%s/max_energy_range_uj", root, e->d_name);
        {
            const int range_fd = open(path, O_RDONLY | O_CLOEXEC);

            if (range_fd < 0 || read_fd_number(range_fd, &range) != 0)
                range = 0; /* a wrap is then refused rather than guessed */
            if (range_fd >= 0)
                close(range_fd);
        }
        s->rapl_range_uj[s->rapl_count++] = range;
    }
    closedir(dir);
    if (s->rapl_count == 0) {
        if (denied)
            snprintf(s->energy_why, sizeof s->energy_why,
                     "RAPL: %.150s (energy_uj is readable by root only since Linux 5.10: run as "
                     "root, or chmod a+r it)",
                     why);
        else if (why[0] != '\0')
            snprintf(s->energy_why, sizeof s->energy_why, "RAPL: %.180s", why);
        else
            snprintf(s->energy_why, sizeof s->energy_why,
                     "RAPL: no package zone (intel-rapl:N) under %.120s", root);
        snprintf(d->state_rapl, sizeof d->state_rapl, "absent: %.400s", s->energy_why);
        if (denied)
            cb_warn("energy of '%s' not measured: %s", d->name, s->energy_why);
        return;
    }
    s->counter_period_ms = counter_period(s, 0, why, sizeof why);
    if (s->counter_period_ms == 0) {
        snprintf(s->energy_why, sizeof s->energy_why, "RAPL: %.200s", why);
        snprintf(d->state_rapl, sizeof d->state_rapl, "absent: %.400s", s->energy_why);
        return;
    }
    snprintf(d->state_rapl, sizeof d->state_rapl,
             "%s/intel-rapl:*/energy_uj, %zu package zone(s), updated every %.1f ms (the whole "
             "package: cores, caches and uncore)",
             root, s->rapl_count, s->counter_period_ms);
}

/* 1 where NVML may serve the device: an NVIDIA device, or any device the test hook gives a
 * PCI bus id. */
static int wants_nvml(const struct cb_device *d)
{
    const char *hook = getenv("CLBENCH_TEST_PCI_BUS_ID");

    return strstr(d->vendor, "NVIDIA") != NULL || (hook != NULL && hook[0] != '\0');
}

void cb_sensors_open(struct cb_device *d, int enabled)
{
    struct cb_sensors *s;
    const int host_cpu = (d->type & CL_DEVICE_TYPE_CPU) && cb_device_on_host(d);

    d->state_nvml[0] = d->state_rapl[0] = d->state_cpufreq[0] = '\0';
    d->sensors = NULL;
    if (!enabled) {
        if (wants_nvml(d))
            snprintf(d->state_nvml, sizeof d->state_nvml, "absent: --no-sensors");
        else if (host_cpu) {
            snprintf(d->state_rapl, sizeof d->state_rapl, "absent: --no-sensors");
            snprintf(d->state_cpufreq, sizeof d->state_cpufreq, "absent: --no-sensors");
        }
        return;
    }
    s = calloc(1, sizeof *s);
    if (s == NULL)
        return;
    d->sensors = s;
    if (wants_nvml(d)) {
        open_nvml(d, s);
        if (s->nvml_device == NULL) {
            const char *why = d->state_nvml + strlen("absent: ");

            cb_warn("clocks, power and energy of '%s' are not recorded: NVML: %s", d->name, why);
            snprintf(s->energy_why, sizeof s->energy_why, "NVML: %.200s", why);
        }
    }
    if (s->nvml_device == NULL && host_cpu) {
        open_cpufreq(d, s);
        open_rapl(d, s);
        s->sample_ms = CPU_SAMPLE_MS;
    } else if (s->nvml_device == NULL && s->energy_why[0] == '\0')
        snprintf(s->energy_why, sizeof s->energy_why,
                 "no energy counter for this device (NVML serves NVIDIA GPUs, RAPL the CPU of "
                 "this host)");
}

const char *cb_sensors_energy_absent(const struct cb_device *d)
{
    return d->sensors != NULL ? d->sensors->energy_why : "";
}

void cb_sensors_close(struct cb_device *d)
{
    struct cb_sensors *s = d->sensors;

    if (s == NULL)
        return;
    for (size_t i = 0; i < s->cpu_count; i++)
        close(s->cpu_fd[i]);
    for (size_t i = 0; i < s->rapl_count; i++)
        free(s->rapl_path[i]);
    if (s->nvml_device != NULL && --nvml.users == 0) {
        nvml.Shutdown();
        /* A later device loads it again: nvmlInit_v2 after nvmlShutdown is allowed. */
        nvml.tried = 0;
        dlclose(nvml.lib);
        nvml.lib = NULL;
    }
    free(s);
    d->sensors = NULL;
}

double cb_sensors_min_window_ms(const struct cb_device *d, double periods)
{
    const struct cb_sensors *s = d->sensors;

    return s != NULL && s->counter_period_ms > 0 ? periods * s->counter_period_ms : 0;
}

/* ---- a row's readings ---- */

struct cb_sampling {
    const struct cb_sensors *s;
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    int stop, started;
    struct reading *readings;
    size_t count, capacity;
    double *launch; /* start and end of each timed launch, host ms */
    size_t launches, launch_capacity;
    double energy_before, uj_before[MAX_ZONES];
    int energy_ok;
    double window_start;
    double counter_periods; /* the fewest counter updates whose difference is used */
};

static void add_reading(struct cb_sampling *m)
{
    if (m->count == m->capacity) {
        const size_t cap = m->capacity > 0 ? 2 * m->capacity : 256;
        struct reading *grown;

        if (cap > MAX_SAMPLES || (grown = realloc(m->readings, cap * sizeof *grown)) == NULL)
            return; /* the readings so far stand for the row */
        m->readings = grown;
        m->capacity = cap;
    }
    take_reading(m->s, &m->readings[m->count++]);
}

static void *sampler(void *arg)
{
    struct cb_sampling *m = arg;
    struct timespec next;

    clock_gettime(CLOCK_MONOTONIC, &next);
    pthread_mutex_lock(&m->lock);
    while (!m->stop) {
        long ns;

        add_reading(m);
        ns = next.tv_nsec + (long)(m->s->sample_ms * 1e6);
        next.tv_sec += ns / 1000000000L;
        next.tv_nsec = ns % 1000000000L;
        while (!m->stop && pthread_cond_timedwait(&m->wake, &m->lock, &next) != ETIMEDOUT)
            ;
    }
    add_reading(m); /* the state at the end of the last launch */
    pthread_mutex_unlock(&m->lock);
    return NULL;
}

/* Reads the energy counter, and *t_ms when: the middle of the call.  A call that took far
 * longer than the quickest one seen was interrupted (a loaded host), so that when its value
 * was taken is not known: it is made again, three times at most.  *t_ms is now where the device
 * has no counter. */
static int read_energy(const struct cb_sensors *s, double *value, double uj[], double *t_ms)
{
    const int nvml_counter = s->nvml_energy;
    const int rapl_counter = !nvml_counter && s->rapl_count > 0 && s->counter_period_ms > 0;
    int got = -1;

    *t_ms = now_ms();
    for (int attempt = 0; attempt < 3 && (nvml_counter || rapl_counter); attempt++) {
        const double t0 = now_ms();
        double t1;

        got = nvml_counter ? read_nvml_energy(s, value) : read_rapl(s, uj);
        t1 = now_ms();
        *t_ms = 0.5 * (t0 + t1);
        if (got != 0 || t1 - t0 <= 2 * s->read_cost_ms + 1.0)
            break;
    }
    return got;
}

struct cb_sampling *cb_sampling_start(const struct cb_device *d, double counter_periods)
{
    struct cb_sampling *m;
    pthread_condattr_t attr;

    const struct cb_sensors *s = d->sensors;

    if (s == NULL || (s->nvml_device == NULL && s->cpu_count == 0 && s->counter_period_ms == 0) ||
        (m = calloc(1, sizeof *m)) == NULL)
        return NULL;
    m->s = d->sensors;
    pthread_mutex_init(&m->lock, NULL);
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&m->wake, &attr);
    pthread_condattr_destroy(&attr);
    m->counter_periods = counter_periods;
    m->energy_ok = read_energy(m->s, &m->energy_before, m->uj_before, &m->window_start) == 0;
    m->started = pthread_create(&m->thread, NULL, sampler, m) == 0;
    return m;
}

void cb_sampling_launch(struct cb_sampling *m, double start_ms, double end_ms)
{
    if (m == NULL)
        return;
    if (m->launches == m->launch_capacity) {
        const size_t cap = m->launch_capacity > 0 ? 2 * m->launch_capacity : 256;
        double *grown = realloc(m->launch, 2 * cap * sizeof *grown);

        if (grown == NULL)
            return;
        m->launch = grown;
        m->launch_capacity = cap;
    }
    m->launch[2 * m->launches] = start_ms;
    m->launch[2 * m->launches + 1] = end_ms;
    m->launches++;
}

struct cb_range cb_range_of(double *v, size_t n)
{
    struct cb_range r;

    for (size_t i = 1; i < n; i++) { /* insertion sort: a row has few readings */
        const double x = v[i];
        size_t j = i;

        while (j > 0 && v[j - 1] > x) {
            v[j] = v[j - 1];
            j--;
        }
        v[j] = x;
    }
    r.min = v[0];
    r.max = v[n - 1];
    r.median = n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
    return r;
}

double cb_counter_delta(double before, double after, double range)
{
    if (after >= before)
        return after - before;
    return range > 0 ? after + range - before : -1;
}

/* The package energy between two RAPL readings, in J, each zone wrapping at its range; -1 where
 * a zone went backwards and its range is unknown. */
static double rapl_joules(const struct cb_sensors *s, const double before[], const double after[])
{
    double j = 0;

    for (size_t i = 0; i < s->rapl_count; i++) {
        const double d = cb_counter_delta(before[i], after[i], s->rapl_range_uj[i]);

        if (d < 0)
            return -1;
        j += d * 1e-6;
    }
    return j;
}

/* RAPL's package power between consecutive readings, into the readings' power field. */
static void rapl_power(struct cb_sampling *m)
{
    for (size_t i = 1; i < m->count; i++) {
        struct reading *r = &m->readings[i];
        const struct reading *p = &m->readings[i - 1];
        const double dt = (r->t_ms - p->t_ms) * 1e-3;
        const double dj = r->energy_ok && p->energy_ok ? rapl_joules(m->s, p->uj, r->uj) : -1;

        if (dt > 0 && dj >= 0) {
            r->v[CB_STATE_POWER] = dj / dt;
            r->ok |= 1u << CB_STATE_POWER;
        }
    }
}

static void summarise(struct cb_sampling *m, struct cb_row_state *st, double threshold_pct)
{
    const struct cb_sensors *s = m->s;
    double *v = malloc((m->count + 1) * sizeof *v);

    st->source = s->nvml_device != NULL ? "nvml" : s->cpu_count > 0 ? "cpufreq" : "rapl";
    st->samples = m->count;
    st->reasons_known = s->nvml_device != NULL && s->reasons_why[0] == '\0';
    for (int f = 0; f < CB_STATE_FIELDS && v != NULL; f++) {
        size_t n = 0;

        for (size_t i = 0; i < m->count; i++)
            if (m->readings[i].ok & (1u << f))
                v[n++] = m->readings[i].v[f];
        if (n > 0) {
            st->range[f] = cb_range_of(v, n);
            st->present |= 1u << f;
        }
    }
    free(v);
    for (size_t i = 0; i < m->count; i++)
        if (m->readings[i].reasons_ok)
            st->reasons |= m->readings[i].reasons;
    st->throttled = (st->reasons & CB_THROTTLE_MASK) != 0;
    if ((st->present & (1u << CB_STATE_SM_CLOCK)) && st->range[CB_STATE_SM_CLOCK].max > 0) {
        const struct cb_range *c = &st->range[CB_STATE_SM_CLOCK];

        st->clock_moved_pct = (c->max - c->min) / c->max * 100.0;
        st->clock_moved = st->clock_moved_pct > threshold_pct;
    }
    /* Why each field of the source's is absent. */
    for (int f = 0; f < CB_STATE_FIELDS; f++) {
        const int mine = s->nvml_device != NULL || f == CB_STATE_SM_CLOCK ||
                         (f == CB_STATE_POWER && s->rapl_count > 0);

        if (!mine || (st->present & (1u << f)))
            continue;
        if (s->nvml_device == NULL && f == CB_STATE_SM_CLOCK && s->cpu_count == 0)
            snprintf(st->missing[f], sizeof st->missing[f], "%s", s->cpufreq_why);
        else if (s->nvml_device != NULL && s->field_why[f][0] != '\0')
            snprintf(st->missing[f], sizeof st->missing[f], "%s", s->field_why[f]);
        else if (m->count == 0)
            snprintf(st->missing[f], sizeof st->missing[f], "no reading was taken");
        else
            snprintf(st->missing[f], sizeof st->missing[f], "%s: every reading failed", st->source);
    }
    if (s->nvml_device != NULL && !st->reasons_known)
        snprintf(st->note, sizeof st->note, "throttle reasons unknown: %.280s", s->reasons_why);
}

/* The launches that overlapped a reading taken while throttled or with the core clock more
 * than threshold_pct below the row's highest: a launch shorter than the reading period is tied
 * to the reading nearest its end. */
static void mark_bad(const struct cb_sampling *m, const struct cb_row_state *st,
                     double threshold_pct, unsigned char *bad, size_t launches)
{
    const double top = st->range[CB_STATE_SM_CLOCK].max;
    size_t r = 0;

    for (size_t i = 0; i < launches && i < m->launches; i++) {
        const double start = m->launch[2 * i], end = m->launch[2 * i + 1];
        size_t nearest = 0;
        int tied = 0;

        bad[i] = 0;
        while (r < m->count && m->readings[r].t_ms < start)
            r++;
        for (size_t k = r > 0 ? r - 1 : 0; k < m->count && m->readings[k].t_ms <= end + 1e-9; k++) {
            const struct reading *x = &m->readings[k];
            const int inside = x->t_ms >= start;

            if (!inside) {
                nearest = k;
                continue;
            }
            tied = 1;
            if ((x->reasons_ok && (x->reasons & CB_THROTTLE_MASK)) ||
                ((x->ok & (1u << CB_STATE_SM_CLOCK)) &&
                 x->v[CB_STATE_SM_CLOCK] < top * (1 - threshold_pct / 100.0)))
                bad[i] = 1;
        }
        if (!tied && m->count > 0) {
            const struct reading *x = &m->readings[r < m->count ? r : nearest];

            bad[i] = (x->reasons_ok && (x->reasons & CB_THROTTLE_MASK)) ||
                     ((x->ok & (1u << CB_STATE_SM_CLOCK)) &&
                      x->v[CB_STATE_SM_CLOCK] < top * (1 - threshold_pct / 100.0));
        }
    }
}

/* The counter's difference over the window in J; -1 with why set where there is none. */
static double counter_joules(const struct cb_sampling *m, double end_ms, double value,
                             const double uj[], int ok, char *why, size_t len)
{
    const struct cb_sensors *s = m->s;
    double joules = 0;

    if (!m->energy_ok || !ok)
        return say(why, len, "%s: the energy counter did not answer",
                   s->nvml_energy ? "NVML" : "RAPL");
    if (s->nvml_energy) {
        /* An unsigned 64-bit count of mJ: its difference is right across a wrap. */
        joules = (double)((unsigned long long)value - (unsigned long long)m->energy_before) * 1e-3;
    } else {
        /* Summed over the sampler's readings in the window, so that a zone that wraps more than
         * once in a long row is still counted right. */
        const double *prev = m->uj_before;

        for (size_t i = 0; i <= m->count && joules >= 0; i++) {
            const int last = i == m->count;
            const struct reading *r = last ? NULL : &m->readings[i];
            double d;

            if (!last && (!r->energy_ok || r->t_ms <= m->window_start || r->t_ms >= end_ms))
                continue;
            d = rapl_joules(s, prev, last ? uj : r->uj);
            joules = d < 0 ? -1 : joules + d;
            prev = last ? uj : r->uj;
        }
        if (joules < 0)
            return say(why, len,
                       "RAPL: the counter wrapped and its max_energy_range_uj is unreadable");
    }
    if (end_ms <= m->window_start || joules / ((end_ms - m->window_start) * 1e-3) > MAX_PLAUSIBLE_W)
        return say(why, len,
                   "%s: the energy counter jumped by %.3g J in %.3g ms (reset, not energy)",
                   s->nvml_energy ? "NVML" : "RAPL", joules, end_ms - m->window_start);
    return joules;
}

double cb_power_integral(const double *t_ms, const double *w, size_t n, double from_ms,
                         double to_ms)
{
    double mj = 0;

    if (n == 0 || to_ms <= from_ms)
        return 0;
    if (from_ms < t_ms[0]) /* before the first reading: held at it */
        mj += w[0] * (fmin(to_ms, t_ms[0]) - from_ms);
    for (size_t i = 0; i + 1 < n; i++) {
        const double a = fmax(from_ms, t_ms[i]), b = fmin(to_ms, t_ms[i + 1]);
        const double span = t_ms[i + 1] - t_ms[i];

        if (b > a && span > 0) {
            const double wa = w[i] + (w[i + 1] - w[i]) * (a - t_ms[i]) / span;
            const double wb = w[i] + (w[i + 1] - w[i]) * (b - t_ms[i]) / span;

            mj += 0.5 * (wa + wb) * (b - a);
        }
    }
    if (to_ms > t_ms[n - 1]) /* after the last: held at it */
        mj += w[n - 1] * (to_ms - fmax(from_ms, t_ms[n - 1]));
    return mj * 1e-3;
}

/* NVIDIA states the accuracy of NVML's power readings only for Fermi and Kepler: within 5% of
 * the power drawn.  It is the floor of an integrated energy's error here. */
static const double POWER_READING_ERROR_PCT = 5.0;

/* NVML's instantaneous readings trail a step in the load: a window whose readings rise by more than
 * this fraction of their mean started while they were catching up, and its integral is a lower
 * estimate, not within a stated error. */
static const double RISING_FRACTION = 0.1;

/* The mean of the last quarter of n readings less that of the first quarter. */
static double rise(const double *w, size_t n)
{
    const size_t q = n / 4;
    double head = 0, tail = 0;

    for (size_t i = 0; i < q; i++) {
        head += w[i];
        tail += w[n - 1 - i];
    }
    return (tail - head) / (double)q;
}

/* The energy of the window from the sampler's NVML power readings (instantaneous where the
 * device has them, else the averaged power: approximate).  -1 with why set where there are
 * none. */
static int integrate_power(const struct cb_sampling *m, struct cb_row_energy *e, double end_ms,
                           char *why, size_t len)
{
    const struct cb_sensors *s = m->s;
    double *t = malloc((m->count + 1) * sizeof *t), *w = malloc((m->count + 1) * sizeof *w);
    size_t n = 0, first = 0, last;
    double sum = 0, sum2 = 0, mean, se;

    for (size_t i = 0; t != NULL && w != NULL && i < m->count; i++) {
        const struct reading *r = &m->readings[i];

        if (s->power_instant && r->instant_ok) {
            t[n] = r->instant_t_ms;
            w[n++] = r->instant_w;
        } else if (!s->power_instant && (r->ok & (1u << CB_STATE_POWER))) {
            t[n] = r->t_ms;
            w[n++] = r->v[CB_STATE_POWER];
        }
    }
    if (n == 0) {
        free(t);
        free(w);
        if (s->field_why[CB_STATE_POWER][0] != '\0' && !s->power_instant)
            return say(why, len, "%s", s->field_why[CB_STATE_POWER]);
        return say(why, len, "NVML: no power reading was taken in the window");
    }
    e->joules = cb_power_integral(t, w, n, m->window_start, end_ms);
    /* The readings the integral rests on: those in the window and the nearest outside it. */
    for (size_t i = 0; i < n; i++)
        if (t[i] <= m->window_start)
            first = i;
    for (last = first; last + 1 < n && t[last] < end_ms; last++)
        ;
    for (size_t i = first; i <= last; i++) {
        sum += w[i];
        sum2 += w[i] * w[i];
    }
    n = last - first + 1;
    mean = sum / (double)n;
    se = n > 1 ? sqrt(fmax(0, (sum2 - sum * mean) / (double)(n - 1)) / (double)n) : 0;
    e->power_readings = n;
    e->rising = n >= 4 && mean > 0 && rise(w + first, n) > RISING_FRACTION * mean;
    e->approximate = !s->power_instant || n < 2 || mean <= 0 || e->rising;
    e->error_pct = e->approximate ? 0 : hypot(POWER_READING_ERROR_PCT, 100 * se / mean);
    free(t);
    free(w);
    return 0;
}

/* Where the window spans counter_periods of the counter's updates or more, the counter's
 * difference: its quantisation is one update period over the window at most.  Else, on an
 * NVIDIA device, the power readings integrated over the window; else the counter's difference
 * where that bound is MAX_COUNTER_ERROR or less. */
static void finish_energy(struct cb_sampling *m, struct cb_row_energy *e, double end_ms,
                          double value, const double uj[], int ok)
{
    const struct cb_sensors *s = m->s;
    const int counter = s->nvml_energy || (s->rapl_count > 0 && s->counter_period_ms > 0);
    char counter_why[CB_SENSOR_WHY_LEN] = "", power_why[CB_SENSOR_WHY_LEN] = "";
    double joules = -1, bound;

    e->window_ms = end_ms - m->window_start;
    e->launches = m->launches;
    if (counter) {
        e->min_window_ms = s->counter_period_ms * m->counter_periods;
        joules = counter_joules(m, end_ms, value, uj, ok, counter_why, sizeof counter_why);
    } else
        snprintf(counter_why, sizeof counter_why, "%s", s->energy_why);
    bound = e->window_ms > 0 ? s->counter_period_ms / e->window_ms : 1;
    if (joules >= 0 && e->window_ms >= e->min_window_ms) {
        struct cb_row_energy power = {0};

        e->source = s->nvml_energy ? "nvml" : "rapl";
        e->joules = joules;
        e->error_pct = 100 * bound;
        /* The power readings over the same window beside the counter: the two methods
         * checked against each other where a short row would take the readings alone. */
        if (s->nvml_device != NULL && s->power_instant &&
            integrate_power(m, &power, end_ms, power_why, sizeof power_why) == 0) {
            e->power_joules = power.joules;
            e->power_readings = power.power_readings;
        }
    } else if (s->nvml_device != NULL &&
               integrate_power(m, e, end_ms, power_why, sizeof power_why) == 0)
        e->source = "nvml-power";
    else if (joules >= 0 && bound <= MAX_COUNTER_ERROR) {
        e->source = s->nvml_energy ? "nvml" : "rapl";
        e->joules = joules;
        e->error_pct = 100 * bound;
    } else if (joules >= 0)
        snprintf(e->absent, sizeof e->absent,
                 "the timed launches took %.3g ms, under two of the energy counter's %.3g ms "
                 "updates%s%.80s: --energy-window or a longer --min-time gives it more",
                 e->window_ms, s->counter_period_ms, power_why[0] ? ", and no power reading: " : "",
                 power_why);
    else
        snprintf(e->absent, sizeof e->absent, "%.180s%s%.100s", counter_why,
                 power_why[0] ? "; no power reading either: " : "", power_why);
    if (e->source != NULL)
        e->joules_per_launch = m->launches > 0 ? e->joules / (double)m->launches : 0;
}

void cb_sampling_finish(struct cb_sampling *m, struct cb_row_state *state,
                        struct cb_row_energy *energy, double threshold_pct, unsigned char *bad,
                        size_t launches)
{
    double value = 0, uj[MAX_ZONES], end_ms;
    int ok;

    memset(state, 0, sizeof *state);
    memset(energy, 0, sizeof *energy);
    state->discarded = -1;
    if (m == NULL)
        return;
    ok = read_energy(m->s, &value, uj, &end_ms) == 0;
    if (m->started) {
        pthread_mutex_lock(&m->lock);
        m->stop = 1;
        pthread_cond_signal(&m->wake);
        pthread_mutex_unlock(&m->lock);
        pthread_join(m->thread, NULL);
    }
    if (m->s->rapl_count > 0 && m->s->nvml_device == NULL)
        rapl_power(m);
    summarise(m, state, threshold_pct);
    if (bad != NULL)
        mark_bad(m, state, threshold_pct, bad, launches);
    if (m->s->nvml_device != NULL || m->s->nvml_energy ||
        (m->s->rapl_count > 0 && m->s->counter_period_ms > 0))
        finish_energy(m, energy, end_ms, value, uj, ok);
    else
        snprintf(energy->absent, sizeof energy->absent, "%s", m->s->energy_why);
    pthread_cond_destroy(&m->wake);
    pthread_mutex_destroy(&m->lock);
    free(m->readings);
    free(m->launch);
    free(m);
}
