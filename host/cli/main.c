/* clbench: the table of contents.  No OpenCL calls here. */
#include "clbench/args.h"
#include "clbench/check.h"
#include "clbench/device.h"
#include "clbench/libraries.h"
#include "clbench/list.h"
#include "clbench/report_views.h"
#include "clbench/runfile.h"
#include "clbench/session.h"
#include "clbench/tune.h"
#include "clbench/worker.h"

#include <stdlib.h>
#include <string.h>

static int list_devices(const struct cb_config *cfg)
{
    struct cb_device_list list;
    int status;

    if (cb_devices_enumerate(&list) != CL_SUCCESS)
        return CB_EXIT_FAILED;
    if (cfg->session.out.format == CB_FORMAT_JSON)
        status = cb_devices_print_json(stdout, &list) == 0 ? CB_EXIT_OK : CB_EXIT_FAILED;
    else {
        cb_devices_print(stdout, &list);
        status = CB_EXIT_OK;
    }
    cb_devices_free(&list);
    return status;
}

/* --list-kernels; with -d, the defaults resolved on the selected devices. */
static int list_kernels(const struct cb_config *cfg)
{
    struct cb_device_list list;
    struct cb_device **devices;
    size_t count = 0;
    int status = CB_EXIT_FAILED;

    if (!cfg->devices_given) {
        cb_kernels_print(stdout, NULL, 0, cfg);
        return CB_EXIT_OK;
    }
    if (cb_devices_enumerate(&list) != CL_SUCCESS)
        return CB_EXIT_FAILED;
    devices = calloc(list.count > 0 ? list.count : 1, sizeof *devices);
    if (devices != NULL && cb_devices_select(&list, cfg->session.devices, devices, &count) == 0) {
        cb_kernels_print(stdout, devices, count, cfg);
        status = CB_EXIT_OK;
    }
    free(devices);
    cb_devices_free(&list);
    return status;
}

static int bench(struct cb_config *cfg)
{
    int status;

    if (cb_worker_mode())
        return cb_worker_serve(&cfg->session);
    status = cb_config_check_outputs(cfg, NULL, NULL);
    if (status != 0)
        return status;
    return cb_session_run(&cfg->session);
}

int main(int argc, char **argv)
{
    struct cb_config cfg;
    int status;

    cb_openblas_choose_core();
    cb_workers_argv(argv);
    if (argc > 1 && strcmp(argv[1], "report") == 0)
        return cb_report_main(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "tune") == 0)
        return cb_tune_main(argc - 1, argv + 1);
    status = cb_parse_args(argc, argv, &cfg);
    if (status != 0)
        return status;
    if (cfg.show_help)
        cb_print_help(stdout);
    else if (cfg.show_man)
        cb_print_man(stdout);
    else if (cfg.show_version)
        printf("clbench %s\n", CLBENCH_VERSION);
    else if (cfg.list_kernels)
        status = list_kernels(&cfg);
    else if (cfg.list_devices)
        status = list_devices(&cfg);
    else
        status = bench(&cfg);
    cb_config_free(&cfg);
    return status;
}
