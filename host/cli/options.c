/* Option tables: the parser built on getopt_long, --help and the man page; see options.h. */
#define _POSIX_C_SOURCE 200809L
#include "clbench/options.h"

#include "clbench/check.h"
#include "clbench/parse.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

/* getopt_long's code of row i without a short letter: above every char. */
enum { LONG_ONLY = 256 };

static int refuse(const struct cb_command *c, const char *fmt, ...) CB_PRINTF(2, 3);

static int refuse(const struct cb_command *c, const char *fmt, ...)
{
    va_list ap;
    int code;

    va_start(ap, fmt);
    code = cb_usage_error(c->usage_exit, c->name, fmt, ap);
    va_end(ap);
    return code;
}

/* A COUNT of o, as the field's width holds it. */
static void store_count(const struct cb_option *o, void *conf, unsigned long long v)
{
    char *at = (char *)conf + o->field;

    if (o->size == sizeof(unsigned)) {
        const unsigned u = (unsigned)v;

        memcpy(at, &u, sizeof u);
    } else
        memcpy(at, &v, sizeof v);
}

static int apply_count(const struct cb_command *c, const struct cb_option *o, void *conf,
                       const char *arg)
{
    /* The widest value the field holds, and the row's limit within it. */
    const unsigned long long width = o->size == sizeof(unsigned) ? ~0U : ~0ULL;
    const unsigned long long max = o->max > 0 ? (unsigned long long)o->max : width;
    const size_t digits = strspn(arg, "0123456789");
    unsigned long long v;

    if (cb_parse_uint(arg, max, &v) == 0 && v >= o->min) {
        store_count(o, conf, v);
        return 0;
    }
    if (o->refusal != NULL)
        return refuse(c, "--%s %s, not '%s'", o->name, o->refusal, arg);
    if (cb_parse_uint(arg, max, &v) == 0)
        return refuse(c, "--%s must be at least %.0f", o->name, o->min);
    /* A whole number past the limit is one: say the limit, not that it is no number. */
    if (digits > 0 && arg[digits] == '\0')
        return refuse(c, "--%s takes at most %llu, not '%s'", o->name, max, arg);
    return refuse(c, "--%s takes a whole number, not '%s'", o->name, arg);
}

/* A SECONDS or NUMBER value within the row's range. */
static int read_double(const struct cb_option *o, const char *arg, double *v)
{
    char *end;

    if (o->kind == CB_OPT_SECONDS)
        return cb_parse_seconds(arg, v) == 0 && *v >= o->min;
    *v = strtod(arg, &end);
    return end != arg && *end == '\0' && *v >= o->min && *v <= o->max;
}

static int apply_double(const struct cb_command *c, const struct cb_option *o, void *conf,
                        const char *arg)
{
    double v;

    if (read_double(o, arg, &v)) {
        memcpy((char *)conf + o->field, &v, sizeof v);
        return 0;
    }
    if (o->refusal != NULL)
        return refuse(c, "--%s %s, not '%s'", o->name, o->refusal, arg);
    return refuse(c, "--%s takes a number from %g to %g, not '%s'", o->name, o->min, o->max, arg);
}

int cb_option_apply(const struct cb_command *c, const struct cb_option *o, void *conf,
                    const char *arg)
{
    char *at = (char *)conf + o->field;
    const int flag = o->kind == CB_OPT_TRUE;

    switch (o->kind) {
    case CB_OPT_TRUE:
    case CB_OPT_FALSE:
        memcpy(at, &flag, sizeof flag);
        return 0;
    case CB_OPT_FILE:
        if (*arg == '\0')
            return refuse(c, "--%s %s", o->name,
                          o->refusal != NULL ? o->refusal : "needs a file name");
        /* fall through */
    case CB_OPT_STRING:
        memcpy(at, &arg, sizeof arg);
        return 0;
    case CB_OPT_COUNT:
        return apply_count(c, o, conf, arg);
    case CB_OPT_SECONDS:
    case CB_OPT_NUMBER:
        return apply_double(c, o, conf, arg);
    case CB_OPT_CALL:
        return o->call(o, conf, arg);
    }
    return c->usage_exit;
}

