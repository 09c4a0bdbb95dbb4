/* Building a device's programs before its rows run; see run.h. */
#include "clbench/run.h"

#include "clbench/contract.h"
#include "clbench/source.h"

#include <stdlib.h>

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
