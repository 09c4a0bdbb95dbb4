/* Unit tests of the kernel manifest parser (host/kernels/manifest.c), on strings. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "clbench/plugin.h"
#include "clbench/manifest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char good[] =
    "/* clbench:kernel my_mm\n"
    " *   contract  matmul\n"
    " *   summary   WPT columns of C per work-item\n"
    " *   param     TILE = 16 in 8,16,32 \"tile edge\"\n"
    " *   param     WPT = 4 in 1..8\n"
    " *   # a comment line, and a blank one:\n"
    " *\n"
    " *   require   WPT divides TILE\n"
    " *   global    ceil(N, WPT), round_up(M, TILE)\n"
    " *   local     TILE / WPT, TILE\n"
    " *   local_mem 2 * TILE * TILE * 4\n"
    " *   size      cpu 256 gpu 2048x1024x512\n"
    " *   twin      matmul_naive\n"
    " */\n"
    "__kernel __attribute__((reqd_work_group_size(4, 16, 1))) void my_mm(const int M) {}\n"
    "// clbench:kernel sum\n"
    "//   contract generic\n"
    "//   dims N\n"
    "//   param WGS = 64 in 32,64\n"
    "//   arg n int = N\n"
    "//   arg x float[N] in iota\n"
    "//   arg out float[ceil(N, WGS)] out\n"
    "//   arg tmp local[WGS * 4]\n"
    "//   global round_up(N, WGS)\n"
    "//   local WGS\n"
    "//   bytes 4 * N\n"
    "//   verify sum_ref rtol 1e-4 exact\n"
    "kernel void sum(int n) {}\n"
    "/* clbench:kernel sum_ref\n"
    "   contract generic\n"
    "   dims N\n"
    "   arg n int = N\n"
    "   arg x float[N] in\n"
    "   arg out float[N] out\n"
    "   global N */\n"
    "kernel void sum_ref(int n) {}\n";

int test_manifest_parses_family_and_generic(void)
{
    struct cb_manifest_file *f;
    char why[CB_MANIFEST_WHY_LEN];
    const struct cb_kernel *k;
    struct cb_problem p;

    if (cb_manifest_parse("dir/my.cl", good, &f, why, sizeof why) != 0) {
        fprintf(stderr, "%s\n", why);
        return 1;
    }
    ASSERT_EQ_U(f->count, 3);
    ASSERT_STR_HAS(f->hash, "fnv1a64:");
    k = f->kernels[0];
    ASSERT_TRUE(strcmp(k->name, "my_mm") == 0 && strcmp(k->family, "matmul") == 0);
    ASSERT_TRUE(strcmp(k->baseline, "matmul_naive") == 0 && strcmp(k->twin, "matmul_naive") == 0);
    ASSERT_TRUE(strcmp(k->params[0].help, "tile edge") == 0 && k->params[1].def == 4);
    ASSERT_EQ_U(k->dims, 3);
    ASSERT_EQ_U(k->default_size_cpu[2], 256);
    ASSERT_EQ_U(k->default_size_gpu[1], 1024);
    /* The contract's lines: its arguments, REAL ones of --type, and its host reference. */
    ASSERT_TRUE(k->reference != NULL && k->generic != NULL && strcmp(k->contract, "matmul") == 0);
    ASSERT_EQ_U(k->generic->arg_count, 6);
    ASSERT_TRUE(k->generic->args[3].real_type && k->generic->args[5].is_output);
    ASSERT_TRUE(k->metric == CB_METRIC_GFLOPS && k->types != 0);
    memset(&p, 0, sizeof p);
    p.kernel = k;
    p.size[0] = 100; /* M */
    p.size[1] = 64;  /* N */
    p.size[2] = 30;  /* K */
    p.param[0] = 16;
    p.param[1] = 4;
    ASSERT_TRUE(k->plan(&p, why, sizeof why) == 0);
    ASSERT_EQ_U(p.work_dim, 2);
    ASSERT_EQ_U(p.global[0], 16);
    ASSERT_EQ_U(p.global[1], 112);
    ASSERT_EQ_U(p.local[0], 4);
    ASSERT_EQ_U(p.local_mem_bytes, 2048);
    ASSERT_EQ_U(p.output_elems, 6400); /* the contract's buffers */
    ASSERT_EQ_U(p.arg_value[2], 30);
    ASSERT_EQ_U(p.arg_length[3], 3000);
    p.param[1] = 3; /* WPT 3 does not divide 16 */
    ASSERT_TRUE(k->plan(&p, why, sizeof why) != 0);
    ASSERT_STR_HAS(why, "require WPT divides TILE is false (dir/my.cl:8)");
    p.param[1] = 8; /* ceil(64, 8) = 8 work-items, not a multiple of 16 / 8 = 2? it is; M: */
    p.param[0] = 32;
    ASSERT_TRUE(k->plan(&p, why, sizeof why) == 0);

    k = f->kernels[1];
    ASSERT_TRUE(strcmp(k->family, "my") == 0 && k->generic != NULL);
    ASSERT_EQ_U(k->generic->arg_count, 4);
    ASSERT_TRUE(k->generic->args[1].fill == CB_FILL_IOTA && k->generic->args[1].is_input);
    ASSERT_TRUE(k->generic->args[2].is_output && !k->generic->args[2].is_input);
    ASSERT_TRUE(k->generic->args[3].kind == CB_ARG_LOCAL);
    ASSERT_TRUE(strcmp(k->generic->check.ref_kernel, "sum_ref") == 0);
    ASSERT_TRUE(k->generic->check.exact && k->generic->check.rtol == 1e-4);
    ASSERT_TRUE(k->metric == CB_METRIC_GBS);
    memset(&p, 0, sizeof p);
    p.kernel = k;
    p.size[0] = 1000;
    p.param[0] = 64;
    ASSERT_TRUE(k->plan(&p, why, sizeof why) == 0);
    ASSERT_EQ_U(p.arg_value[0], 1000);
    ASSERT_EQ_U(p.arg_length[1], 1000);
    ASSERT_EQ_U(p.arg_length[2], 16);
    ASSERT_EQ_U(p.arg_length[3], 256);
    ASSERT_EQ_U(p.global[0], 1024);
    ASSERT_NEAR(p.bytes, 4000, 0);
    cb_manifest_file_free(f);
    return 0;
}