const struct cb_option *cb_option_find(const struct cb_command *c, const char *name)
{
    for (size_t i = 0; i < c->count; i++)
        if (strcmp(c->options[i].name, name) == 0)
            return &c->options[i];
    return NULL;
}

/* getopt_long's tables: longopts has count + 1 entries, shortopts 3 * count + 2 chars and
 * starts with ':' so that a missing value is told apart. */
static void prepare(const struct cb_command *c, struct option *longopts, char *shortopts)
{
    memset(longopts, 0, (c->count + 1) * sizeof *longopts);
    strcpy(shortopts, ":");
    for (size_t i = 0; i < c->count; i++) {
        const struct cb_option *o = &c->options[i];

        longopts[i].name = o->name;
        longopts[i].has_arg = o->metavar != NULL ? required_argument : no_argument;
        longopts[i].val = o->letter != 0 ? o->letter : LONG_ONLY + (int)i;
        if (o->letter != 0) {
            const char opt[3] = {o->letter, o->metavar != NULL ? ':' : '\0', '\0'};

            strcat(shortopts, opt);
        }
    }
    /* 0, not 1: glibc then also forgets where it was inside a group of short options, which a
     * parse that stopped at an error in "-Zr3" would otherwise carry into the next parse's
     * argv (found by tests/fuzz/fuzz_args.c; a use after free). */
    optind = 0;
    opterr = 0; /* messages are ours, in one style */
}

/* The message for getopt_long's '?' (unknown option) or ':' (missing value). */
static int problem(const struct cb_command *c, int code, int argc, char **argv)
{
    const char *bad = argv[optind - 1 < argc ? optind - 1 : argc - 1];

    if (code == ':')
        return refuse(c, "option '%s' needs a value", bad);
    if (optopt != 0)
        return refuse(c, "unknown option '-%c'", optopt);
    return refuse(c, "unknown option '%s'", bad);
}

/* The row getopt_long's code names. */
static const struct cb_option *row_of(const struct cb_command *c, int code)
{
    if (code >= LONG_ONLY && (size_t)(code - LONG_ONLY) < c->count)
        return &c->options[code - LONG_ONLY];
    for (size_t i = 0; i < c->count; i++)
        if (c->options[i].letter == code)
            return &c->options[i];
    return NULL;
}

int cb_options_parse(const struct cb_command *c, int argc, char **argv, void *conf)
{
    struct option *longopts = malloc((c->count + 1) * sizeof *longopts);
    char *shortopts = malloc(3 * c->count + 2);
    int status = 0;

    if (longopts == NULL || shortopts == NULL)
        status = refuse(c, "out of memory");
    else
        prepare(c, longopts, shortopts);
    while (status == 0) {
        const int code = getopt_long(argc, argv, shortopts, longopts, NULL);
        const struct cb_option *o = row_of(c, code);

        if (code == -1)
            break;
        if (code == '?' || code == ':' || o == NULL)
            status = problem(c, code, argc, argv);
        else
            status = cb_option_apply(c, o, conf, optarg);
    }
    free(longopts);
    free(shortopts);
    return status;
}

void cb_options_help(FILE *out, const struct cb_command *c)
{
    for (size_t i = 0; i < c->count; i++) {
        const struct cb_option *o = &c->options[i];
        const char *space = o->metavar != NULL ? " " : "";
        const char *metavar = o->metavar != NULL ? o->metavar : "";
        char left[64];

        if (o->help == NULL)
            continue;
        if (o->letter != 0)
            snprintf(left, sizeof left, "-%c, --%s%s%s", o->letter, o->name, space, metavar);
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

void cb_options_man(FILE *out, const struct cb_command *c)
{
    for (size_t i = 0; i < c->count; i++) {
        const struct cb_option *o = &c->options[i];

        if (o->help == NULL)
            continue;
        fputs(".TP\n", out);
        if (o->letter != 0)
            fprintf(out, "\\fB\\-%c\\fR, ", o->letter);
        fputs("\\fB\\-\\-", out);
        cb_roff_text(out, o->name);
        fputs("\\fR", out);
        if (o->metavar != NULL) {
            fputs(" \\fI", out);
            cb_roff_text(out, o->metavar);
            fputs("\\fR", out);
        }
        fputc('\n', out);
        cb_roff_text(out, o->help);
        fputc('\n', out);
    }
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
