/* Unit tests of defaults computed from the device (host/kernels/device_defaults.c), of their
 * manifest syntax, and of the rows they give (host/run/rows.c), on devices made up here. */
#include "check.h"
#include "clbench/device_defaults.h"
#include "clbench/manifest.h"
#include "clbench/rows.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] =
    "/* clbench:kernel dd\n"
    " *   contract  vadd\n"
    " *   param     VEC = 4 cpu 8 device (native_vector_width_float >= 16 ? 16 : "
    "max(native_vector_width_float, 2)) in 1,2,4,8,16 \"floats per word\"\n"
    " *   param     WGS = 256 device (min(max_work_group_size, 512)) in 64..1024\n"
    " *   param     NT = 0 cpu 1 in 0,1\n"
    " *   param     U = 2 device (preferred_vector_width_float * 3) in 1,2,4,8\n"
    " *   param     G = 1 device (is_gpu && vendor_is_nvidia ? 4 : 1) in 1..4\n"
    " *   global    N\n"
    " */\n"
    "kernel void dd(int n) {}\n";

/* A device as a driver would report it. */
static struct cb_device device(cl_device_type type, const char *vendor, cl_uint native)
{
    struct cb_device d;

    memset(&d, 0, sizeof d);
    d.type = type;
    snprintf(d.vendor, sizeof d.vendor, "%s", vendor);
    snprintf(d.name, sizeof d.name, "made-up");
    d.native_vector_width_float = native;
    d.preferred_vector_width_float = native;
    d.compute_units = 2;
    d.local_mem_bytes = 65536;
    d.max_work_group_size = 4096;
    d.max_work_item_sizes[0] = d.max_work_item_sizes[1] = d.max_work_item_sizes[2] = 4096;
    return d;
}

/* k's defaults on d for a float row of size 1000. */
static const char *defaults(const struct cb_kernel *k, const struct cb_device *d, long *v,
                            char *note)
{
    struct cb_problem p;

    memset(&p, 0, sizeof p);
    p.kernel = k;
    p.size[0] = 1000;
    return cb_param_defaults(&p, d, v, note, CB_PARAMS_NOTE_LEN);
}

int test_device_defaults_resolve_per_device(void)
{
    struct cb_manifest_file *f;
    char why[CB_MANIFEST_WHY_LEN], note[CB_PARAMS_NOTE_LEN];
    long v[CB_MAX_PARAMS];
    struct cb_device avx2 = device(CL_DEVICE_TYPE_CPU, "AuthenticAMD", 8);
    struct cb_device avx512 = device(CL_DEVICE_TYPE_CPU, "GenuineIntel", 16);
    struct cb_device h100 = device(CL_DEVICE_TYPE_GPU, "NVIDIA Corporation", 1);
    const struct cb_kernel *k;

    if (cb_manifest_parse("dd.cl", text, &f, why, sizeof why) != 0) {
        fprintf(stderr, "%s\n", why);
        return 1;
    }
    k = f->kernels[0];
    ASSERT_TRUE(k->params[0].device_def != NULL && k->params[2].device_def == NULL);
    /* No device: the plain defaults. */
    ASSERT_TRUE(strcmp(defaults(k, NULL, v, note), "default") == 0);
    ASSERT_TRUE(v[0] == 4 && v[1] == 256 && v[2] == 0 && v[3] == 2 && note[0] == '\0');
    /* AVX2: 8 floats; the CPU set for the parameters without an expression; 8*3 = 24 is not
     * allowed and is clamped to 16's nearest allowed value, 8, with a note. */
    ASSERT_TRUE(strcmp(defaults(k, &avx2, v, note), "device default") == 0);
    ASSERT_TRUE(v[0] == 8 && v[1] == 512 && v[2] == 1 && v[3] == 8 && v[4] == 1);
    ASSERT_TRUE(strstr(note, "U: device default 24 is not in 1,2,4,8; nearest 8 used") != NULL);
    ASSERT_TRUE(defaults(k, &avx512, v, note) != NULL && v[0] == 16);
    /* A GPU reporting native width 1: max(1, 2); NVIDIA: G = 4. */
    defaults(k, &h100, v, note);
    ASSERT_TRUE(v[0] == 2 && v[2] == 0 && v[3] == 2 && v[4] == 4);
    ASSERT_TRUE(strstr(note, "U: device default 3 is not in 1,2,4,8; nearest 2 used") != NULL);
    cb_manifest_file_free(f);
    return 0;
}

/* A property the driver does not report: the expression that needs it falls back to the
 * default (the CPU one on a CPU), the others still resolve, and the row says why. */