/* text must fail to parse with a message holding `part`. */
static int rejects(const char *text, const char *part)
{
    struct cb_manifest_file *f;
    char why[CB_MANIFEST_WHY_LEN];

    if (cb_manifest_parse("bad.cl", text, &f, why, sizeof why) == 0) {
        fprintf(stderr, "accepted, expected '%s':\n%s\n", part, text);
        cb_manifest_file_free(f);
        return 0;
    }
    if (strstr(why, part) == NULL) {
        fprintf(stderr, "'%s' lacks '%s'\n", why, part);
        return 0;
    }
    return 1;
}

#define HEAD  "/* clbench:kernel k\n contract vadd\n"
#define TAIL  " */\nkernel void k(int n) {}\n"
#define HEADT "/* clbench:kernel k\n contract transpose\n"
/* The contract of the plan plug-in matmul_fast, and the parameters it reads, on one line. */
#define HEADM "/* clbench:kernel k\n contract matmul\n"
#define FAST_PARAMS                                                                                \
    " param TSM = 8 in 8\n param TSN = 8 in 8\n param TSK = 8 in 8\n param WPTM = 1 in 1\n"        \
    " param WPTN = 1 in 1\n param VWM = 1 in 1\n param VWN = 1 in 1\n param PAD = 0 in 0\n"        \
    " param KSPLIT = 1 in 1\n"

