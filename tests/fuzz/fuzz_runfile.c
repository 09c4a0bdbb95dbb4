/* libFuzzer harness for the run-file reader of `clbench report` (host/report/report_read.c): any
 * bytes, parsed by cJSON, then read as a run file twice into one report (the second copy
 * exercises merging devices and rows), labelled and freed. */
#include "clbench/report_data.h"

#include <cjson/cJSON.h>
#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct cb_report report;
    char why[256];

    memset(&report, 0, sizeof report);
    for (int copy = 0; copy < 2; copy++) {
        cJSON *root = cJSON_ParseWithLength((const char *)data, size);

        if (root == NULL)
            break;
        why[0] = '\0';
        if (cb_report_add_json(&report, root, copy ? "b.json" : "a.json", why, sizeof why) != 0 &&
            memchr(why, '\0', sizeof why) == NULL)
            __builtin_trap(); /* the reason must be a terminated string */
    }
    cb_report_label_devices(&report);
    cb_report_free(&report);
    return 0;
}