int test_device_defaults_unreported_property_falls_back(void)
{
    struct cb_manifest_file *f;
    char why[CB_MANIFEST_WHY_LEN], note[CB_PARAMS_NOTE_LEN];
    long v[CB_MAX_PARAMS];
    struct cb_device cpu = device(CL_DEVICE_TYPE_CPU, "AuthenticAMD", 0);
    struct cb_device *devices[1] = {&cpu};
    struct cb_rows_request cfg;
    struct cb_row *rows = NULL;
    size_t count = 0;
    const struct cb_kernel *k;

    if (cb_manifest_parse("dd.cl", text, &f, why, sizeof why) != 0) {
        fprintf(stderr, "%s\n", why);
        return 1;
    }
    k = f->kernels[0];
    cpu.unreported = 1u << CB_PROP_NATIVE_VECTOR_WIDTH_FLOAT;
    defaults(k, &cpu, v, note);
    ASSERT_TRUE(v[0] == 8 && v[1] == 512); /* VEC: the CPU default; WGS still resolved */
    ASSERT_TRUE(strstr(note, "VEC: device default (native_vector_width_float >= 16 ? 16 : "
                             "max(native_vector_width_float, 2)) failed at column 1: "
                             "native_vector_width_float: the device does not report it; 8 "
                             "used") != NULL);
    /* The row: params_from and params_note; -D for the kernel: neither. */
    memset(&cfg, 0, sizeof cfg);
    cfg.kernels[0] = k;
    cfg.kernel_count = 1;
    ASSERT_TRUE(cb_rows_expand(&cfg, devices[0], 0, &rows, &count) == 0 && count == 1);
    ASSERT_TRUE(strcmp(rows[0].params_from, "device default") == 0);
    ASSERT_TRUE(strstr(rows[0].params_note, "the device does not report it") != NULL);
    ASSERT_TRUE(rows[0].problem.param[0] == 8);
    snprintf(cfg.defines[0].name, sizeof cfg.defines[0].name, "NT");
    cfg.defines[0].values[0] = 0;
    cfg.defines[0].count = 1;
    cfg.define_count = 1;
    ASSERT_TRUE(cb_rows_expand(&cfg, devices[0], 0, &rows, &count) == 0 && count == 2);
    ASSERT_TRUE(strcmp(rows[1].params_from, "command line") == 0);
    ASSERT_TRUE(rows[1].params_note[0] == '\0' && rows[1].problem.param[0] == 4);
    free(rows);
    cb_manifest_file_free(f);
    return 0;
}

int test_device_defaults_manifest_errors(void)
{
    static const struct {
        const char *param, *part;
    } bad[] = {
        {"param V = 4 device native_vector_width_float in 1..16",
         "bad.cl:3:21: param V: a device default is an expression in parentheses"},
        {"param V = 4 device (native_vector_width_float in 1..16",
         "bad.cl:3:21: param V: the device default's '(' is not closed"},
        {"param V = 4 device (simd_width * 2) in 1..16",
         "bad.cl:3:22: param V: device default: unknown variable 'simd_width'"},
        /* vadd's size is N: M is no name of it. */
        {"param V = 4 device (M * 2) in 1..16", "bad.cl:3:22: param V: device default: unknown "
                                                "variable 'M' (its names are the device's "
                                                "properties, REAL_SIZE and the sizes N"},
        {"param V = 4 device (real_size) in 1..16", "unknown variable 'real_size'"},
        {"param V = 4 device (is_cpu ? 8) in 1..16", "bad.cl:3:32: param V: device default: "
                                                     "expected ':'"},
    };

    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char src[512], why[CB_MANIFEST_WHY_LEN];
        struct cb_manifest_file *f;

        snprintf(src, sizeof src,
                 "/* clbench:kernel k\n contract vadd\n %s\n global N */\nkernel void k(int n) "
                 "{}\n",
                 bad[i].param);
        if (cb_manifest_parse("bad.cl", src, &f, why, sizeof why) == 0) {
            fprintf(stderr, "accepted: %s\n", bad[i].param);
            cb_manifest_file_free(f);
            return 1;
        }
        if (strstr(why, bad[i].part) == NULL) {
            fprintf(stderr, "'%s' lacks '%s'\n", why, bad[i].part);
            return 1;
        }
    }
    return 0;
}