int test_manifest_rejects_bad_input(void)
{
    ASSERT_TRUE(rejects("kernel void k(int n) {}\n", "bad.cl: no kernel manifest"));
    ASSERT_TRUE(rejects(HEAD " global N */\nkernel void other(int n) {}\n",
                        "bad.cl:1: the manifest names kernel 'k' but the file has no"));
    ASSERT_TRUE(rejects("/* clbench:kernel k\n contract reduce\n global N" TAIL,
                        "bad.cl:2:11: unknown contract 'reduce'"));
    ASSERT_TRUE(rejects(HEAD " global N\n colour blue" TAIL, "bad.cl:4:2: unknown key 'colour'"));
    ASSERT_TRUE(rejects(HEAD " param TILE in 1..4\n global N" TAIL,
                        "bad.cl:3:13: param TILE has no default"));
    ASSERT_TRUE(
        rejects(HEAD " param TILE = 16\n global N" TAIL, "param TILE: give its allowed values"));
    ASSERT_TRUE(
        rejects(HEAD " param TILE = 5 in 8,16\n global N" TAIL, "the default 5 is not in 8,16"));
    ASSERT_TRUE(rejects(HEAD " param T = 1 in 4..2\n global N" TAIL, "a range `1..64`"));
    ASSERT_TRUE(rejects(HEAD " global N / 0" TAIL, "bad.cl:3:11: global: division by zero"));
    ASSERT_TRUE(rejects(HEAD " global N * 9223372036854775807" TAIL, "global: integer overflow"));
    ASSERT_TRUE(rejects(HEAD " global N / 2.5" TAIL, "bad.cl:3:13: not an integer"));
    ASSERT_TRUE(rejects(HEAD " global N + TILE" TAIL, "bad.cl:3:13: unknown variable 'TILE'"));
    ASSERT_TRUE(rejects(HEAD " global N N" TAIL, "bad.cl:3:11: unexpected 'N'"));
    ASSERT_TRUE(rejects(HEAD " summary no global" TAIL, "has no `global` line"));
    /* Without a contract, a manifest declares its own arguments. */
    ASSERT_TRUE(
        rejects("/* clbench:kernel k\n global N" TAIL, "generic kernel k has no `dims` line"));
    ASSERT_TRUE(rejects(HEAD " global N\n arg x float[N] in" TAIL,
                        "bad.cl:4: `arg` is only for the generic contract"));
    ASSERT_TRUE(rejects(HEAD " global N\n size cpu 4x4" TAIL, "size: 2 dimensions given"));
    ASSERT_TRUE(rejects(HEAD " global N\n twin" TAIL, "twin needs a kernel name"));
    ASSERT_TRUE(rejects(HEAD " global N\n local 0" TAIL, "local `0` is 0, outside"));
    ASSERT_TRUE(rejects(HEAD " global N" TAIL HEAD " global N" TAIL, "a second manifest"));
    /* An unterminated string literal in the code does not shift later line numbers. */
    ASSERT_TRUE(
        rejects("char *s = \"open\n/* clbench:kernel k\n contract vadd\n global N\n bad key" TAIL,
                "bad.cl:5:2: unknown key 'bad'"));
    ASSERT_TRUE(rejects("/* clbench:kernel g\n contract generic\n global N" TAIL
                        "kernel void g(int n) {}\n",
                        "no `dims` line"));
    ASSERT_TRUE(rejects("/* clbench:kernel g\n contract generic\n dims N\n arg n int = N\n"
                        " arg x float[N] sideways\n global N */ kernel void g(int n) {}\n",
                        "bad.cl:5:17: arg x: say in, out or inout"));
    ASSERT_TRUE(rejects("/* clbench:kernel g\n contract generic\n dims N\n arg n int = N\n"
                        " global N\n verify nowhere */ kernel void g(int n) {}\n",
                        "bad.cl:6: verify: no manifest for reference kernel 'nowhere'"));
    /* A key given twice: the second used to replace the first without a word. */
    ASSERT_TRUE(rejects(HEAD " global N\n global 2 * N" TAIL,
                        "bad.cl:4:2: global is given twice (first on line 3)"));
    ASSERT_TRUE(rejects(HEAD " global N\n summary a\n summary b" TAIL, "summary is given twice"));
    /* A kernel that checks itself used to come out `ok`. */
    ASSERT_TRUE(rejects("/* clbench:kernel g\n contract generic\n dims N\n arg n int = N\n"
                        " global N\n verify g */ kernel void g(int n) {}\n",
                        "bad.cl:6: verify: g is its own reference"));
    /* A fill on an output was ignored: outputs start poisoned. */
    ASSERT_TRUE(rejects("/* clbench:kernel g\n contract generic\n dims N\n"
                        " arg y float[N] out zeros\n global N */ kernel void g(int n) {}\n",
                        "bad.cl:4:21: arg y: an `out` buffer starts poisoned"));
    /* A metric without its work line reported 0 GB/s for every row. */
    ASSERT_TRUE(rejects("/* clbench:kernel g\n contract generic\n dims N\n arg n int = N\n"
                        " global N\n flops 2 * N\n metric gbs */ kernel void g(int n) {}\n",
                        "bad.cl:7: metric gbs needs a `bytes` line"));
    return 0;
}

/* A file edited while a run goes on: its kernels build from the text that was loaded and
 * hashed (the build read the file again, so the run file's hash could name other code). */
int test_kernel_file_keeps_the_text_it_loaded(void)
{
    static const char text[] = HEAD " global N" TAIL;
    char path[] = "/tmp/clbench-unit-XXXXXX", why[CB_MANIFEST_WHY_LEN];
    const int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    const char *kept;

    ASSERT_TRUE(f != NULL);
    fputs(text, f);
    fclose(f);
    ASSERT_TRUE(cb_kernel_file_load(path, why, sizeof why) == 0);
    f = fopen(path, "a");
    ASSERT_TRUE(f != NULL);
    fputs("#error edited after loading\n", f);
    fclose(f);
    kept = cb_kernel_file_text(path);
    remove(path);
    ASSERT_TRUE(kept != NULL && strcmp(kept, text) == 0);
    ASSERT_TRUE(cb_kernel_file_text("/no/such/file.cl") == NULL);
    cb_kernel_files_unload();
    return 0;
}

/* The keys built-in kernels need: a host plan by name, CPU defaults, the shared size, libraries
 * and private memory, in the grammar users write. */
