/* Unit tests of the registry table and its helpers (host/kernels/registry.c). */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "clbench/device.h"
#include "clbench/kernel.h"
#include "clbench/manifest.h"
#include "clbench/private_limit.h"
#include "clbench/rows.h"
#include "clbench/source.h"
#include "clbench/text_file.h"

#include <ctype.h>
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int test_registry_names_unique_and_params_valid(void)
{
    for (size_t i = 0; i < cb_kernel_total(); i++) {
        const struct cb_kernel *k = cb_kernel_at(i);
        const unsigned nparams = cb_kernel_param_count(k);

        ASSERT_TRUE(k->name != NULL && k->family != NULL && k->experiment != NULL);
        ASSERT_TRUE(k->summary != NULL && k->plan != NULL && k->reference != NULL);
        ASSERT_TRUE(k->dims >= 1 && k->dims <= CB_MAX_DIMS);
        ASSERT_TRUE(k->inputs <= CB_MAX_INPUTS);
        ASSERT_TRUE(cb_kernel_find(k->name) == k);
        /* The only name clCreateKernel gets besides the probes': PoCL 3.1 aborts on one of 255
         * characters.  Kernel files' names are checked by their manifest. */
        ASSERT_TRUE(strlen(k->name) < 64);
        for (size_t j = i + 1; j < cb_kernel_total(); j++)
            ASSERT_TRUE(strcmp(k->name, cb_kernel_at(j)->name) != 0);
        for (unsigned p = 0; p < nparams; p++) {
            /* Every default must be an allowed value: a row must run with no -D at all. */
            ASSERT_TRUE(cb_param_allows(&k->params[p], k->params[p].def));
            if (k->def_cpu[p] != 0)
                ASSERT_TRUE(cb_param_allows(&k->params[p], k->def_cpu[p]));
            ASSERT_TRUE(k->params[p].help != NULL);
        }
        if (k->baseline != NULL)
            ASSERT_TRUE(cb_kernel_find(k->baseline) != NULL);
        if (k->twin != NULL)
            ASSERT_TRUE(cb_kernel_find(k->twin) != NULL);
        for (unsigned l = 0; l < 2; l++)
            if (k->libraries[l] != NULL)
                ASSERT_TRUE(cb_kernel_find(k->libraries[l]) != NULL);
    }
    return 0;
}

/* A built-in kernel's defaults exist once, in its manifest; the `#ifndef NAME` / `#define NAME
 * VALUE` lines of its .cl file, which let the file build alone, must say the same. */
int test_registry_defaults_match_the_cl_files(void)
{
    size_t checked = 0;

    for (size_t i = 0; i < cb_kernel_total(); i++) {
        const struct cb_kernel *k = cb_kernel_at(i);
        char path[CB_PATH_LEN];
        char *text;

        if (k->manifest == NULL || k->source_path != NULL)
            continue; /* a library baseline or a user's kernel */
        ASSERT_TRUE(cb_family_source_path(path, sizeof path, cb_default_cl_dir(), k->family) == 0);
        text = cb_read_text_file(path);
        ASSERT_TRUE(text != NULL);
        for (unsigned p = 0; p < cb_kernel_param_count(k); p++) {
            const char *name = k->params[p].name;
            char pattern[128];
            const char *at;

            snprintf(pattern, sizeof pattern, "#ifndef %s\n#define %s ", name, name);
            at = strstr(text, pattern);
            if (at == NULL || strtol(at + strlen(pattern), NULL, 10) != k->params[p].def) {
                fprintf(stderr, "%s: -D %s=%ld in its manifest, %s in %s\n", k->name, name,
                        k->params[p].def, at != NULL ? at + strlen(pattern) : "no #ifndef", path);
                free(text);
                return 1;
            }
            checked++;
        }
        free(text);
    }
    ASSERT_TRUE(checked > 0);
    return 0;
}

/* Whether `name` is a word of the file's code: a line that is not a comment's (manifests) nor the
 * default's own #ifndef / #define.  A parameter only the manifest's expressions use (a
 * work-group size of `local WGS`) needs no default in the code. */
