/* A fake libnvidia-ml.so.1 for the tests (tests/cli/sensors.sh): the NVML functions clbench
 * loads (host/run/sensors.c), answering as one GPU at PCI bus id FAKE_NVML_PCI (default
 * 0000:01:00.0) would.  FAKE_NVML_MODE steers it:
 *   normal         1980 MHz SM, 2619 MHz memory, 300 W, 45 C, no throttle reason
 *   init_fails     nvmlInit_v2 fails (NVML_ERROR_DRIVER_NOT_LOADED)
 *   not_supported  power, temperature, clock-event reasons and energy are not supported (a MIG
 *                  instance, an older GPU)
 *   no_counter     the energy counter is not supported (before Volta); the rest is normal
 *   throttled      at its power cap: reason SwPowerCap, the SM clock between 1665 and 1890 MHz
 *   intermittent   at its power cap (SwPowerCap, 1700 MHz) every other 40 ms, else normal
 *   ramp           the instantaneous power rises by 1000 W a second from nvmlInit_v2 (readings
 *                  that trail a load which has just started); the rest is normal
 *   wrap           the energy counter is 20 ms short of 2^64 mJ at the first reading that
 *                  comes 20 ms or more after the one before with no other NVML call between
 *                  them: the first row's first reading (the watch at device open reads every
 *                  half millisecond; a row's last reading follows the sampler's), so that it
 *                  wraps inside that row; once.  A loaded host can only move it earlier, never
 *                  onto a row's last reading.
 * FAKE_NVML_ENERGY_PERIOD_MS: the energy counter moves in steps of that period (default: at
 * every call).  The counter is 300 W times the time since nvmlInit_v2.
 * FAKE_NVML_POWER_INSTANT: "unsupported" makes nvmlDeviceGetFieldValues answer "not supported"
 * for NVML_FI_DEV_POWER_INSTANT; else it is 330 W, unlike the averaged 300 W, so that a test can
 * tell which of the two a row integrated. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

typedef int nvmlReturn_t;
typedef struct nvmlDevice_st *nvmlDevice_t;
enum {
    NVML_SUCCESS = 0,
    NVML_ERROR_UNINITIALIZED = 1,
    NVML_ERROR_INVALID_ARGUMENT = 2,
    NVML_ERROR_NOT_SUPPORTED = 3,
    NVML_ERROR_NOT_FOUND = 6,
    NVML_ERROR_DRIVER_NOT_LOADED = 9,
};
static const double POWER_W = 300.0, INSTANT_W = 330.0;
enum { NVML_FI_DEV_POWER_INSTANT = 186, NVML_VALUE_TYPE_UNSIGNED_INT = 1 };

/* nvmlFieldValue_t, laid out as nvml.h declares it. */
typedef struct {
    unsigned int fieldId, scopeId;
    long long timestamp, latencyUsec;
    int valueType;
    nvmlReturn_t nvmlReturn;
    union {
        double dVal;
        unsigned int uiVal;
        unsigned long ulVal;
        unsigned long long ullVal;
        long long sllVal;
        int siVal;
        unsigned short usVal;
    } value;
} nvmlFieldValue_t;

static struct nvmlDevice_st {
    int unused;
} the_device;
static int initialised;
static double init_ms;
static unsigned long long calls; /* into the device's functions */

