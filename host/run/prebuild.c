/* Building a device's programs before its rows run; see run.h. */
#include "clbench/run.h"

#include "clbench/contract.h"
#include "clbench/source.h"

#include <stdlib.h>
#include <string.h>

void cb_rows_prebuild(const struct cb_row *rows, size_t count, const struct cb_row_env *env)
{
    char(*paths)[CB_PATH_LEN] = malloc(count * sizeof *paths);
    char(*options)[CB_OPTIONS_LEN] = malloc(count * sizeof *options);
    const char **path_list = malloc(count * sizeof *path_list);
    const char **option_list = malloc(count * sizeof *option_list);
    const struct cb_kernel **kernels = malloc(count * sizeof *kernels);
    size_t n = 0;

    for (size_t i = 0; paths && options && path_list && option_list && kernels && i < count; i++) {
        /* A scratch copy: planning writes into the row, and the row runs later as it is. */
        struct cb_row row = rows[i];
        const struct cb_kernel *k = row.problem.kernel;

        /* Rows that will not build: resumed, a library's (which launches itself), or refused
         * by the plan or the limits before building (their one line comes when they run). */
        if (row.resumed || cb_row_contract_of(k)->launch != NULL || cb_row_plan(&row) != 0 ||
            cb_build_options(options[n], CB_OPTIONS_LEN, &row.problem, env->cfg->cl_opts) != 0 ||
            cb_source_path(paths[n], CB_PATH_LEN, env->cfg->cl_dir, k) != 0)
            continue;
        path_list[n] = paths[n];
        option_list[n] = options[n];
        kernels[n] = k;
        n++;
    }
    /* Out of memory here only loses the head start: each row builds its own as before. */
    if (n > 1)
        cb_program_prebuild(env->cache, rows[0].device, path_list, option_list, kernels, n);
    free(paths);
    free(options);
    free(path_list);
    free(option_list);
    free(kernels);
}

/* 1 when row, planned at its own size, and small, planned at a smaller one, launch the same
 * work-groups of the same program: what a driver that compiles per local size compiles. */
static int same_launch(const struct cb_row *row, const struct cb_row *small, const char *extra)
{
    const struct cb_problem *a = &row->problem, *b = &small->problem;
    char options_a[CB_OPTIONS_LEN], options_b[CB_OPTIONS_LEN];

    if (a->work_dim != b->work_dim || a->then.work_dim != b->then.work_dim ||
        cb_build_options(options_a, sizeof options_a, a, extra) != 0 ||
        cb_build_options(options_b, sizeof options_b, b, extra) != 0 ||
        strcmp(options_a, options_b) != 0)
        return 0;
    for (int i = 0; i < 3; i++)
        if (a->local[i] != b->local[i] || a->then.local[i] != b->then.local[i] ||
            (a->local[i] == 0 && a->global[i] != b->global[i]))
            return 0;
    return 1;
}

/* The row at the smallest of its sizes halved (every dimension together) that launches as it
 * does; a library's row at its own size (CLBlast chooses its kernels by size).  -1 where there
 * is nothing to warm: a row that does not plan (its own run says why), a library that compiles
 * nothing. */
static int warm_size(struct cb_row *row, const char *extra)
{
    struct cb_row planned = *row;

    if (cb_row_plan(&planned) != 0)
        return -1;
    if (row->problem.kernel->library != NULL)
        return row->problem.kernel->library->compiles_on_first_use ? 0 : -1;
    if (cb_row_contract_of(row->problem.kernel)->launch != NULL)
        return 0;
    for (;;) {
        struct cb_row small = *row;
        int smaller = 0;

        for (int i = 0; i < CB_MAX_DIMS; i++)
            if (small.problem.size[i] > 1) {
                small.problem.size[i] /= 2;
                smaller = 1;
            }
        if (!smaller || cb_row_plan(&small) != 0 || !same_launch(&planned, &small, extra))
            return 0;
        for (int i = 0; i < CB_MAX_DIMS; i++)
            row->problem.size[i] = small.problem.size[i];
        planned = small;
    }
}

size_t cb_rows_warm(const struct cb_row *rows, size_t count, const struct cb_row_env *env)
{
    struct cb_row_settings cfg = *env->cfg;
    const struct cb_row_env warm_env = {&cfg, env->cache, env->oracles};
    size_t warmed = 0;

    /* One launch of each, untimed beyond what a row must: it is the compiles that count. */
    cfg.warmup = 0;
    cfg.reps = 1;
    cfg.min_time_s = 0;
    cfg.max_time_s = 0;
    cfg.max_first_s = 0;
    cfg.sensors = 0;
    cfg.energy_window_periods = 0;
    for (size_t i = 0; i < count; i++) {
        struct cb_row row = rows[i];

        if (row.resumed || warm_size(&row, cfg.cl_opts) != 0)
            continue;
        cb_run_row(&row, &warm_env);
        warmed += row.status == CB_STATUS_OK || row.status == CB_STATUS_UNVERIFIED;
        cb_row_free(&row);
    }
    return warmed;
}