int test_manifest_key_table_and_builtin_grammar(void)
{
    static const char text[] = "/* clbench:kernel my_fast\n"
                               " *   contract matmul\n"
                               " *   plan matmul_fast\n"
                               " *   size cpu 64 gpu 256 shared 128\n"
                               " *   param TSM = 64 cpu 32 in 4..512\n"
                               " *   param TSN = 64 in 4..512\n"
                               " *   param TSK = 16 in 4..128\n"
                               " *   param WPTM = 8 in 1..32\n"
                               " *   param WPTN = 8 cpu 32 in 1..32\n"
                               " *   param VWM = 4 cpu 1 in 1,2,4,8,16\n"
                               " *   param VWN = 4 cpu 16 in 1,2,4,8,16\n"
                               " *   param PAD = 0 in 0..32\n"
                               " *   param KSPLIT = 1 in 1..32\n"
                               " *   then my_fast_sum\n"
                               " *   private_mem WPTM * WPTN * 4\n"
                               " *   loops (M + 1) * ceil(N, TSN)\n"
                               " *   libraries sgemm_openblas\n"
                               " *   finding grid WPTM WPTN results per work-item\n"
                               " */\n"
                               "__kernel void my_fast(const int M) {}\n"
                               "__kernel void my_fast_sum(const int M) {}\n"
                               "/* clbench:kernel my_copy\n"
                               " *   contract transpose\n"
                               " *   verify host_copy\n"
                               " *   global W, H\n"
                               " *   param TILE = 32 in 8,16,32\n"
                               " *   param BLOCK_ROWS = 8 in 1..32\n"
                               " */\n"
                               "__kernel void my_copy(const int w) {}\n";
    struct cb_manifest_file *f;
    char why[CB_MANIFEST_WHY_LEN];
    const struct cb_kernel *k;
    struct cb_problem p;

    if (cb_manifest_parse("dir/fast.cl", text, &f, why, sizeof why) != 0) {
        fprintf(stderr, "%s\n", why);
        return 1;
    }
    k = f->kernels[0];
    ASSERT_TRUE(k->def_cpu[0] == 32 && k->def_cpu[1] == 0 && k->def_cpu[4] == 32);
    ASSERT_EQ_U(k->default_size_cpu[2], 64);
    ASSERT_EQ_U(k->default_size_gpu[0], 256);
    ASSERT_EQ_U(k->default_size_shared[1], 128);
    ASSERT_TRUE(strcmp(k->libraries[0], "sgemm_openblas") == 0 && k->libraries[1] == NULL);
    ASSERT_TRUE(k->finding.kind == CB_FINDING_GRID && strcmp(k->finding.x, "WPTM") == 0);
    ASSERT_TRUE(strcmp(k->finding.title, "results per work-item") == 0);
    memset(&p, 0, sizeof p);
    p.kernel = k;
    p.size[0] = p.size[1] = p.size[2] = 64;
    for (unsigned i = 0; i < cb_kernel_param_count(k); i++)
        p.param[i] = k->params[i].def;
    /* The hook's NDRange and local memory, the manifest's private memory. */
    ASSERT_TRUE(k->plan(&p, why, sizeof why) == 0);
    ASSERT_EQ_U(p.local[0], 8);
    ASSERT_EQ_U(p.local[1], 8);
    ASSERT_EQ_U(p.global[0], 8);
    ASSERT_EQ_U(p.local_mem_bytes, 2 * 16 * (64 + 64) * 4);
    ASSERT_EQ_U(p.private_mem_bytes, 8 * 8 * 4);
    ASSERT_TRUE(p.loop_iterations == 65.0);
    ASSERT_EQ_U(p.then.work_dim, 0); /* KSPLIT=1: one launch */
    /* Split-K: slices in a third dimension, into the scratch, and a second launch that sums
     * them into the output (4 elements per work-item, work-groups of 64). */
    ASSERT_TRUE(strcmp(k->then, "my_fast_sum") == 0);
    p.param[8] = 3;
    ASSERT_TRUE(k->plan(&p, why, sizeof why) == 0);
    ASSERT_EQ_U(p.work_dim, 3);
    ASSERT_EQ_U(p.global[2], 3);
    ASSERT_EQ_U(p.local[2], 1);
    ASSERT_EQ_U(p.then.work_dim, 1);
    ASSERT_EQ_U(p.then.global[0], 1024);
    ASSERT_EQ_U(p.then.local[0], 64);
    ASSERT_EQ_U(p.then.scratch_elems, 3 * 64 * 64);
    ASSERT_TRUE(p.then.first_into_scratch && p.then.arg_count == 4);
    ASSERT_TRUE(p.then.args[0].kind == CB_THEN_INT && p.then.args[0].value == 64);
    ASSERT_TRUE(p.then.args[2].kind == CB_THEN_SCRATCH && p.then.args[3].kind == CB_THEN_OUTPUT);
    p.param[8] = 5; /* K=64 has 4 k-steps of TSK=16: a slice would be empty */
    ASSERT_TRUE(k->plan(&p, why, sizeof why) != 0);
    ASSERT_STR_HAS(why, "KSPLIT=5 slices of K: K=64 has 4 k-steps of TSK=16");
    ASSERT_STR_HAS(why, "choose KSPLIT from 1 to 4");
    p.param[8] = 1;
    p.param[2] = 6; /* TSK not a multiple of 4: the hook's reason, through the buffer */
    ASSERT_TRUE(k->plan(&p, why, sizeof why) != 0);
    ASSERT_STR_HAS(why, "TSK must be a multiple of 4");
    /* A host reference plug-in by name: transpose_copy's output is its input. */
    k = f->kernels[1];
    ASSERT_TRUE(k->reference != NULL && k->reference != cb_ref_transpose);
    cb_manifest_file_free(f);
    /* The key list of messages comes from the table, the new keys with it. */
    ASSERT_TRUE(
        rejects(HEAD " global N\n colour blue" TAIL,
                "verify, plan, then, private_mem, loops, libraries, finding, types; generic only: "
                "dims, arg, flops, bytes"));
    return 0;
}