static double now_ms(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static int mode(const char *name)
{
    const char *m = getenv("FAKE_NVML_MODE");

    return strcmp(m != NULL ? m : "normal", name) == 0;
}

static int capped(void)
{
    return mode("throttled") || (mode("intermittent") && (long long)(now_ms() / 40) % 2 == 1);
}

nvmlReturn_t nvmlInit_v2(void)
{
    if (mode("init_fails"))
        return NVML_ERROR_DRIVER_NOT_LOADED;
    initialised = 1;
    init_ms = now_ms();
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlShutdown(void)
{
    initialised = 0;
    return NVML_SUCCESS;
}

const char *nvmlErrorString(nvmlReturn_t r)
{
    switch (r) {
    case NVML_SUCCESS:
        return "Success";
    case NVML_ERROR_UNINITIALIZED:
        return "Uninitialized";
    case NVML_ERROR_NOT_SUPPORTED:
        return "Not Supported";
    case NVML_ERROR_NOT_FOUND:
        return "Not Found";
    case NVML_ERROR_DRIVER_NOT_LOADED:
        return "Driver Not Loaded";
    default:
        return "Unknown Error";
    }
}

nvmlReturn_t nvmlDeviceGetHandleByPciBusId_v2(const char *id, nvmlDevice_t *device)
{
    const char *want = getenv("FAKE_NVML_PCI");

    if (!initialised)
        return NVML_ERROR_UNINITIALIZED;
    if (strcasecmp(id, want != NULL ? want : "0000:01:00.0") != 0)
        return NVML_ERROR_NOT_FOUND;
    *device = &the_device;
    return NVML_SUCCESS;
}

static nvmlReturn_t check(nvmlDevice_t device, const void *out)
{
    calls++;
    if (!initialised)
        return NVML_ERROR_UNINITIALIZED;
    return device == &the_device && out != NULL ? NVML_SUCCESS : NVML_ERROR_INVALID_ARGUMENT;
}

nvmlReturn_t nvmlDeviceGetClockInfo(nvmlDevice_t device, int type, unsigned *mhz)
{
    const nvmlReturn_t r = check(device, mhz);

    if (r != NVML_SUCCESS)
        return r;
    if (type == 2)
        *mhz = 2619;
    else if (type == 1)
        /* At the cap the clock wanders; a 7-ms step so that a row's readings differ. */
        *mhz = mode("throttled") ? 1665 + (unsigned)((long long)(now_ms() / 7) * 37 % 226)
               : capped()        ? 1700
                                 : 1980;
    else
        return NVML_ERROR_INVALID_ARGUMENT;
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetPowerUsage(nvmlDevice_t device, unsigned *mw)
{
    const nvmlReturn_t r = check(device, mw);

    if (r != NVML_SUCCESS)
        return r;
    if (mode("not_supported"))
        return NVML_ERROR_NOT_SUPPORTED;
    *mw = (unsigned)(POWER_W * 1e3);
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetFieldValues(nvmlDevice_t device, int count, nvmlFieldValue_t *values)
{
    const nvmlReturn_t r = check(device, values);
    const char *instant = getenv("FAKE_NVML_POWER_INSTANT");

    if (r != NVML_SUCCESS)
        return r;
    if (count < 0)
        return NVML_ERROR_INVALID_ARGUMENT;
    for (int i = 0; i < count; i++) {
        nvmlFieldValue_t *f = &values[i];

        f->timestamp = (long long)(now_ms() * 1e3);
        f->latencyUsec = 0;
        f->nvmlReturn = NVML_ERROR_NOT_SUPPORTED;
        if (f->fieldId == NVML_FI_DEV_POWER_INSTANT && !mode("not_supported") &&
            (instant == NULL || strcmp(instant, "unsupported") != 0)) {
            const double w = mode("ramp") ? 1000.0 * (now_ms() - init_ms) * 1e-3 : INSTANT_W;

            f->valueType = NVML_VALUE_TYPE_UNSIGNED_INT;
            f->value.uiVal = (unsigned)(w * 1e3);
            f->nvmlReturn = NVML_SUCCESS;
        }
    }
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetTemperature(nvmlDevice_t device, int sensor, unsigned *c)
{
    const nvmlReturn_t r = check(device, c);

    if (r != NVML_SUCCESS)
        return r;
    if (sensor != 0)
        return NVML_ERROR_INVALID_ARGUMENT;
    if (mode("not_supported"))
        return NVML_ERROR_NOT_SUPPORTED;
    *c = 45;
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetCurrentClocksEventReasons(nvmlDevice_t device,
                                                    unsigned long long *reasons)
{
    const nvmlReturn_t r = check(device, reasons);

    if (r != NVML_SUCCESS)
        return r;
    if (mode("not_supported"))
        return NVML_ERROR_NOT_SUPPORTED;
    *reasons = capped() ? 0x4ULL : 0;
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetTotalEnergyConsumption(nvmlDevice_t device, unsigned long long *mj)
{
    static double last_ms = -1;
    static unsigned long long base; /* added to the count: the wrap mode's offset */
    static int wrapped;
    static unsigned long long last_call;
    const nvmlReturn_t r = check(device, mj);
    const char *period = getenv("FAKE_NVML_ENERGY_PERIOD_MS");
    double t;

    if (r != NVML_SUCCESS)
        return r;
    if (mode("not_supported") || mode("no_counter"))
        return NVML_ERROR_NOT_SUPPORTED;
    t = now_ms() - init_ms;
    if (period != NULL && atof(period) > 0)
        t -= t - atof(period) * (double)(long long)(t / atof(period));
    if (mode("wrap") && !wrapped && last_ms >= 0 && now_ms() - last_ms >= 20.0 &&
        calls == last_call + 1 && ++wrapped)
        base = 0ULL - (unsigned long long)(POWER_W * 20.0) - (unsigned long long)(POWER_W * t);
    last_ms = now_ms();
    last_call = calls;
    *mj = base + (unsigned long long)(POWER_W * t);
    return NVML_SUCCESS;
}
