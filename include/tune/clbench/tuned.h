/* The tuning database: the best parameters `clbench tune` found per (device, platform,
 * driver, kernel, element type, exact size), with their provenance, in one JSON file
 * ($XDG_DATA_HOME/clbench/tuned.json, else ~/.local/share/clbench/tuned.json, or --tuned FILE).
 * Plain runs read it (host/run/rows.c) to use tuned parameters where no -D is given; the
 * entries shipped with clbench (results/tuned.json, installed as share/clbench/tuned.json) are
 * read after the user's.  Field meanings: docs/tuning.md.
 */
#ifndef CLBENCH_TUNED_H
#define CLBENCH_TUNED_H

#include "clbench/settings.h"
#include "clbench/device.h"
#include "clbench/kernel.h"
#include "clbench/manifest.h"
#include "clbench/parse.h"

#include <stdio.h>

#define CB_TUNED_SCHEMA         "clbench-tuned"
#define CB_TUNED_SCHEMA_VERSION 1 /* bump when a field changes meaning or goes away */

struct cb_tuned_entry {
    char device[CB_NAME_LEN], platform[CB_NAME_LEN], driver[CB_NAME_LEN];
    char kernel[CB_KERNEL_NAME_MAX + 1]; /* any name a manifest may declare */
    /* The rows' element type (--type) it was tuned in; "type" in the file, absent: float (the
     * databases written before types had no such field).  Only rows of that type use it. */
    enum cb_elem_type real;
    char size_class[96]; /* cb_size_class */
    size_t size[CB_MAX_DIMS];
    unsigned dims;
    /* An entry of an older database (no "shape" field): keyed by size class alone, its size
     * only where it was tuned.  Entries the tuner writes are keyed by their exact size. */
    int class_only;
    int warned; /* a lookup has warned that its kernel refuses it: it warns once */
    unsigned param_count;
    char param_names[CB_MAX_PARAMS][CB_DEFINE_NAME_LEN];
    long params[CB_MAX_PARAMS];
    double median_ms, throughput; /* throughput in `metric`: what "better" compares */
    char metric[16];
    unsigned long long samples, evaluations;
    char strategy[16], budget[32];
    char date[32], commit[64], version[32], host[256];
};

struct cb_tuned_db {
    struct cb_tuned_entry *entries;
    size_t count;
};

/* How an entry matched a lookup, in the order they are tried (docs/tuning.md). */
enum cb_tuned_match { CB_TUNED_NONE, CB_TUNED_EXACT, CB_TUNED_CLASS, CB_TUNED_NEAREST };

/* Each dimension of size rounded up to a power of two: "1024x1024x1024" for 1000^3. */
void cb_size_class(const struct cb_kernel *k, const size_t size[CB_MAX_DIMS], char *buf,
                   size_t len);
/* The shape of a size: for M x N x K, "flat" when K * CB_TUNED_SMALL <= min(M, N), else
 * "skinny" when min(M, N) * CB_TUNED_SMALL <= max(M, N, K), else "square"; for two dimensions
 * "skinny" when one is CB_TUNED_SMALL times the other or more; one dimension is "square". */
#define CB_TUNED_SMALL 8
const char *cb_tuned_shape(unsigned dims, const size_t size[CB_MAX_DIMS]);
/* The user's database: $XDG_DATA_HOME/clbench/tuned.json or ~/.local/share/clbench/tuned.json;
 * -1 when neither variable is set. */
int cb_tuned_default_path(char *buf, size_t len);

/* Adds the entries of the database at path to db, keeping the better entry per key.  A missing
 * file adds nothing; one that is unreadable, not JSON, of another schema or of a newer
 * schema_version adds nothing and warns once (quiet: returns -1 without a warning). */
int cb_tuned_load(const char *path, struct cb_tuned_db *db, int quiet);
/* For plain runs: the user's database (or path, from --tuned), then the shipped one beside
 * cl_dir, with the user's entry winning per key. */
void cb_tuned_load_for_run(const char *path, const char *cl_dir, struct cb_tuned_db *db);
void cb_tuned_free(struct cb_tuned_db *db);