int test_device_defaults_nearest_allowed(void)
{
    const struct cb_param list = {"V", 4, "2,4,8,16", "", NULL};
    const struct cb_param range = {"W", 4, "4..64", "", NULL};

    ASSERT_TRUE(cb_param_nearest_allowed(&list, 1) == 2);
    ASSERT_TRUE(cb_param_nearest_allowed(&list, 6) == 4); /* a tie: the lower */
    ASSERT_TRUE(cb_param_nearest_allowed(&list, 7) == 8);
    ASSERT_TRUE(cb_param_nearest_allowed(&list, 100) == 16);
    ASSERT_TRUE(cb_param_nearest_allowed(&range, 1) == 4);
    ASSERT_TRUE(cb_param_nearest_allowed(&range, 65) == 64);
    ASSERT_TRUE(cb_param_nearest_allowed(&range, 33) == 33);
    return 0;
}

/* The row's element size and size are variables too: a double row gets the vector width that
 * keeps a float row's bytes, a small size another work-group; each (type, size) row resolves
 * its own, and a kernel of the generic contract sees REAL_SIZE 4 (it has no --type).  The
 * names are checked once the manifest is read, so `dims` may come after the param. */
int test_device_defaults_per_type_and_size(void)
{
    static const char per_row[] =
        "/* clbench:kernel pr\n"
        " *   contract  vadd\n"
        " *   param     VEC = 4 device (is_cpu ? 64 / REAL_SIZE : 16 / REAL_SIZE) in 1,2,4,8,16\n"
        " *   param     WGS = 256 device (N < 5000 ? 32 : 256) in 1..1024\n"
        " *   global    N\n"
        " */\n"
        "kernel void pr(int n) {}\n"
        "/* clbench:kernel gen\n"
        " *   contract  generic\n"
        " *   param     VEC = 4 device (64 / REAL_SIZE + W) in 1..64\n"
        " *   dims      W H\n"
        " *   size      cpu 16x8 gpu 16x8\n"
        " *   arg       w int = W\n"
        " *   global    W, H\n"
        " */\n"
        "kernel void gen(int w) {}\n"
        "/* clbench:kernel cs\n"
        " *   contract  vadd\n"
        " *   param     WGS = 64 cpu 32 in 1..1024\n"
        " *   global    N\n"
        " */\n"
        "kernel void cs(int n) {}\n";
    struct cb_manifest_file *f;
    char why[CB_MANIFEST_WHY_LEN], note[CB_PARAMS_NOTE_LEN];
    struct cb_device cpu = device(CL_DEVICE_TYPE_CPU, "AuthenticAMD", 8);
    struct cb_device gpu = device(CL_DEVICE_TYPE_GPU, "NVIDIA Corporation", 1);
    struct cb_rows_request cfg;
    struct cb_row *rows = NULL;
    size_t count = 0;
    struct cb_problem p;
    long v[CB_MAX_PARAMS];

    if (cb_manifest_parse("pr.cl", per_row, &f, why, sizeof why) != 0) {
        fprintf(stderr, "%s\n", why);
        return 1;
    }
    memset(&cfg, 0, sizeof cfg);
    cfg.kernels[0] = f->kernels[0];
    cfg.kernel_count = 1;
    cfg.real_types[0] = "float";
    cfg.real_types[1] = "double";
    cfg.real_type_count = 2;
    cfg.sizes[0].ndims = cfg.sizes[1].ndims = 1;
    cfg.sizes[0].dim[0] = 1000;
    cfg.sizes[1].dim[0] = 8000;
    cfg.size_count = 2;
    /* Rows: float 1000, float 8000, double 1000, double 8000. */
    ASSERT_TRUE(cb_rows_expand(&cfg, &cpu, 0, &rows, &count) == 0 && count == 4);
    ASSERT_TRUE(rows[0].problem.param[0] == 16 && rows[0].problem.param[1] == 32);
    ASSERT_TRUE(rows[1].problem.param[0] == 16 && rows[1].problem.param[1] == 256);
    ASSERT_TRUE(rows[2].problem.real == CB_ELEM_DOUBLE && rows[2].problem.param[0] == 8 &&
                rows[2].problem.param[1] == 32);
    ASSERT_TRUE(rows[3].problem.param[0] == 8 && rows[3].problem.param[1] == 256);
    ASSERT_TRUE(strcmp(rows[3].params_from, "device default") == 0);
    ASSERT_TRUE(cb_rows_expand(&cfg, &gpu, 0, &rows, &count) == 0 && count == 8);
    ASSERT_TRUE(rows[4].problem.param[0] == 4 && rows[6].problem.param[0] == 2);
    /* Half: 32 bytes' worth is not allowed; clamped, with the note. */
    memset(&p, 0, sizeof p);
    p.kernel = f->kernels[0];
    p.real = CB_ELEM_HALF;
    p.size[0] = 1;
    cb_param_defaults(&p, &cpu, v, note, sizeof note);
    ASSERT_TRUE(v[0] == 16 && strstr(note, "VEC: device default 32 is not in") != NULL);
    /* The generic kernel: REAL_SIZE 4 whatever the row's type, W its first size. */
    p.kernel = f->kernels[1];
    p.real = CB_ELEM_DOUBLE;
    p.size[0] = 16;
    p.size[1] = 8;
    ASSERT_TRUE(strcmp(cb_param_defaults(&p, &cpu, v, note, sizeof note), "device default") == 0);
    ASSERT_TRUE(v[0] == 32 && note[0] == '\0');
    /* A CPU set without expressions. */
    p.kernel = f->kernels[2];
    ASSERT_TRUE(strcmp(cb_param_defaults(&p, &cpu, v, note, sizeof note), "cpu default") == 0);
    ASSERT_TRUE(v[0] == 32);
    ASSERT_TRUE(strcmp(cb_param_defaults(&p, &gpu, v, note, sizeof note), "default") == 0);
    ASSERT_TRUE(v[0] == 64);
    free(rows);
    cb_manifest_file_free(f);
    return 0;
}

