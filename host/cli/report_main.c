/* `clbench report`: reads run files, merges them and prints one of three views (side by side,
 * --baseline comparison, --findings).  Its own option table, each row bound to its field of
 * struct report_config, drives the parser and its --help (options.h), as args.c's does for the
 * benchmark. */
#define _POSIX_C_SOURCE 200809L
#include "clbench/check.h"
#include "clbench/manifest.h"
#include "clbench/options.h"
#include "clbench/output.h"
#include "clbench/parse.h"
#include "clbench/report_views.h"
#include "clbench/source.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h> /* optind: the first run file, after cb_options_parse */

struct report_config {
    enum cb_format format;
    int format_given, findings, detail, help;
    const char *output, *baseline, *html;
    struct cb_compare_options compare;
};

static int usage(const char *fmt, ...) CB_PRINTF(1, 2);

static int usage(const char *fmt, ...)
{
    va_list ap;
    int code;

    va_start(ap, fmt);
    code = cb_usage_error(CB_REPORT_BAD_INPUT, "report", fmt, ap);
    va_end(ap);
    return code;
}

static int set_format(const struct cb_option *o, void *conf, const char *name)
{
    static const struct {
        const char *name;
        enum cb_format format;
    } formats[] = {{"table", CB_FORMAT_TABLE},
                   {"md", CB_FORMAT_MD},
                   {"csv", CB_FORMAT_CSV},
                   {"json", CB_FORMAT_JSON}};
    struct report_config *c = conf;

    (void)o;
    c->format_given = 1;
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
        if (strcmp(name, formats[i].name) == 0) {
            c->format = formats[i].format;
            return 0;
        }
    return usage("unknown format '%s' (use table, md, csv or json)", name);
}

#define AT(member) CB_OPT_AT(struct report_config, member)

/* Sorted by long name: --help prints in this order. */
static const struct cb_option options[] = {
    {"alpha", 0, CB_OPT_NUMBER, AT(compare.alpha), .min = 1e-12, .max = 0.5, .metavar = "P",
     .help = "with --baseline: significance level of the rank test (default 0.01)"},
    {"baseline", 'b', CB_OPT_STRING, AT(baseline), .metavar = "OLD.json",
     .help = "compare FILE... (NEW) with OLD.json row by row; exit 1 on a regression"},
    {"detail", 0, CB_OPT_TRUE, AT(detail),
     .help = "per row the kernel's resources (work-group size, local and private memory, "
             "registers and spills on NVIDIA), occupancy, roofline bound and launch overheads"},
    {"findings", 0, CB_OPT_TRUE, AT(findings),
     .help = "print the seed findings: the local-memory verdict per device, the ILP/occupancy "
             "curve, the RXxRY grid and the transpose ladder"},
    {"format", 'f', CB_OPT_CALL, .call = set_format, .metavar = "FMT",
     .help = "table, md, csv or json (default: from --output's extension, else table)"},
    {"help", 'h', CB_OPT_TRUE, AT(help), .help = "show this help and exit"},
    {"html", 0, CB_OPT_FILE, AT(html), .metavar = "FILE",
     .help = "write the side-by-side view as one self-contained HTML page (runs and their "
             "provenance, devices, verdict, rooflines, family tables with ladders, failed rows) "
             "to FILE, atomically"},
    {"output", 'o', CB_OPT_FILE, AT(output), .metavar = "FILE",
     .help = "write the report to FILE (atomically) instead of stdout"},
    {"threshold", 0, CB_OPT_NUMBER, AT(compare.threshold), .min = 0, .max = 1e6, .metavar = "PCT",
     .help = "with --baseline: percent slower that counts as a regression (default 5)"},
};

const struct cb_command cb_report_options = {"report", options, sizeof options / sizeof options[0],
                                             sizeof(struct report_config), CB_REPORT_BAD_INPUT};

void cb_report_print_help(FILE *out)
{
    fputs("usage: clbench report [options] RUN.json...\n"
          "\n"
          "Merges run files (clbench -o RUN.json) from any machines into one table per kernel\n"
          "family with a column group per device: median ms, throughput, fraction of the\n"
          "device's measured peak, speedup over the family's baseline kernel, and the GPU/CPU\n"
          "ratio.  Rows are matched by kernel, parameters and size; a row only some devices\n"
          "ran is shown with '-' for the others.  The same device model in two files is told\n"
          "apart by host.\n"
          "\n"
          "options:\n",
          out);
    cb_options_help(out, &cb_report_options);
    fputs("\n"
          "--baseline: per row the change of the median, the Hodges-Lehmann shift (the median\n"
          "of every NEW - OLD sample difference, in percent of OLD's median) with its\n"
          "distribution-free interval at 1 - --alpha, and the p-value of a two-sided\n"
          "Mann-Whitney U test on the recorded samples_ms: exact (ties included) up to 50\n"
          "samples in all, else the normal approximation with tie and continuity corrections.\n"
          "A row regressed when its shift is more than --threshold percent slower and\n"
          "p < --alpha, or when it ran in OLD and fails in NEW.  Beside the rows that changed:\n"
          "what the two runs record differently (driver, platform, clock check, peaks, timer,\n"
          "build options, parameters' origin, library, clocks, power, throttling).  5 samples\n"
          "against 5 reach p = 0.0079 at best, 4 against 4 only 0.029: such rows say so.\n"
          "\n"
          "examples:\n"
          "  clbench report gpu-host.json laptop.json\n"
          "  clbench report --format md -o side-by-side.md results/*/*.json\n"
          "  clbench report --baseline main.json branch.json --threshold 3\n"
          "  clbench report --findings gpu-host.json cpu-host.json\n"
          "  clbench report --detail results/nvidia-h100-80gb-hbm3/*why*.json\n"
          "  clbench report --html report.html gpu-host.json laptop.json\n"
          "\n"
          "exit status: 0 done; 1 a row regressed (--baseline); 2 bad command line, a file that\n"
          "is unreadable, not JSON, truncated or of another schema or schema_version, or an\n"
          "output that cannot be written.\n",
          out);
}