int test_manifest_rejects_bad_builtin_grammar(void)
{
    char text[512], name[CB_KERNEL_NAME_MAX + 2]; /* one character too many */

    ASSERT_TRUE(rejects(HEAD " plan nosuch" TAIL, "bad.cl:3:7: unknown plan 'nosuch'"));
    /* A second launch: planned by a hook alone, of another kernel of the file. */
    ASSERT_TRUE(rejects(HEAD " global N\n then v" TAIL,
                        "bad.cl:4: then v: a second launch is planned by a `plan` hook"));
    ASSERT_TRUE(rejects(HEADM " plan matmul_fast\n" FAST_PARAMS " then nosuch" TAIL,
                        "bad.cl:13: then nosuch: the file has no other `__kernel void nosuch(`"));
    ASSERT_TRUE(
        rejects(HEADM " plan matmul_fast\n then" TAIL, "bad.cl:4:6: then needs a kernel name"));
    ASSERT_TRUE(rejects(HEAD " global N\n param VEC = 1 cpu in 1,2" TAIL,
                        "bad.cl:4:20: param VEC: a CPU default is a non-zero integer"));
    ASSERT_TRUE(rejects(HEAD " global N\n param VEC = 1 cpu 0 in 0,1" TAIL,
                        "bad.cl:4:20: param VEC: a CPU default is a non-zero integer"));
    ASSERT_TRUE(rejects(HEAD " global N\n param VEC = 1 cpu 3 in 1,2" TAIL,
                        "bad.cl:4:20: param VEC: the CPU default 3 is not in 1,2"));
    ASSERT_TRUE(rejects(HEADM " plan matmul_fast\n plan matmul_fast" TAIL,
                        "bad.cl:4:2: plan is given twice (first on line 3)"));
    ASSERT_TRUE(rejects(HEAD " global N\n private_mem 4\n private_mem 8" TAIL,
                        "bad.cl:5:2: private_mem is given twice (first on line 4)"));
    ASSERT_TRUE(
        rejects(HEAD " plan matmul_fast" TAIL,
                "bad.cl:3: plan matmul_fast is a plan of the matmul contract, not of vadd"));
    ASSERT_TRUE(rejects(HEADM " plan matmul_fast\n param TSN = 8 in 8" TAIL,
                        "bad.cl:3: plan matmul_fast reads the parameter TSM: declare it"));
    /* verify NAME of a family kernel: a host reference plug-in, without options. */
    ASSERT_TRUE(
        rejects(HEAD " global N\n verify matmul_fast" TAIL,
                "bad.cl:4: verify matmul_fast: a vadd kernel is checked by a host reference "
                "of host/kernels/plugins.c (host_copy"));
    ASSERT_TRUE(rejects(HEAD " global N\n verify host_copy rtol 1" TAIL,
                        "bad.cl:4: verify host_copy: a host reference takes no options"));
    ASSERT_TRUE(rejects(HEAD " plan host_copy" TAIL, "bad.cl:3:7: unknown plan 'host_copy'"));
    ASSERT_TRUE(rejects("/* clbench:kernel g\n contract generic\n dims N\n arg n int = N\n"
                        " global N\n plan matmul_fast */ kernel void g(int n) {}\n",
                        "bad.cl:6: plan matmul_fast is a plan of the matmul contract, not of bad"));
    ASSERT_TRUE(rejects(HEAD " global N\n size shared 4x4" TAIL, "size: shared has 2 dimensions"));
    ASSERT_TRUE(rejects(HEAD " global N\n size cpu 4 huge 8" TAIL,
                        "bad.cl:4:13: size takes `cpu SIZE gpu SIZE shared SIZE`"));
    ASSERT_TRUE(rejects(HEAD " global N\n libraries a b c" TAIL,
                        "bad.cl:4:16: libraries takes at most 2 names"));
    ASSERT_TRUE(rejects(HEAD " global N\n private_mem N +" TAIL, "bad.cl:4:17: expression ends"));
    ASSERT_TRUE(
        rejects(HEAD " global N\n loops N * NV" TAIL, "bad.cl:4:12: unknown variable 'NV'"));
    ASSERT_TRUE(rejects(HEAD " global N\n loops 4\n loops 8" TAIL,
                        "bad.cl:5:2: loops is given twice (first on line 4)"));
    ASSERT_TRUE(rejects(HEAD " global N\n finding pie chart" TAIL,
                        "bad.cl:4:10: finding is `curve TITLE`, `grid X Y TITLE` or `ladder"));
    ASSERT_TRUE(rejects(HEAD " global N\n finding grid RX" TAIL,
                        "bad.cl:4:17: finding grid names two parameters"));
    ASSERT_TRUE(rejects(HEAD " global N\n finding curve" TAIL, "finding: a title must follow"));
    ASSERT_TRUE(rejects(HEAD " global N\n param RX = 1 in 1..4\n finding grid RX RY per item" TAIL,
                        "bad.cl:1: finding grid RX RY: both must be parameters of kernel k"));
    /* PoCL aborts on a 255-character kernel name: one line, where the name starts. */
    memset(name, 'k', sizeof name - 1);
    name[sizeof name - 1] = '\0';
    snprintf(text, sizeof text, "/* clbench:kernel %s\n contract vadd\n global N */\n", name);
    ASSERT_TRUE(rejects(text, "bad.cl:1:19: kernel name of 129 characters"));
    return 0;
}