static int used_in_code(const char *text, const char *name)
{
    const size_t n = strlen(name);

    for (const char *line = text; *line != '\0';) {
        const char *end = strchr(line, '\n');
        const char *s = line;

        if (end == NULL)
            end = line + strlen(line);
        while (s < end && (*s == ' ' || *s == '\t'))
            s++;
        if (*s != '*' && strncmp(s, "/*", 2) != 0 && strncmp(s, "//", 2) != 0 &&
            strncmp(s, "#ifndef", 7) != 0 && strncmp(s, "#define ", 8) != 0)
            for (const char *at = s; at + n <= end; at++)
                if (strncmp(at, name, n) == 0 &&
                    (at == s || !(isalnum((unsigned char)at[-1]) || at[-1] == '_')) &&
                    !(isalnum((unsigned char)at[n]) || at[n] == '_'))
                    return 1;
        line = *end != '\0' ? end + 1 : end;
    }
    return 0;
}

/* The same tie for every kernel file of cl/ and cl/examples/, in both directions: each `#ifndef
 * NAME` / `#define NAME VALUE` of a file is a parameter some manifest of that file declares, with
 * VALUE as its default, and each parameter of its manifests that the code uses has such a line
 * (the file builds alone).  A file without a manifest (the peak probes) is not a kernel file.
 * Returns the number of parameters checked, or -1 after a line on stderr. */
static long check_defaults_of_file(const char *path)
{
    struct cb_manifest_file *f;
    char why[CB_MANIFEST_WHY_LEN];
    char *text = cb_read_text_file(path);
    long checked = 0;

    if (text == NULL) {
        fprintf(stderr, "%s: cannot read it\n", path);
        return -1;
    }
    if (strstr(text, "clbench:kernel") == NULL) {
        free(text);
        return 0;
    }
    if (cb_manifest_parse(path, text, &f, why, sizeof why) != 0) {
        fprintf(stderr, "%s\n", why);
        free(text);
        return -1;
    }
    for (size_t i = 0; i < f->count && checked >= 0; i++) {
        const struct cb_kernel *k = f->kernels[i];

        for (unsigned p = 0; p < cb_kernel_param_count(k) && checked >= 0; p++) {
            const char *name = k->params[p].name;
            char pattern[128];
            const char *at;

            snprintf(pattern, sizeof pattern, "#ifndef %s\n#define %s ", name, name);
            at = strstr(text, pattern);
            if (at == NULL && !used_in_code(text, name))
                continue;
            if (at == NULL || strtol(at + strlen(pattern), NULL, 10) != k->params[p].def) {
                fprintf(stderr, "%s: -D %s=%ld in its manifest, %.20s in %s\n", k->name, name,
                        k->params[p].def, at != NULL ? at + strlen(pattern) : "no #ifndef", path);
                checked = -1;
            } else {
                checked++;
            }
        }
    }
    /* Each #ifndef default of the file is a manifest's parameter: none is declared twice. */
    for (const char *at = strstr(text, "#ifndef "); at != NULL && checked >= 0;
         at = strstr(at + 1, "#ifndef ")) {
        char name[64];
        int declared = 0;

        if (sscanf(at, "#ifndef %63[A-Za-z0-9_]", name) != 1 ||
            strncmp(at + strlen("#ifndef ") + strlen(name), "\n#define ", 9) != 0)
            continue; /* not a default: a guard of some other shape */
        for (size_t i = 0; i < f->count && !declared; i++)
            for (unsigned p = 0; p < cb_kernel_param_count(f->kernels[i]); p++)
                declared |= strcmp(f->kernels[i]->params[p].name, name) == 0;
        if (!declared) {
            fprintf(stderr, "%s: #ifndef %s has a default no manifest of the file declares\n", path,
                    name);
            checked = -1;
        }
    }
    cb_manifest_file_free(f);
    free(text);
    return checked;
}

