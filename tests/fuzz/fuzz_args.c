/* libFuzzer harness for the command line (cb_parse_args, host/cli/args.c).
 *
 * The input is argv: NUL-separated arguments after "clbench".  cb_parse_args calls
 * getopt_long, whose state lives in globals; it resets that state on every call, and this
 * harness is what keeps it honest (a parse that stops inside "-w0n4" must not leave getopt
 * pointing into the freed argv of the last input). */
#include "clbench/args.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_ARGS = 64 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    char *argv[MAX_ARGS + 2];
    int argc = 0;
    struct cb_config cfg;

    if (text == NULL)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    argv[argc++] = "clbench";
    for (size_t at = 0; at <= size && argc <= MAX_ARGS; at += strlen(text + at) + 1)
        argv[argc++] = text + at;
    argv[argc] = NULL;
    if (cb_parse_args(argc, argv, &cfg) == 0)
        cb_config_free(&cfg);
    free(text);
    return 0;
}