/* The generic contract's types: every scalar and buffer type, a float scalar's decimal
 * number, the values a row plans, and the defaults of verify's tolerances. */
int test_manifest_types(void)
{
    static const char text[] =
        "/* clbench:kernel t\n contract generic\n dims N\n"
        " arg a float = 2.5\n arg b double = -1e-3\n arg c half = N / 1000\n arg d long = N * "
        "4000000000\n"
        " arg e ulong = 9000000000000000000\n arg f uchar = 255\n arg g char = -128\n"
        " arg h ushort = 65535\n arg i short = -32768\n arg j uint = 4294967295\n"
        " arg x uchar[N] in iota\n arg y double[N] inout const -0.5\n arg z long[N] out\n"
        " global N */ kernel void t(float a) {}\n";
    struct cb_manifest_file *f;
    char why[CB_MANIFEST_WHY_LEN];
    const struct cb_generic *g;
    struct cb_problem p;

    if (cb_manifest_parse("types.cl", text, &f, why, sizeof why) != 0) {
        fprintf(stderr, "%s\n", why);
        return 1;
    }
    g = f->kernels[0]->generic;
    ASSERT_TRUE(g->args[0].type == CB_ELEM_FLOAT && g->args[0].literal && g->args[0].real == 2.5);
    ASSERT_TRUE(g->args[1].type == CB_ELEM_DOUBLE && g->args[1].real == -1e-3);
    ASSERT_TRUE(g->args[2].type == CB_ELEM_HALF && !g->args[2].literal);
    ASSERT_TRUE(g->args[10].type == CB_ELEM_UCHAR && g->args[10].fill == CB_FILL_IOTA);
    ASSERT_TRUE(g->args[11].type == CB_ELEM_DOUBLE && g->args[11].fill_value == -0.5);
    ASSERT_TRUE(g->args[12].type == CB_ELEM_LONG && g->args[12].is_output);
    /* Not given: each output's type's default (generic.c), recorded as below 0. */
    ASSERT_TRUE(g->check.rtol < 0 && g->check.atol < 0);
    memset(&p, 0, sizeof p);
    p.kernel = f->kernels[0];
    p.size[0] = 1000;
    ASSERT_TRUE(p.kernel->plan(&p, why, sizeof why) == 0);
    ASSERT_NEAR(p.arg_real[0], 2.5, 0);
    ASSERT_NEAR(p.arg_real[2], 1, 0);
    ASSERT_TRUE(p.arg_value[3] == 4000000000000LL);
    ASSERT_TRUE(p.arg_value[4] == 9000000000000000000LL);
    ASSERT_TRUE(p.arg_value[6] == -128 && p.arg_value[9] == 4294967295LL);
    /* A size that takes a scalar beyond its type fails the row, naming the place. */
    p.size[0] = 70000000;
    ASSERT_TRUE(p.kernel->plan(&p, why, sizeof why) != 0);
    ASSERT_STR_HAS(why, "types.cl:6:15: arg c = 70000 is beyond half's largest value 65504");
    cb_manifest_file_free(f);
    ASSERT_TRUE(cb_elem_info(CB_ELEM_DOUBLE)->rtol == 1e-12);
    ASSERT_TRUE(strcmp(cb_elem_info(CB_ELEM_HALF)->extension, "cl_khr_fp16") == 0);
    return 0;
}

#define GEN      "/* clbench:kernel g\n contract generic\n dims N\n"
#define GEN_TAIL "\n global N */ kernel void g(int n) {}\n"

