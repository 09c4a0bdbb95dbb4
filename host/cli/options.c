/* Option tables for getopt_long; see options.h. */
#define _POSIX_C_SOURCE 200809L
#include "clbench/options.h"

#include "clbench/check.h"

#include <string.h>

void cb_options_help(FILE *out, const struct cb_option *options, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        const struct cb_option *o = &options[i];
        const char *space = o->has_arg ? " " : "", *metavar = o->has_arg ? o->metavar : "";
        char left[64];

        if (o->help == NULL)
            continue;
        if (o->code < CB_OPTION_LONG_ONLY)
            snprintf(left, sizeof left, "-%c, --%s%s%s", o->code, o->name, space, metavar);
        else
            snprintf(left, sizeof left, "    --%s%s%s", o->name, space, metavar);
        fprintf(out, "  %-28s %s\n", left, o->help);
    }
}

void cb_roff_text(FILE *out, const char *text)
{
    if (*text == '.' || *text == '\'')
        fputs("\\&", out);
    for (const char *c = text; *c != '\0'; c++)
        if (*c == '-')
            fputs("\\-", out);
        else if (*c == '\\')
            fputs("\\e", out);
        else
            fputc(*c, out);
}

void cb_options_man(FILE *out, const struct cb_option *options, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        const struct cb_option *o = &options[i];

        if (o->help == NULL)
            continue;
        fputs(".TP\n", out);
        if (o->code < CB_OPTION_LONG_ONLY)
            fprintf(out, "\\fB\\-%c\\fR, ", o->code);
        fputs("\\fB\\-\\-", out);
        cb_roff_text(out, o->name);
        fputs("\\fR", out);
        if (o->has_arg) {
            fputs(" \\fI", out);
            cb_roff_text(out, o->metavar);
            fputs("\\fR", out);
        }
        fputc('\n', out);
        cb_roff_text(out, o->help);
        fputc('\n', out);
    }
}

void cb_options_prepare(const struct cb_option *options, size_t count, struct option *longopts,
                        char *shortopts)
{
    memset(longopts, 0, (count + 1) * sizeof *longopts);
    strcpy(shortopts, ":");
    for (size_t i = 0; i < count; i++) {
        longopts[i].name = options[i].name;
        longopts[i].has_arg = options[i].has_arg ? required_argument : no_argument;
        longopts[i].val = options[i].code;
        if (options[i].code < CB_OPTION_LONG_ONLY) {
            const char opt[3] = {(char)options[i].code, options[i].has_arg ? ':' : '\0', '\0'};

            strcat(shortopts, opt);
        }
    }
    /* 0, not 1: glibc then also forgets where it was inside a group of short options, which a
     * parse that stopped at an error in "-Zr3" would otherwise carry into the next parse's
     * argv (found by tests/fuzz/fuzz_args.c; a use after free). */
    optind = 0;
    opterr = 0; /* messages are ours, in one style */
}

void cb_options_problem(int code, int argc, char **argv, char *buf, size_t len)
{
    const char *bad = argv[optind - 1 < argc ? optind - 1 : argc - 1];

    if (code == ':')
        snprintf(buf, len, "option '%s' needs a value", bad);
    else if (optopt != 0)
        snprintf(buf, len, "unknown option '-%c'", optopt);
    else
        snprintf(buf, len, "unknown option '%s'", bad);
}

int cb_usage_error(int exit_code, const char *command, const char *fmt, va_list ap)
{
    char msg[512];

    vsnprintf(msg, sizeof msg, fmt, ap);
    if (command == NULL)
        cb_error("%s (try --help)", msg);
    else
        cb_error("%s: %s (try clbench %s --help)", command, msg, command);
    return exit_code;
}