void cb_report_print_man_options(FILE *out)
{
    cb_options_man(out, &cb_report_options);
}

static void format_from_output(struct report_config *c)
{
    const char *dot = strrchr(c->output, '.');

    if (dot == NULL)
        return;
    if (strcmp(dot, ".json") == 0)
        c->format = CB_FORMAT_JSON;
    else if (strcmp(dot, ".csv") == 0)
        c->format = CB_FORMAT_CSV;
    else if (strcmp(dot, ".md") == 0)
        c->format = CB_FORMAT_MD;
}

static int parse(int argc, char **argv, struct report_config *c)
{
    int status;

    memset(c, 0, sizeof *c);
    c->compare.alpha = 0.01;
    c->compare.threshold = 5;
    status = cb_options_parse(&cb_report_options, argc, argv, c);
    if (status != 0 || c->help)
        return status;
    if (optind >= argc)
        return usage("no run files given");
    if ((c->baseline != NULL) + c->findings + c->detail + (c->html != NULL) > 1)
        return usage("--baseline, --findings, --detail and --html are separate views: give one");
    if (c->html != NULL && (c->output != NULL || c->format_given))
        return usage("--html FILE names the page it writes: drop --output and --format");
    if (c->output != NULL && !c->format_given)
        format_from_output(c);
    if (c->findings && (c->format == CB_FORMAT_CSV || c->format == CB_FORMAT_JSON))
        return usage("--findings prints table or md; the numbers behind it are in the "
                     "side-by-side csv and json");
    if (c->detail && (c->format == CB_FORMAT_CSV || c->format == CB_FORMAT_JSON))
        return usage("--detail prints table or md; the fields behind it are in the run files");
    return 0;
}

static int read_all(struct cb_report *r, char **paths, int count)
{
    for (int i = 0; i < count; i++)
        if (cb_report_add_file(r, paths[i]) != 0)
            return -1;
    cb_report_label_devices(r);
    return 0;
}

int cb_report_main(int argc, char **argv)
{
    struct report_config c;
    struct cb_report old_run, new_run;
    struct cb_output out;
    FILE *f = stdout;
    size_t regressed = 0;
    char why[CB_MANIFEST_WHY_LEN];
    int status = parse(argc, argv, &c);

    if (status != 0)
        return status;
    if (c.help) {
        cb_report_print_help(stdout);
        return CB_REPORT_OK;
    }
    /* The report written over a run file it reads would lose that file's raw samples. */
    {
        const char *kinds[] = {"the --baseline run file", "a run file it reads"};
        int refused = cb_output_not_input(c.output, "--output", (const char *const *)&c.baseline,
                                          kinds, 1) != 0;

        for (int i = optind; i < argc && !refused; i++)
            refused = cb_output_not_input(c.output, "--output", (const char *const *)&argv[i],
                                          kinds + 1, 1) != 0;
        if (refused)
            return CB_REPORT_BAD_INPUT;
    }
    memset(&old_run, 0, sizeof old_run);
    memset(&new_run, 0, sizeof new_run);
    memset(&out, 0, sizeof out);
    status = CB_REPORT_BAD_INPUT;
    /* The kernels' declarations order the tables and name twins and baselines. */
    if (cb_builtin_kernels_load(cb_default_cl_dir(), why, sizeof why) != 0) {
        cb_error("%s", why);
        return CB_REPORT_BAD_INPUT;
    }
    if (c.baseline != NULL && cb_report_add_file(&old_run, c.baseline) != 0)
        goto done;
    cb_report_label_devices(&old_run);
    if (read_all(&new_run, argv + optind, argc - optind) != 0)
        goto done;
    if (c.html != NULL)
        c.output = c.html;
    if (c.output != NULL) {
        if (cb_output_open(&out, c.output) != 0)
            goto done;
        f = out.file;
    }
    if (c.baseline != NULL)
        regressed = cb_report_write_compare(f, &old_run, &new_run, &c.compare, c.format);
    else if (c.findings)
        cb_report_write_findings(f, &new_run, c.format);
    else if (c.detail)
        cb_report_write_detail(f, &new_run, c.format);
    else if (c.html != NULL && cb_report_write_html(f, &new_run) != 0) {
        cb_output_abort(&out);
        cb_error("out of memory writing '%s'", c.html);
        goto done;
    } else if (c.html == NULL)
        cb_report_write_tables(f, &new_run, c.format);
    if (c.output != NULL) {
        if (ferror(f)) {
            cb_output_fail(&out);
            goto done;
        }
        if (cb_output_commit(&out) != 0)
            goto done;
    } else if (fflush(stdout) != 0 || ferror(stdout)) {
        cb_error("writing the report failed");
        goto done;
    }
    status = regressed > 0 ? CB_REPORT_REGRESSED : CB_REPORT_OK;
done:
    cb_report_free(&old_run);
    cb_report_free(&new_run);
    cb_builtin_kernels_unload();
    return status;
}
