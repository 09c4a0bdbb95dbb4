/* The report's model: run files (or the live run's JSON) read back with cJSON and merged into
 * one list of device columns and one list of rows.  Every report view (side-by-side tables,
 * --baseline comparison, findings) reads this model, so a live run and a merge of files from
 * several machines print through the same code.
 */
#ifndef CLBENCH_REPORT_DATA_H
#define CLBENCH_REPORT_DATA_H

#include <cjson/cJSON.h>
#include <stddef.h>

enum { CB_RLABEL_LEN = 96, CB_RKEY_LEN = 256 };

/* One device: a column group of the side-by-side tables.  The same device (host, id, name,
 * platform, driver) in several files is one column, unless two files ran the same row on it.
 * The strings point into the first source's cJSON tree. */
struct cb_rdevice {
    size_t source;  /* index into cb_report.sources: the first file that has it */
    const char *id; /* "P:D" within its run */
    const char *name, *type, *platform, *driver, *host;
    double peak_gbs, peak_gflops;              /* measured; 0 when the run skipped the probes */
    double peak_gflops_fp64, peak_gflops_fp16; /* the roofs of double and half rows; 0: none */
    const char *gbs_source, *gflops_source; /* the probe each roof came from; NULL in older files */
    const char *peak_busy;                  /* why the peak is not trusted; NULL when it is */
    double launch_event_us, launch_wall_us; /* an empty kernel's launch; 0 when not measured */
    char label[CB_RLABEL_LEN]; /* short and unique among the columns: "H100", "PoCL Xeon" */
    const cJSON *json;         /* the device in its source's tree: clock_check, state_source */
    const cJSON *state_source; /* what read its state and energy, or why not; NULL in older files */
};

/* One row of one source.  A row of another type than float (its "type": --type double,
 * half) is named with it, "vadd (double)", its twin and baseline too: every view keys rows by
 * these names, so that a double row is never the float row of the same kernel. */
struct cb_rrow {
    size_t device; /* index into cb_report.devices */
    const char *kernel, *family, *metric, *status, *reason;
    const char *twin, *baseline; /* as recorded (NULL in older files: the registry's) */
    const char *type;            /* "float" (also where the file does not say), "double", "half" */
    const char *timer_reason;    /* why it was timed on the host clock; NULL: by its timer */
    char params[CB_RKEY_LEN];    /* "RX=4 RY=2": sorted by name, so files of any order match */
    char size[CB_RKEY_LEN];      /* "1024x1024" */
    double size_product;         /* for ordering rows by size */
    int ok;                      /* status "ok" with a median */
    int lone; /* its device ran its kernel at its size with these parameters only */
    double median_ms, throughput, fraction_of_peak; /* throughput in metric; 0 when unknown */
    double *samples_ms;                             /* owned */
    const cJSON *json; /* the row in its source's tree: kernel_info, occupancy, bound, ... */
    size_t sample_count;
};

/* A source: one run file, or the live run. */
struct cb_rsource {
    char *name; /* the path, or "this run" (owned) */
    cJSON *root;
    const char *host, *date;
};

struct cb_report {
    struct cb_rsource *sources;
    size_t source_count;
    struct cb_rdevice *devices;
    size_t device_count;
    struct cb_rrow *rows;
    size_t row_count;
    char **names; /* the kernel names of rows of a type other than float (owned) */
    size_t name_count;
};

/* Adds a run's JSON tree, taking ownership of root (freed on error too).  Returns 0, or -1
 * with the problem in why ("schema_version 2 is not supported (this clbench reads 1)"). */
int cb_report_add_json(struct cb_report *r, cJSON *root, const char *name, char *why,
                       size_t why_len);
/* Reads and adds a run file.  Returns 0, or -1 after printing one error line that names the
 * file and the problem. */
int cb_report_add_file(struct cb_report *r, const char *path);
/* Gives every device column a short label, unique in the report (call after the last add). */
void cb_report_label_devices(struct cb_report *r);
void cb_report_free(struct cb_report *r);

/* "H100 80GB HBM3" from "NVIDIA H100 80GB HBM3", "PoCL Intel Xeon" from PoCL's
 * "pthread-skylake-avx512-Intel(R) Xeon(R) Processor". */
void cb_report_short_name(const char *name, const char *platform, char *buf, size_t len);

/* The registered kernel a report row's name stands for: "vadd (double)" is vadd; NULL when
 * this binary has none of that name. */
const struct cb_kernel *cb_report_kernel(const char *name);

/* a and b are one row of the side-by-side: the same kernel and size, and the same parameters
 * or each the only parameters its device ran there (every device at its own defaults). */
int cb_report_same_row(const struct cb_rrow *a, const struct cb_rrow *b);

/* The row of kernel on device at size whose parameters agree with `params` on every name the
 * two share; among several, the fastest.  NULL when there is none that ran ok. */
/* What library row x ran, as one line ("OpenBLAS 0.3.21: Zen kernels (OpenBLAS's CPU
 * detection), 2 threads"); 0 when x records no library (not a library row, or an older file).
 * *warning: the row's library warning, or NULL. */
int cb_report_library(const struct cb_rrow *x, char *buf, size_t len, const char **warning);

const struct cb_rrow *cb_report_find_partner(const struct cb_report *r, size_t device,
                                             const char *kernel, const char *size,
                                             const char *params);
/* The value of parameter name in a params string, or def. */
long cb_report_param(const char *params, const char *name, long def);
/* Where x's parameters came from, as the views print it: "tuned (exact entry 4097x4097x4097)",
 * "tuned (class+shape entry 8192x8192x8192, square)", "tuned (nearest entry ...)",
 * "default (tuned entry refused)", "default"; "" when the file does not say.  Returns 1 when
 * a tuning database entry was used or refused. */
int cb_report_params_from(const struct cb_rrow *x, char *buf, size_t len);

#endif
