/* Searching a kernel's -D parameter space under a budget (`clbench tune`).  The space and the
 * strategies are pure: a search sees only an objective that evaluates a point, so that the
 * strategies are unit-tested on synthetic objectives (tests/unit/test_tune.c).  The command
 * that runs real rows is host/cli/tune_main.c; the database of the best points is tuned.h.
 */
#ifndef CLBENCH_TUNE_H
#define CLBENCH_TUNE_H

#include "clbench/device_defaults.h"
#include "clbench/kernel.h"
#include "clbench/parse.h"

#include <signal.h>
#include <stdint.h>

enum {
    CB_SPACE_MAX_VALUES = 64,
    CB_SEARCH_SMALL = 100, /* points "auto" sweeps whole under a time budget */
};

/* Every parameter's candidate values; a point is one index per parameter, numbered in mixed
 * radix (the last parameter varies fastest, as in a -D sweep). */
struct cb_space {
    unsigned dims;
    const char *names[CB_MAX_PARAMS];
    long values[CB_MAX_PARAMS][CB_SPACE_MAX_VALUES];
    unsigned count[CB_MAX_PARAMS];
    uint64_t total; /* points in the whole space */
};

/* The candidate values of every parameter of k: the -D list where one names it; otherwise an
 * `allowed` list as written, and a range "lo..hi" as lo, the powers of two inside it and hi (a
 * range of 500 values would make a space no budget covers; -D lists reach the others); always
 * with the defaults and the CPU defaults.  Sorted.  Returns 0, or -1 with why filled (a kernel
 * without parameters).
 */
int cb_space_build(struct cb_space *s, const struct cb_kernel *k, const struct cb_define *defines,
                   size_t define_count, char *why);
/* Adds values[i] to s's values of parameter i of k (s built for k) wherever no -D of defines
 * names the parameter: the search can then start from that point (the defaults of a device,
 * type and size, or what the tuning database gives them). */
void cb_space_add_point(struct cb_space *s, const struct cb_kernel *k, const long values[],
                        const struct cb_define *defines, size_t define_count);
void cb_space_point(const struct cb_space *s, uint64_t index, unsigned digit[CB_MAX_PARAMS]);
uint64_t cb_space_index(const struct cb_space *s, const unsigned digit[CB_MAX_PARAMS]);

/* What evaluating a point gave: refused before building (free: plan() or the device's limits
 * said no), measured but failed (build, launch, verification: counts against the budget), or a
 * cost (the median in ms: lower is better). */
enum cb_eval { CB_EVAL_REFUSED, CB_EVAL_FAILED, CB_EVAL_OK };
typedef enum cb_eval (*cb_objective_fn)(void *ctx, uint64_t index, double *cost);

enum cb_strategy {
    CB_STRATEGY_AUTO, /* exhaustive when the space fits the budget (see CB_SEARCH_SMALL) */
    CB_STRATEGY_EXHAUSTIVE,
    CB_STRATEGY_RANDOM,
    CB_STRATEGY_CLIMB,  /* first-improvement hill climbing, iterated from perturbed bests */
    CB_STRATEGY_ANNEAL, /* simulated annealing with random restarts */
};
/* "auto", "exhaustive", ...; the inverse returns -1 for an unknown name. */
const char *cb_strategy_name(enum cb_strategy s);
int cb_strategy_parse(const char *name);

/* A search's settings and, once it ran, its outcome. */
struct cb_search {
    const struct cb_space *space;
    cb_objective_fn objective;
    void *ctx;
    uint64_t seed;
    uint64_t max_evals;                /* 0: no limit on measured points */
    double deadline_ms;                /* cb_wall_ms() after which no evaluation starts; 0: none */
    const volatile sig_atomic_t *stop; /* non-zero: no evaluation starts (SIGINT); NULL: none */
    unsigned shard, shards; /* exhaustive and random visit index % shards == shard only */
    int has_start;          /* local searches start at `start` (the kernel's defaults) */
    uint64_t start;
    /* Filled in by cb_search_run. */
    enum cb_strategy used;
    uint64_t evals, refused;
    int found; /* a point was measured ok */
    uint64_t best;
    double best_cost;
};

/* Runs strategy st until the budget is spent or nothing is left to visit.  Every point is
 * evaluated at most once.  Returns 0, or -1 when out of memory. */
int cb_search_run(struct cb_search *s, enum cb_strategy st);

/* `clbench tune ...` (host/cli/tune_main.c): argv[0] is "tune".  Returns the exit status. */
int cb_tune_main(int argc, char **argv);

/* "10m", "90s", "1h", "1.5m" (a time) or "200" (evaluations); 0 and junk are refused with why. */
int cb_parse_budget(const char *s, double *seconds, uint64_t *evals, char *why);
/* "K/N" with 0 <= K < N. */
int cb_parse_shard(const char *s, unsigned *shard, unsigned *shards, char *why);

#endif