int test_manifest_rejects_bad_types(void)
{
    ASSERT_TRUE(
        rejects(GEN " arg x quad[N] in" GEN_TAIL, "bad.cl:4:8: arg x: unknown type 'quad'"));
    ASSERT_TRUE(rejects(GEN " arg n int = 2.5" GEN_TAIL,
                        "bad.cl:4:14: arg n: 2.5 is not an integer: an int argument"));
    ASSERT_TRUE(rejects(GEN " arg n uint = 1.5e3" GEN_TAIL, "bad.cl:4:15: arg n: 1.5e3 is not an"));
    ASSERT_TRUE(rejects(GEN " arg n long = N * 9223372036854775807" GEN_TAIL,
                        "bad.cl:4:17: n: integer overflow"));
    ASSERT_TRUE(rejects(GEN " arg n char = 128" GEN_TAIL,
                        "bad.cl:4:15: arg n = 128 does not fit in char (-128 .. 127)"));
    ASSERT_TRUE(rejects(GEN " arg n uint = -1" GEN_TAIL, "does not fit in uint (0 .. 4294967295)"));
    ASSERT_TRUE(rejects(GEN " arg h half = 1e5" GEN_TAIL, "beyond half's largest value"));
    ASSERT_TRUE(rejects(GEN " arg x char[N] in const 1.5" GEN_TAIL, "const 1.5 is not a char"));
    ASSERT_TRUE(rejects(GEN " arg x float" GEN_TAIL, "arg x: write `float = EXPR` for a scalar"));
    ASSERT_TRUE(rejects(GEN " arg n int = N\n verify r rtol 1 rtol 2" GEN_TAIL,
                        "bad.cl:5:18: verify: rtol is given twice"));
    ASSERT_TRUE(rejects(GEN " arg n int = N\n verify r exact exact" GEN_TAIL,
                        "verify: exact is given twice"));
    ASSERT_TRUE(rejects(GEN " summary caf\xe9\n arg n int = N" GEN_TAIL,
                        "bad.cl:4:13: byte 0xe9 is not UTF-8"));
    /* Overlong and truncated sequences, and a surrogate, are no UTF-8 either. */
    ASSERT_TRUE(
        rejects(GEN " summary \xc0\xaf\n arg n int = N" GEN_TAIL, "byte 0xc0 is not UTF-8"));
    ASSERT_TRUE(
        rejects(GEN " summary \xe2\x82\n arg n int = N" GEN_TAIL, "byte 0xe2 is not UTF-8"));
    ASSERT_TRUE(rejects(GEN " summary \xed\xa0\x80\n arg n int = N" GEN_TAIL, "byte 0xed is not"));
    {
        struct cb_manifest_file *f;
        char why[CB_MANIFEST_WHY_LEN];

        /* UTF-8 itself passes. */
        ASSERT_TRUE(cb_manifest_parse("ok.cl",
                                      GEN " summary caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\n"
                                          " arg n int = N" GEN_TAIL,
                                      &f, why, sizeof why) == 0);
        cb_manifest_file_free(f);
    }
    return 0;
}

/* A family kernel's byte counts follow its row's type through REAL_SIZE: copy_ilp's private
 * words (`private_mem ILP * VEC * REAL_SIZE`) and its work model double in double. */
int test_manifest_real_size(void)
{
    const struct cb_kernel *k = cb_kernel_find("copy_ilp");
    struct cb_problem p;
    char why[256];
    size_t private_float;
    double bytes_float;

    ASSERT_TRUE(k != NULL);
    memset(&p, 0, sizeof p);
    p.kernel = k;
    p.size[0] = 4096;
    for (unsigned i = 0; i < cb_kernel_param_count(k); i++)
        p.param[i] = k->params[i].def;
    ASSERT_TRUE(k->plan(&p, why, sizeof why) == 0);
    private_float = p.private_mem_bytes;
    bytes_float = p.bytes;
    ASSERT_TRUE(private_float > 0);
    p.real = CB_ELEM_DOUBLE;
    ASSERT_TRUE(k->plan(&p, why, sizeof why) == 0);
    ASSERT_EQ_U(p.private_mem_bytes, 2 * private_float);
    ASSERT_TRUE(p.bytes == 2 * bytes_float);
    return 0;
}

/* `require COND "reason"`: a false condition's row gets the reason, as a plan's own refusal
 * would say it; the reason is one quoted text at the line's end. */