static long check_defaults_of_folder(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    long checked = 0, files = 0;

    if (d == NULL) {
        fprintf(stderr, "%s: cannot open the folder\n", dir);
        return -1;
    }
    while ((e = readdir(d)) != NULL && checked >= 0) {
        const size_t n = strlen(e->d_name);
        char path[CB_PATH_LEN];
        long c;

        if (n < 4 || strcmp(e->d_name + n - 3, ".cl") != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        c = check_defaults_of_file(path);
        checked = c < 0 ? -1 : checked + c;
        files++;
    }
    closedir(d);
    return files > 0 ? checked : -1;
}

int test_registry_defaults_match_every_kernel_file(void)
{
    char examples[CB_PATH_LEN];
    long builtin, example;

    snprintf(examples, sizeof examples, "%s/examples", cb_default_cl_dir());
    builtin = check_defaults_of_folder(cb_default_cl_dir());
    example = check_defaults_of_folder(examples);
    ASSERT_TRUE(builtin > 0);
    ASSERT_TRUE(example > 0);
    return 0;
}

/* The built-in matmuls declare their private arrays (private_mem), for the check against a
 * CPU driver's stack: matmul_cpu's panel of B dominates. */
int test_registry_private_memory_of_matmuls(void)
{
    const struct cb_kernel *k = cb_kernel_find("matmul_cpu");
    struct cb_problem p;
    char why[256];

    ASSERT_TRUE(k != NULL);
    memset(&p, 0, sizeof p);
    p.kernel = k;
    p.size[0] = p.size[1] = p.size[2] = 64;
    for (unsigned i = 0; i < cb_kernel_param_count(k); i++)
        p.param[i] = k->params[i].def; /* MR 8, VN 16, NV 2, KB 256 */
    ASSERT_TRUE(k->plan(&p, why, sizeof why) == 0);
    ASSERT_EQ_U(p.private_mem_bytes, (256 + 8) * 2 * 16 * 4 + 16 * 4);
    k = cb_kernel_find("matmul_fast");
    ASSERT_TRUE(k != NULL);
    p.kernel = k;
    for (unsigned i = 0; i < cb_kernel_param_count(k); i++)
        p.param[i] = k->params[i].def; /* 128 128 16 8 8 4 4 0: 256 work-items */
    ASSERT_TRUE(k->plan(&p, why, sizeof why) == 0);
    ASSERT_EQ_U(p.private_mem_bytes, 8 * 8 * 4 + (2 + 2) * 16 + (8 + 4) * 4);
    return 0;
}

int test_registry_param_allows_lists_and_ranges(void)
{
    const struct cb_param list = {"TILE", 16, "8,16,32", "tile", NULL};
    const struct cb_param range = {"WGS", 256, "1..1024", "wgs", NULL};

    ASSERT_TRUE(cb_param_allows(&list, 8));
    ASSERT_TRUE(cb_param_allows(&list, 32));
    ASSERT_TRUE(!cb_param_allows(&list, 12));
    ASSERT_TRUE(!cb_param_allows(&list, 3)); /* a prefix of 32 is not 32 */
    ASSERT_TRUE(cb_param_allows(&range, 1));
    ASSERT_TRUE(cb_param_allows(&range, 1024));
    ASSERT_TRUE(!cb_param_allows(&range, 0));
    ASSERT_TRUE(!cb_param_allows(&range, 1025));
    return 0;
}

int test_registry_closest_name(void)
{
    ASSERT_TRUE(cb_kernel_closest("vad") != NULL);
    ASSERT_TRUE(strcmp(cb_kernel_closest("vadd_locl"), "vadd_local") == 0);
    ASSERT_TRUE(cb_kernel_closest("zzzzzzzzzzzzzzzzzzzz") == NULL);
    return 0;
}

int test_round_up_and_mul_overflow(void)
{
    ASSERT_EQ_U(cb_round_up(17, 16), 32);
    ASSERT_EQ_U(cb_round_up(32, 16), 32);
    ASSERT_EQ_U(cb_round_up(1, 256), 256);
    ASSERT_EQ_U(cb_round_up(SIZE_MAX - 3, 16), 0);
    ASSERT_EQ_U(cb_groups(17, 16), 2);
    ASSERT_EQ_U(cb_groups(32, 16), 2);
    ASSERT_EQ_U(cb_groups(0, 16), 0);
    ASSERT_EQ_U(cb_groups(SIZE_MAX, 16), SIZE_MAX / 16 + 1);
    ASSERT_EQ_U(cb_mul_size(1u << 20, 1u << 10), 1u << 30);
    ASSERT_EQ_U(cb_mul_size(SIZE_MAX / 2, 3), 0);
    ASSERT_EQ_U(cb_mul_size(0, SIZE_MAX), 0);
    return 0;
}

int test_registry_add_appends_and_refuses_duplicates(void)
{
    static const struct cb_kernel mine = {.name = "my_kernel", .family = "mine"};
    static const struct cb_kernel clash = {.name = "vadd", .family = "mine"};
    const size_t before = cb_kernel_total();

    ASSERT_EQ_U(cb_kernel_add(&mine), 0);
    ASSERT_EQ_U(cb_kernel_total(), before + 1);
    ASSERT_TRUE(cb_kernel_at(before) == &mine && cb_kernel_find("my_kernel") == &mine);
    ASSERT_TRUE(cb_kernel_add(&mine) == -1 && cb_kernel_add(&clash) == -1);
    ASSERT_TRUE(cb_kernel_at(before + 1) == NULL);
    cb_kernels_reset_added();
    ASSERT_EQ_U(cb_kernel_total(), before);
    ASSERT_TRUE(cb_kernel_find("my_kernel") == NULL);
    return 0;
}

/* A built-in point planned at size n with its defaults and one parameter changed. */
static struct cb_problem planned(const char *kernel, size_t n, const char *name, long value)
{
    struct cb_problem p;
    const struct cb_kernel *k = cb_kernel_find(kernel);

    memset(&p, 0, sizeof p);
    p.kernel = k;
    for (unsigned i = 0; i < k->dims; i++)
        p.size[i] = n;
    for (unsigned i = 0; i < cb_kernel_param_count(k); i++)
        p.param[i] = *cb_param_default(k, i, 1);
    if (name != NULL)
        p.param[cb_kernel_param_index(k, name)] = value;
    return p;
}

/* PoCL's CPU device holds a work-group's private arrays on a worker thread's stack: the limit
 * is that stack less PoCL's own frames, and only there; the points that crashed PoCL 3.1 with
 * an 8 MiB stack are over it, their neighbours that ran are under it. */
int test_private_limit_per_driver(void)
{
    const size_t mib8 = 8u << 20;
    const struct cb_private_limit pocl =
        cb_private_limit_for("Portable Computing Language", CL_DEVICE_TYPE_CPU, mib8);
    const struct cb_private_limit gpu =
        cb_private_limit_for("Portable Computing Language", CL_DEVICE_TYPE_GPU, mib8);
    const struct cb_private_limit rusticl =
        cb_private_limit_for("rusticl", CL_DEVICE_TYPE_CPU, mib8);
    struct cb_problem p;
    char why[256];

    ASSERT_TRUE(pocl.driver != NULL && strcmp(pocl.driver, "PoCL") == 0);
    ASSERT_EQ_U(pocl.stack_bytes, mib8);
    ASSERT_EQ_U(pocl.bytes, mib8 - 128 * 1024);
    ASSERT_TRUE(gpu.driver == NULL && gpu.bytes == 0);
    ASSERT_TRUE(rusticl.driver == NULL);
    ASSERT_TRUE(!cb_private_limit_exceeded(&gpu, 1024, SIZE_MAX / 2));
    ASSERT_TRUE(!cb_private_limit_exceeded(&pocl, 4096, 0));
    ASSERT_TRUE(cb_private_limit_exceeded(&pocl, 2, SIZE_MAX / 2)); /* no overflow */
    ASSERT_TRUE(!cb_private_limit_exceeded(&pocl, 1, pocl.bytes));
    ASSERT_TRUE(cb_private_limit_exceeded(&pocl, 1, pocl.bytes + 1));
    ASSERT_TRUE(cb_default_thread_stack() >= 16 * 1024);

    /* matmul_cpu -D WGM=256: 256 panels of 32 KiB and accumulators, over 8 MiB. */
    p = planned("matmul_cpu", 64, "WGM", 256);
    ASSERT_TRUE(p.kernel->plan(&p, why, sizeof why) == 0);
    ASSERT_EQ_U(p.private_mem_bytes, (256 * 32 + 8 * 32 + 16) * 4);
    ASSERT_TRUE(cb_private_limit_exceeded(&pocl, p.local[0] * p.local[1], p.private_mem_bytes));
    p = planned("matmul_cpu", 64, "WGM", 128);
    ASSERT_TRUE(p.kernel->plan(&p, why, sizeof why) == 0);
    ASSERT_TRUE(!cb_private_limit_exceeded(&pocl, p.local[0] * p.local[1], p.private_mem_bytes));
    /* matmul_cached TILE=64 RX=32 RY=16: 4096 work-items of acc[16][32] and more. */
    p = planned("matmul_cached", 256, "TILE", 64);
    p.param[cb_kernel_param_index(p.kernel, "RX")] = 32;
    p.param[cb_kernel_param_index(p.kernel, "RY")] = 16;
    ASSERT_TRUE(p.kernel->plan(&p, why, sizeof why) == 0);
    ASSERT_EQ_U(p.private_mem_bytes, (16 * 32 + 32) * 4 + (16 + 32) * 4);
    ASSERT_TRUE(cb_private_limit_exceeded(&pocl, p.local[0] * p.local[1], p.private_mem_bytes));
    /* The defaults of every matmul and copy_ilp stay under it. */
    {
        static const char *const kernels[] = {"matmul_regblock", "matmul_cached", "matmul_rank1",
                                              "matmul_fast",     "matmul_cpu",    "copy_ilp"};

        for (size_t i = 0; i < sizeof kernels / sizeof *kernels; i++) {
            p = planned(kernels[i], 256, NULL, 0);
            ASSERT_TRUE(p.kernel->plan(&p, why, sizeof why) == 0);
            ASSERT_TRUE(p.private_mem_bytes > 0);
            ASSERT_TRUE(!cb_private_limit_exceeded(
                &pocl, p.local[0] * (p.local[1] ? p.local[1] : 1), p.private_mem_bytes));
        }
    }
    return 0;
}

/* A library row on tensor cores has no FMA roof from the compute capability it names on. */
int test_registry_tensor_core_rows_have_no_fma_roof(void)
{
    struct cb_kernel k = {.name = "tensor_gemm", .tensor_cores_from_cc = 8};
    struct cb_device d = {.peak_gflops_measured = 200.0, .peak_gflops_fp64 = 100.0};

    d.nv_cc_major = 9;
    ASSERT_TRUE(cb_row_roof_gflops(&d, &k, CB_ELEM_DOUBLE) == 0.0);
    d.nv_cc_major = 7;
    ASSERT_TRUE(cb_row_roof_gflops(&d, &k, CB_ELEM_DOUBLE) == 100.0);
    d.nv_cc_major = -1; /* not NVIDIA */
    ASSERT_TRUE(cb_row_roof_gflops(&d, &k, CB_ELEM_FLOAT) == 200.0);
    k.tensor_cores_from_cc = 0;
    d.nv_cc_major = 9;
    ASSERT_TRUE(cb_row_roof_gflops(&d, &k, CB_ELEM_DOUBLE) == 100.0);
    return 0;
}

/* A generic kernel's rows have no --type: their roof is that of the widest floating type of
 * its buffers (a scalar's type does not count), and none when every buffer is an integer. */
int test_registry_generic_roof_from_buffers(void)
{
    struct cb_generic g;
    struct cb_kernel k = {.name = "user", .generic = &g};
    struct cb_device d = {
        .peak_gflops_measured = 200.0, .peak_gflops_fp64 = 100.0, .peak_gflops_fp16 = 400.0};

    memset(&g, 0, sizeof g);
    g.arg_count = 3;
    g.args[0] = (struct cb_generic_arg){.kind = CB_ARG_SCALAR, .type = CB_ELEM_DOUBLE};
    g.args[1] = (struct cb_generic_arg){.kind = CB_ARG_BUFFER, .type = CB_ELEM_HALF};
    g.args[2] = (struct cb_generic_arg){.kind = CB_ARG_BUFFER, .type = CB_ELEM_UCHAR};
    ASSERT_TRUE(cb_row_roof_gflops(&d, &k, CB_ELEM_FLOAT) == 400.0);
    g.args[2].type = CB_ELEM_FLOAT;
    ASSERT_TRUE(cb_row_roof_gflops(&d, &k, CB_ELEM_HALF) == 200.0);
    g.args[1].type = CB_ELEM_DOUBLE; /* --type float: the buffers decide */
    ASSERT_TRUE(cb_row_roof_gflops(&d, &k, CB_ELEM_FLOAT) == 100.0);
    g.args[1].type = CB_ELEM_LONG;
    g.args[2].type = CB_ELEM_UCHAR;
    ASSERT_TRUE(cb_generic_compute_type(&g, CB_ELEM_FLOAT) == CB_ELEM_COUNT);
    ASSERT_TRUE(cb_row_roof_gflops(&d, &k, CB_ELEM_FLOAT) == 0.0);
    return 0;
}

/* The main job's budget (host/run/rows.c): a row over it makes its whole group smaller (its
 * family at its size and type, on every device), edges halved until the work scaled from its
 * time fits; rows of another family, size or type, and resumed rows, are left as they are. */
int test_rows_shrink_group_keeps_pairs_alike(void)
{
    const struct cb_kernel naive = {.name = "mm_naive", .family = "mm"};
    const struct cb_kernel tiled = {.name = "mm_tiled", .family = "mm"};
    const struct cb_kernel vec = {.name = "v", .family = "v"};
    struct cb_device cpu1, cpu2;
    struct cb_row rows[6];
    unsigned char again[6] = {0};

    memset(rows, 0, sizeof rows);
    for (size_t i = 0; i < 6; i++) {
        rows[i].device = i < 3 ? &cpu1 : &cpu2;
        rows[i].problem.kernel = i % 3 == 0 ? &naive : i % 3 == 1 ? &tiled : &vec;
        rows[i].problem.size[0] = rows[i].problem.size[1] = rows[i].problem.size[2] = 512;
        if (i % 3 == 2)
            rows[i].problem.size[1] = rows[i].problem.size[2] = 1;
    }
    rows[1].resumed = 1;
    rows[4].problem.real = CB_ELEM_DOUBLE;
    /* 4.1 s at 512^3 against 0.5 s: 256^3 is 0.51 s, still over; 128^3 fits. */
    ASSERT_EQ_U(cb_rows_shrink_group(rows, 6, 3, 4100.0, 500.0, again), 2);
    ASSERT_TRUE(again[0] && again[3] && !again[1] && !again[2] && !again[4] && !again[5]);
    ASSERT_EQ_U(rows[0].problem.size[0], 128);
    ASSERT_EQ_U(rows[3].problem.size[2], 128);
    ASSERT_EQ_U(rows[1].problem.size[0], 512);
    ASSERT_EQ_U(rows[4].problem.size[0], 512);
    ASSERT_EQ_U(rows[2].problem.size[0], 512);
    /* A vector: one edge, halved twice for 0.3 s over 0.1 s (0.075 s). */
    ASSERT_EQ_U(cb_rows_shrink_group(rows, 6, 2, 300.0, 100.0, again), 2);
    ASSERT_EQ_U(rows[2].problem.size[0], 128);
    ASSERT_EQ_U(rows[5].problem.size[0], 128);
    ASSERT_EQ_U(rows[5].problem.size[1], 1);
    /* Edges under 32 do not shrink: nothing to do. */
    rows[0].problem.size[0] = rows[0].problem.size[1] = rows[0].problem.size[2] = 16;
    ASSERT_EQ_U(cb_rows_shrink_group(rows, 6, 0, 4000.0, 500.0, again), 0);
    return 0;
}

/* The launch time a too_slow row's reason gives back (host/run/run.c), for the main job's new
 * size; none from a row of another status or reason. */
int test_row_too_slow_ms_reads_its_reason(void)
{
    struct cb_row row;

    memset(&row, 0, sizeof row);
    row.status = CB_STATUS_TOO_SLOW;
    snprintf(row.reason, sizeof row.reason,
             "one launch took 1234 ms, more than the main job's 0.5 s a launch: give --size to "
             "run this size");
    ASSERT_TRUE(cb_row_too_slow_ms(&row) == 1234.0);
    row.status = CB_STATUS_OK;
    ASSERT_TRUE(cb_row_too_slow_ms(&row) == 0.0);
    row.status = CB_STATUS_TOO_SLOW;
    snprintf(row.reason, sizeof row.reason, "--max-time used up");
    ASSERT_TRUE(cb_row_too_slow_ms(&row) == 0.0);
    return 0;
}