/* A stand-in for the tuning database: one entry, of another size or of this one. */
static const char *stub_match;
static int stub_lookup(const struct cb_tuned_db *db, const struct cb_device *d,
                       const struct cb_problem *p, long *params, struct cb_tuned_use *use)
{
    (void)db;
    (void)d;
    (void)p;
    memset(use, 0, sizeof *use);
    snprintf(use->match, sizeof use->match, "%s", stub_match);
    params[0] = 64; /* the entry's tile */
    params[1] = 1;  /* its slice count */
    return 1;
}

/* A default that names the row's size (split-K's slice count) fits this shape only: an entry
 * of another size (class, nearest) gives its tile but not that parameter, an exact entry both. */
int test_device_defaults_follow_size_over_other_entries(void)
{
    static const char src[] =
        "/* clbench:kernel mm\n"
        " *   contract  matmul\n"
        " *   param     TILE = 128 in 16..256\n"
        " *   param     KS = 1 device (is_gpu ? max(1, min(8, 2 * compute_units / ceil(M, "
        "128))) : 1) in 1..32\n"
        " *   global    N, M\n"
        " */\n"
        "kernel void mm(int n) {}\n";
    struct cb_manifest_file *f;
    char why[CB_MANIFEST_WHY_LEN];
    struct cb_device gpu = device(CL_DEVICE_TYPE_GPU, "NVIDIA Corporation", 1);
    struct cb_rows_request cfg;
    struct cb_row *rows = NULL;
    size_t count = 0;
    int dummy_db;

    if (cb_manifest_parse("mm.cl", src, &f, why, sizeof why) != 0) {
        fprintf(stderr, "%s\n", why);
        return 1;
    }
    ASSERT_TRUE(!cb_param_follows_size(f->kernels[0], 0) &&
                cb_param_follows_size(f->kernels[0], 1));
    gpu.compute_units = 16;
    memset(&cfg, 0, sizeof cfg);
    cfg.kernels[0] = f->kernels[0];
    cfg.kernel_count = 1;
    cfg.sizes[0].ndims = 3;
    cfg.sizes[0].dim[0] = 256; /* M: two tiles of 128 -> 2 * 16 / 2 = 16, capped at 8 */
    cfg.sizes[0].dim[1] = cfg.sizes[0].dim[2] = 4096;
    cfg.size_count = 1;
    cfg.tuned = (const struct cb_tuned_db *)&dummy_db;
    cfg.tuned_lookup = stub_lookup;
    stub_match = "class";
    ASSERT_TRUE(cb_rows_expand(&cfg, &gpu, 0, &rows, &count) == 0 && count == 1);
    ASSERT_TRUE(rows[0].problem.param[0] == 64 && rows[0].problem.param[1] == 8);
    ASSERT_TRUE(strcmp(rows[0].params_from, "tuned") == 0 &&
                strstr(rows[0].params_note, "KS=8: the device default for this size") != NULL);
    stub_match = "exact";
    count = 0;
    ASSERT_TRUE(cb_rows_expand(&cfg, &gpu, 0, &rows, &count) == 0 && count == 1);
    ASSERT_TRUE(rows[0].problem.param[0] == 64 && rows[0].problem.param[1] == 1 &&
                rows[0].params_note[0] == '\0');
    free(rows);
    cb_manifest_file_free(f);
    return 0;
}