int test_manifest_require_reason(void)
{
    static const char text[] =
        HEADT " require TILE % BLOCK_ROWS == 0 \"BLOCK_ROWS must divide TILE\"\n"
              " param TILE = 8 in 8,16\n param BLOCK_ROWS = 8 in 1..16\n"
              " global W, H" TAIL;
    struct cb_manifest_file *f;
    char why[CB_MANIFEST_WHY_LEN];
    struct cb_problem p;

    ASSERT_TRUE(cb_manifest_parse("dir/r.cl", text, &f, why, sizeof why) == 0);
    memset(&p, 0, sizeof p);
    p.kernel = f->kernels[0];
    p.size[0] = p.size[1] = 16;
    p.param[0] = 8;
    p.param[1] = 3;
    ASSERT_TRUE(p.kernel->plan(&p, why, sizeof why) != 0);
    ASSERT_TRUE(strcmp(why, "BLOCK_ROWS must divide TILE") == 0);
    p.param[1] = 4;
    ASSERT_TRUE(p.kernel->plan(&p, why, sizeof why) == 0);
    cb_manifest_file_free(f);
    ASSERT_TRUE(rejects(HEADT " require 1 \"open" TAIL, "bad.cl:3:12: require: the reason is one"));
    ASSERT_TRUE(rejects(HEADT " require 1 \"a\" b\"" TAIL, "require: the reason is one"));
    ASSERT_TRUE(rejects(HEADT " require \"why\"" TAIL, "require needs a condition"));
    return 0;
}

/* One scan blanks every named definition, from `__kernel` to its closing brace, lines kept;
 * braces and kernel names in comments and literals do not count, and a name defined twice
 * (in #if and #else) loses both definitions. */
int test_kernels_blank_out(void)
{
    char text[] = "/* __kernel void b( { */\n"
                  "__kernel void a(int n) { if (n) { n++; } }\n"
                  "__kernel __attribute__((x)) void b(int n)\n{ char c = '}'; }\n"
                  "#if 0\n__kernel void b(int n) { /* } */ }\n#endif\n"
                  "kernel void c(int n) { }\n";
    static const char want[] = "/* __kernel void b( { */\n"
                               "__kernel void a(int n) { if (n) { n++; } }\n"
                               "                                         \n                 \n"
                               "#if 0\n                                  \n#endif\n"
                               "                        \n";
    const char *const names[] = {"b", "c", "b", "absent"};
    char none[] = "__kernel void a(int n) {}\n";

    ASSERT_EQ_U(cb_kernels_blank_out(text, names, 4), 1);
    ASSERT_TRUE(strcmp(text, want) == 0);
    ASSERT_EQ_U(cb_kernels_blank_out(none, names, 4), 0);
    ASSERT_EQ_U(cb_kernels_blank_out(none, names, 0), 0);
    ASSERT_TRUE(strcmp(none, "__kernel void a(int n) {}\n") == 0);
    return 0;
}

static size_t newlines(const char *s)
{
    size_t n = 0;

    while ((s = strchr(s, '\n')) != NULL) {
        n++;
        s++;
    }
    return n;
}

/* A program for one kernel: the file's other kernels go, prototypes, helpers, comments and
 * braces in literals do not confuse it, and the text keeps its length and lines. */
int test_manifest_blank_others(void)
{
    static const char file[] =
        "/* __kernel void b(int n) { in a comment */\n"
        "__kernel void b(__global float *x);\n"
        "float helper(float x) { return x; }\n"
        "__kernel __attribute__((reqd_work_group_size(64, 1, 1))) void a(__global float *x)\n"
        "{\n"
        "    x[0] = helper(\"}\"[0]);\n"
        "}\n"
        "kernel void b(__global float *x) { if (1) { x[0] = 1; } }\n"
        "__kernel void a_sum(__global float *x) { x[0] = 2; }\n";
    char text[sizeof file];

    memcpy(text, file, sizeof file);
    ASSERT_EQ_U(cb_kernel_blank_others(text, "a", "a_sum"), 1);
    ASSERT_EQ_U(strlen(text), strlen(file));
    ASSERT_TRUE(
        strncmp(text, file, (size_t)(strstr(file, "kernel void b(__global float *x) {") - file)) ==
        0); /* all before b's body, as it was */
    ASSERT_TRUE(strstr(text, "if (1)") == NULL);
    ASSERT_STR_HAS(text, "__kernel void a_sum(__global float *x) { x[0] = 2; }\n");

    memcpy(text, file, sizeof file);
    ASSERT_EQ_U(cb_kernel_blank_others(text, "b", NULL), 1);
    ASSERT_TRUE(strstr(text, "void a(") == NULL && strstr(text, "a_sum") == NULL);
    ASSERT_STR_HAS(text, "float helper(float x) { return x; }\n");
    ASSERT_STR_HAS(text, "kernel void b(__global float *x) { if (1) { x[0] = 1; } }\n");
    ASSERT_EQ_U(newlines(text), newlines(file));

    memcpy(text, file, sizeof file);
    {
        const char *const b[] = {"b"};

        ASSERT_EQ_U(cb_kernels_blank_out(text, b, 1), 1);
    }
    ASSERT_STR_HAS(text, "__kernel void b(__global float *x);\n");
    ASSERT_TRUE(strstr(text, "if (1)") == NULL);
    ASSERT_STR_HAS(text, "void a(__global float *x)\n{\n");
    return 0;
}