/* What cb_tuned_merge did with an entry. */
enum cb_tuned_merged { CB_TUNED_ADDED, CB_TUNED_REPLACED, CB_TUNED_KEPT };
/* Adds e unless db holds a better entry of the same key (CB_TUNED_KEPT); replaces a worse one
 * (CB_TUNED_REPLACED).  -1: memory. */
int cb_tuned_merge(struct cb_tuned_db *db, const struct cb_tuned_entry *e);
/* Whether the file at path may be updated as a tuning database: 0 when it is one (of any
 * schema_version: cb_tuned_save refuses a newer one), or missing, or empty; else -1 with what
 * the file is and what to pass instead in why (one line), so that a run file or a report
 * given as --tuned is refused before any work rather than replaced. */
int cb_tuned_check_target(const char *path, char *why, size_t len);
/* As cb_tuned_check_target, for a command that will write the database (tune, tune --merge):
 * also refuses one of a newer schema_version or whose "entries" is not a list, before the
 * tune spends its budget. */
int cb_tuned_check_update(const char *path, char *why, size_t len);
/* Merges entries into the database at path: under an exclusive flock on path.lock (path: a
 * link's target), re-reads it, merges and replaces it atomically (output.h), so that tuners
 * running at the same time lose nothing.  Entries this clbench cannot read (an unknown type or
 * field, a missing median, more dimensions, longer names: a newer clbench's) and every field
 * it does not know stay exactly as they were; only an entry a better one of the same key
 * replaces changes.  Creates the directory.  Says on `summary` (NULL: nothing) which entries it
 * added, which it replaced, which it kept because the stored ones were better, and how many it
 * kept unread.  -1 with a message on failure: a newer database, or a file that is not a
 * database, is not overwritten. */
int cb_tuned_save(const char *path, const struct cb_tuned_entry *entries, size_t count,
                  FILE *summary);
/* Merges the databases files[0..count) into the one at path, as cb_tuned_save does: the
 * per-task databases of a cluster job whose shared file system has no working locks.  Their
 * entries this clbench cannot read are carried over as they are (once each).  -1 with a
 * message when one of them is missing, unreadable, newer or not a database (nothing is
 * written). */
int cb_tuned_merge_files(const char *path, char *const *files, size_t count);

/* The entry for this device (name, platform, driver), kernel and element type at size: the
 * one of exactly that size, else the nearest of its size class and shape, else (nearest
 * allowed) the nearest of its shape; match says which.  The entry may hold parameters k
 * refuses (cb_tuned_refuses).  NULL if none. */
const struct cb_tuned_entry *cb_tuned_choose(const struct cb_tuned_db *db,
                                             const struct cb_device *d, const struct cb_kernel *k,
                                             enum cb_elem_type real, const size_t size[CB_MAX_DIMS],
                                             int nearest, enum cb_tuned_match *match);
/* 0 when e's parameter names are exactly k's and k allows each value; else 1 with why. */
int cb_tuned_refuses(const struct cb_tuned_entry *e, const struct cb_kernel *k, char *why,
                     size_t len);
/* cb_tuned_choose without the nearest rule, and only an entry k accepts; NULL if none. */
const struct cb_tuned_entry *cb_tuned_find(const struct cb_tuned_db *db, const struct cb_device *d,
                                           const struct cb_kernel *k, enum cb_elem_type real,
                                           const size_t size[CB_MAX_DIMS]);
/* Parameter i of k from e (after cb_tuned_find matched their names). */
long cb_tuned_param(const struct cb_tuned_entry *e, const struct cb_kernel *k, unsigned i);
/* cb_tuned_choose (nearest allowed) for p's kernel, type and size, and cb_tuned_param, for
 * the runner's rows (struct cb_rows_request's tuned_lookup).  An entry the kernel refuses is
 * skipped with a warning naming it (once per entry), and the row keeps its defaults with
 * use->skipped saying so. */
int cb_tuned_lookup(const struct cb_tuned_db *db, const struct cb_device *d,
                    const struct cb_problem *p, long *params, struct cb_tuned_use *use);

/* e as a C header (#define TSM 64 ...) or as a database of one entry (JSON). */
int cb_tuned_export(FILE *out, const struct cb_tuned_entry *e, int as_header);

#endif
