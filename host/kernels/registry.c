/* The kernel registry: one row per kernel.  A row's name is the __kernel function in
 * cl/<family>.cl and the value of --kernel.  Plan and reference functions live in
 * host/kernels/<family>.c (declared in include/clbench/families.h).
 *
 * Adding a kernel: write it in cl/<family>.cl, its plan/reference in host/kernels/<family>.c
 * (or reuse the family's), and add one row here.  Tests pick it up by themselves.
 */
#include "clbench/families.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define WGS_PARAM                                                                                  \
    {                                                                                              \
        "WGS", 256, "1..1024", "work-group size"                                                   \
    }

/* Streaming stores: a CPU writes whole lines without reading them first (needs clang: PoCL). */
#define NT_PARAM                                                                                   \
    {                                                                                              \
        "NT", 0, "0,1", "1: non-temporal stores (clang's builtin; pays on CPUs)"                   \
    }

#define VADD_VEC_PARAM                                                                             \
    {                                                                                              \
        "VEC", 1, "1,2,4,8,16", "floats per work-item, loaded as one vector word"                  \
    }

/* Every transpose row takes the same shape, so that the ladder compares like with like. */
#define TRANSPOSE_PARAMS                                                                           \
    {"TILE", 32, "8,16,32,64", "tile edge and work-group width"},                                  \
    {                                                                                              \
        "BLOCK_ROWS", 8, "1..64", "work-group height; divides TILE"                                \
    }

/* The sizes of the side-by-side (several devices, no --size): sizes both a GPU and a CPU
 * finish in well under a second per launch, yet past the caches of both (the H100's 50 MB L2,
 * a Xeon's L3), so that a GPU/CPU ratio compares memory systems and not caches.  Vectors of 16M
 * floats: 192 MB moved by vadd; copy keeps its CPU default of 32M floats (256 MB); 4096^2
 * transposes (64 MB per matrix); 1024^3 matmuls (2.1 GFLOP; 0.26 s for the naive one on the
 * 16-core Xeon, results/gpu-host-side-by-side/).  A GPU's larger defaults run when it runs alone.
 * On its own a CPU runs its defaults: matmuls at 512^3, where the naive one takes 0.3 s on the
 * 2-core machine (2.6 s at 1024^3), so that the whole default run fits in a minute there. */
#define VECTOR_SHARED                                                                              \
    {                                                                                              \
        1 << 24                                                                                    \
    }
#define COPY_SHARED                                                                                \
    {                                                                                              \
        1 << 25                                                                                    \
    }
#define TRANSPOSE_SHARED                                                                           \
    {                                                                                              \
        4096, 4096                                                                                 \
    }
#define MATMUL_SHARED                                                                              \
    {                                                                                              \
        1024, 1024, 1024                                                                           \
    }

static const struct cb_kernel builtin[] = {
    {.name = "vadd",
     .family = "vadd",
     .experiment = "004 vecAdd: one element per work-item, no local memory",
     .summary = "c = a + b, one element per work-item",
     .dims = 1,
     .default_size_cpu = {1 << 24},
     .default_size_gpu = {1 << 26},
     .default_size_shared = VECTOR_SHARED,
     .params = {VADD_VEC_PARAM, WGS_PARAM, NT_PARAM},
     .inputs = 2,
     .metric = CB_METRIC_GBS,
     .baseline = "vadd",
     .plan = cb_plan_vadd,
     .reference = cb_ref_vadd},
    {.name = "vadd_local",
     .family = "vadd",
     .experiment = "004 vecAddLocal: the same add staged through local memory with barriers",
     .summary = "c = a + b through local memory (the seed's pointless staging)",
     .dims = 1,
     .default_size_cpu = {1 << 24},
     .default_size_gpu = {1 << 26},
     .default_size_shared = VECTOR_SHARED,
     .params = {VADD_VEC_PARAM, WGS_PARAM, NT_PARAM},
     .inputs = 2,
     .metric = CB_METRIC_GBS,
     .baseline = "vadd",
     .twin = "vadd",
     .plan = cb_plan_vadd_local,
     .reference = cb_ref_vadd},
    /* Transposes: W x H means an input of H rows of W floats; CPU sizes rely on the runner's
     * buffer rotation to get past the last-level cache. */
    {.name = "transpose_naive",
     .family = "transpose",
     .experiment = "000 transpose ladder: naive, coalesced reads and strided writes",
     .summary = "out = in^T straight from global memory, writes strided by H",
     .dims = 2,
     .default_size_cpu = {2048, 2048},
     .default_size_gpu = {8192, 8192},
     .default_size_shared = TRANSPOSE_SHARED,
     .params = {TRANSPOSE_PARAMS},
     .inputs = 1,
     .metric = CB_METRIC_GBS,
     .baseline = "transpose_naive",
     .plan = cb_plan_transpose_naive,
     .reference = cb_ref_transpose},
    {.name = "transpose_copy",
     .family = "transpose",
     .experiment = "000 transpose ladder: same tiles, copy only (the ceiling)",
     .summary = "out = in through the tiled kernels' local tiles, not transposed",
     .dims = 2,
     .default_size_cpu = {2048, 2048},
     .default_size_gpu = {8192, 8192},
     .default_size_shared = TRANSPOSE_SHARED,
     .params = {TRANSPOSE_PARAMS},
     .inputs = 1,
     .metric = CB_METRIC_GBS,
     .baseline = "transpose_naive",
     .plan = cb_plan_transpose_tiled,
     .reference = cb_ref_transpose_copy},
    {.name = "transpose_tiled",
     .family = "transpose",
     .experiment = "000 transpose ladder: tiled through shared memory, tile 32x32, block 32x8",
     .summary = "out = in^T through a TILE x TILE local tile, both sides coalesced",
     .dims = 2,
     .default_size_cpu = {2048, 2048},
     .default_size_gpu = {8192, 8192},
     .default_size_shared = TRANSPOSE_SHARED,
     .params = {TRANSPOSE_PARAMS},
     .inputs = 1,
     .metric = CB_METRIC_GBS,
     .baseline = "transpose_naive",
     .twin = "transpose_naive",
     .plan = cb_plan_transpose_tiled,
     .reference = cb_ref_transpose},
    {.name = "transpose_padded",
     .family = "transpose",
     .experiment = "000 transpose ladder: + padding [32][33], no bank conflicts",
     .summary = "transpose_tiled with TILE+1 floats per local row",
     .dims = 2,
     .default_size_cpu = {2048, 2048},
     .default_size_gpu = {8192, 8192},
     .default_size_shared = TRANSPOSE_SHARED,
     .params = {TRANSPOSE_PARAMS},
     .inputs = 1,
     .metric = CB_METRIC_GBS,
     .baseline = "transpose_naive",
     .twin = "transpose_naive",
     .plan = cb_plan_transpose_padded,
     .reference = cb_ref_transpose},
    {.name = "transpose_diagonal",
     .family = "transpose",
     .experiment = "000 transpose ladder: + diagonal block mapping against partition camping",
     .summary = "transpose_padded with work-groups walking the tiles diagonally",
     .dims = 2,
     .default_size_cpu = {2048, 2048},
     .default_size_gpu = {8192, 8192},
     .default_size_shared = TRANSPOSE_SHARED,
     .params = {TRANSPOSE_PARAMS},
     .inputs = 1,
     .metric = CB_METRIC_GBS,
     .baseline = "transpose_naive",
     .plan = cb_plan_transpose_padded,
     .reference = cb_ref_transpose},
    {.name = "transpose_aligned",
     .family = "transpose",
     .experiment = "beyond 000: padded, each tile row written from a 32-byte sector boundary "
                   "(today's camping: row pitches that are not a multiple of 8 floats)",
     .summary = "transpose_padded with output tiles shifted per row onto SECTOR boundaries",
     .dims = 2,
     .default_size_cpu = {2048, 2048},
     .default_size_gpu = {8192, 8192},
     .default_size_shared = TRANSPOSE_SHARED,
     .params = {TRANSPOSE_PARAMS,
                {"SECTOR", 8, "1,2,4,8,16,32", "floats per memory sector; divides TILE"}},
     .inputs = 1,
     .metric = CB_METRIC_GBS,
     .baseline = "transpose_naive",
     .twin = "transpose_naive",
     .plan = cb_plan_transpose_aligned,
     .reference = cb_ref_transpose},
    {.name = "copy_ilp",
     .family = "copy",
     .experiment = "002 Volkov memory copy: ILP words per thread, occupancy forced down by "
                   "dynamic shared memory",
     .summary = "out = in, ILP words of VEC floats per work-item, OCC_KIB local ballast",
     .dims = 1,
     .default_size_cpu = {1 << 25},
     /* 1 GiB per buffer: on the H100 the best copy gains 1% over 2^27 floats (tail effects). */
     .default_size_gpu = {1 << 28},
     .default_size_shared = COPY_SHARED,
     .params = {{"ILP", 4, "1,2,4,8", "VEC-wide words per work-item, all loaded before stored"},
                {"VEC", 4, "1,2,4,8,16", "floats per word (float .. float16)"},
                WGS_PARAM,
                {"OCC_KIB", 0, "0..65536",
                 "extra local memory per work-group, KiB, to lower occupancy"},
                NT_PARAM},
     /* On CPUs whole-line words written around the caches: 45.9 GB/s on the 2-core Xeon, where
      * float4 words with plain stores move 25.4 (results/xeon-2c-pocl-3.1/, NT run file). */
     .def_cpu = {8, 16, 0, 0, 1},
     .inputs = 1,
     .metric = CB_METRIC_GBS,
     .baseline = "copy_ilp",
     .plan = cb_plan_copy_ilp,
     .reference = cb_ref_copy},
    /* Matrix multiply C[M][N] = A[M][K] * B[K][N], row-major; --size MxNxK.  Dimension 0 of
     * every NDRange walks the columns of C, dimension 1 its rows (cl/matmul.cl). */
    {.name = "matmul_naive",
     .family = "matmul",
     .experiment = "000 matmul ladder: naive, thread blocks 1x128 vs 128x1 (-D WGX=1 -D WGY=128 "
                   "vs -D WGX=128 -D WGY=1)",
     .summary = "one C element per work-item straight from global memory (CGMA 1)",
     .dims = 3,
     .default_size_cpu = {512, 512, 512},
     .default_size_gpu = {4096, 4096, 4096},
     .default_size_shared = MATMUL_SHARED,
     .params = {{"WGX", 16, "1..1024", "work-group extent along C's columns (dimension 0)"},
                {"WGY", 16, "1..1024", "work-group extent along C's rows (dimension 1)"}},
     .inputs = 2,
     .metric = CB_METRIC_GFLOPS,
     .baseline = "matmul_naive",
     .libraries = {"sgemm_cublas", "sgemm_openblas"},
     .plan = cb_plan_matmul_naive,
     .reference = cb_ref_matmul},
    {.name = "matmul_tiled",
     .family = "matmul",
     .experiment = "004 tiled matmul with TILE_SIZE (003: CGMA = TILE); 000: tiled in shared "
                   "memory",
     .summary = "TILE x TILE tiles of A and B in local memory, one C element per work-item",
     .dims = 3,
     .default_size_cpu = {512, 512, 512},
     .default_size_gpu = {4096, 4096, 4096},
     .default_size_shared = MATMUL_SHARED,
     .params = {{"TILE", 16, "1..64", "tile edge = work-group edge = k-step"}},
     .inputs = 2,
     .metric = CB_METRIC_GFLOPS,
     .baseline = "matmul_naive",
     .libraries = {"sgemm_cublas", "sgemm_openblas"},
     .twin = "matmul_naive",
     .plan = cb_plan_matmul_tiled,
     .reference = cb_ref_matmul},
    {.name = "matmul_regblock",
     .family = "matmul",
     .experiment = "001 results per thread: RX x RY C elements per work-item, tiles of A and B in "
                   "shared memory",
     .summary = "RX x RY C elements per work-item, A and B tiles in local memory",
     .dims = 3,
     .default_size_cpu = {512, 512, 512},
     .default_size_gpu = {4096, 4096, 4096},
     .default_size_shared = MATMUL_SHARED,
     .params = {{"TILE", 16, "1..64", "work-group edge and k-step (001's BS)"},
                {"RX", 4, "1..32", "C columns per work-item"},
                {"RY", 4, "1..32", "C rows per work-item"}},
     .inputs = 2,
     .metric = CB_METRIC_GFLOPS,
     .baseline = "matmul_naive",
     .libraries = {"sgemm_cublas", "sgemm_openblas"},
     .twin = "matmul_cached",
     .plan = cb_plan_matmul_regblock,
     .reference = cb_ref_matmul},
    {.name = "matmul_cached",
     .family = "matmul",
     .experiment = "004 CPU finding, as a measured twin: matmul_regblock without local memory or "
                   "barriers",
     .summary = "matmul_regblock's work-item blocks read straight from global memory (caches)",
     .dims = 3,
     .default_size_cpu = {512, 512, 512},
     .default_size_gpu = {4096, 4096, 4096},
     .default_size_shared = MATMUL_SHARED,
     .params = {{"TILE", 16, "1..64", "work-group edge"},
                {"RX", 4, "1..32", "C columns per work-item"},
                {"RY", 4, "1..32", "C rows per work-item"}},
     .inputs = 2,
     .metric = CB_METRIC_GFLOPS,
     .baseline = "matmul_naive",
     .libraries = {"sgemm_cublas", "sgemm_openblas"},
     .plan = cb_plan_matmul_cached,
     .reference = cb_ref_matmul},
    {.name = "matmul_rank1",
     .family = "matmul",
     .experiment = "000 matmul ladder's best: only A's tile in shared memory, B streamed through "
                   "registers, C block in registers (rank-1 updates)",
     .summary = "WG columns x RM rows of C per work-group, RM results per work-item in registers",
     .dims = 3,
     .default_size_cpu = {512, 512, 512},
     .default_size_gpu = {4096, 4096, 4096},
     .default_size_shared = MATMUL_SHARED,
     .params = {{"WG", 64, "1..1024", "work-items per work-group = C columns per work-group"},
                {"RM", 16, "1..64", "C rows per work-group, held in each work-item's registers"},
                {"TK", 16, "1..256", "k-step of A's local tile"}},
     .inputs = 2,
     .metric = CB_METRIC_GFLOPS,
     .baseline = "matmul_naive",
     .libraries = {"sgemm_cublas", "sgemm_openblas"},
     .plan = cb_plan_matmul_rank1,
     .reference = cb_ref_matmul},
    {.name = "matmul_fast",
     .family = "matmul",
     .experiment = "beyond the seeds: 001's register blocking + 000's transposed, padded tile, "
                   "double-buffered, vector loads (CLBlast Xgemm / myGEMM design)",
     .summary = "TSM x TSN per work-group, WPTM x WPTN per work-item, double-buffered float4 tiles",
     .dims = 3,
     .default_size_cpu = {512, 512, 512},
     .default_size_gpu = {8192, 8192, 8192},
     .default_size_shared = MATMUL_SHARED,
     /* GPU defaults measured on an H100, CPU defaults on both PoCL Xeons (cl/matmul.cl). */
     .params = {{"TSM", 128, "4..512", "C rows per work-group"},
                {"TSN", 128, "4..512", "C columns per work-group"},
                {"TSK", 16, "4..128", "k-step (multiple of 4)"},
                {"WPTM", 8, "1..32", "C rows per work-item"},
                {"WPTN", 8, "1..32", "C columns per work-item"},
                {"VWM", 4, "1,2,4,8,16", "vector width of local reads of A"},
                {"VWN", 4, "1,2,4,8,16", "vector width of B reads and C accumulators"},
                {"PAD", 0, "0..32", "floats of padding per local row (multiple of VWM, VWN)"}},
     .def_cpu = {32, 0, 0, 0, 32, 1, 16, 0},
     .inputs = 2,
     .metric = CB_METRIC_GFLOPS,
     .baseline = "matmul_naive",
     /* No twin: matmul_cpu lays the same register blocking out as a CPU wants it, a different
      * work shape, so a pair would judge the layout and not local memory (on the H100 it read
      * "582x faster with local memory", call P); compare the two rows' times instead. */
     .libraries = {"sgemm_cublas", "sgemm_openblas"},
     .plan = cb_plan_matmul_fast,
     .reference = cb_ref_matmul},
    {.name = "matmul_cpu",
     .family = "matmul",
     .experiment = "004 CPU finding, constructive side: matmul_fast's register blocking as a CPU "
                   "wants it, without local memory or barriers",
     .summary = "RB blocks of MR x NV*VN of C per work-item in vector accumulators over a "
                "private panel of B; no local memory or barriers",
     .dims = 3,
     .default_size_cpu = {1024, 1024, 1024},
     /* A CPU's kernel: on a GPU it runs only beside the others at the shared size, not as a
      * 4096^3 row of its own (174 ms a launch on the H100, for nothing the GPU rows lack). */
     .default_size_gpu = {1024, 1024, 1024},
     .params = {{"MR", 8, "1..32", "C rows per block (rows of accumulators)"},
                {"VN", 16, "2,4,8,16", "vector width of the accumulators and of B's loads"},
                {"NV", 2, "1..8", "vectors per accumulator row (NV*VN columns per work-item)"},
                {"RB", 16, "1..64", "blocks of MR rows per work-item (reuses of B's panel)"},
                {"KB", 256, "0..4096", "depth of a k slice: rows of B's private panel (0: none)"},
                {"WGM", 4, "1..1024", "work-items per work-group, down the rows of C"}},
     .inputs = 2,
     .metric = CB_METRIC_GFLOPS,
     .baseline = "matmul_naive",
     .libraries = {"sgemm_cublas", "sgemm_openblas"},
     .plan = cb_plan_matmul_cpu,
     .reference = cb_ref_matmul},
    {.name = "sgemm_clblast",
     .family = "matmul",
     .experiment = "library baseline: CLBlast's tuned SGEMM on the same buffers (wall-timed)",
     .summary = "CLBlastSgemm, row-major, no transposes; host-timed around clFinish",
     .dims = 3,
     .default_size_cpu = {512, 512, 512},
     .default_size_gpu = {8192, 8192, 8192},
     .default_size_shared = MATMUL_SHARED,
     .inputs = 2,
     .metric = CB_METRIC_GFLOPS,
     .baseline = "matmul_naive",
     .libraries = {"sgemm_cublas", "sgemm_openblas"},
#ifdef CLBENCH_HAVE_CLBLAST
     .enqueue = cb_enqueue_sgemm_clblast,
     .describe = cb_describe_clblast,
#else
     .requires = "built without CLBlast (install libclblast-dev and reconfigure)",
#endif
     .plan = cb_plan_matmul_library,
     .reference = cb_ref_matmul},
    {.name = "sgemm_openblas",
     .family = "matmul",
     .experiment = "library baseline on CPU devices: OpenBLAS's cblas_sgemm on the host, as many "
                   "threads as the device has compute units",
     .summary = "cblas_sgemm on the host for CPU devices; times the call alone on the host",
     .dims = 3,
     .default_size_cpu = {1024, 1024, 1024},
     .default_size_gpu = {8192, 8192, 8192},
     .inputs = 2,
     .metric = CB_METRIC_GFLOPS,
     .baseline = "matmul_naive",
     .libraries = {"sgemm_cublas", "sgemm_openblas"},
#ifdef CLBENCH_HAVE_OPENBLAS
     .library = &cb_library_openblas,
     .describe = cb_describe_openblas,
#else
     .requires = "built without OpenBLAS (install libopenblas-dev and reconfigure)",
#endif
     .plan = cb_plan_matmul_library,
     .reference = cb_ref_matmul},
    {.name = "sgemm_cublas",
     .family = "matmul",
     .experiment = "library baseline on NVIDIA devices: cuBLAS SGEMM, FP32 without TF32, "
                   "timed with CUDA events",
     .summary = "cublasSgemm (no TF32) on the NVIDIA device; loads CUDA's libraries at run time",
     .dims = 3,
     .default_size_cpu = {1024, 1024, 1024},
     .default_size_gpu = {8192, 8192, 8192},
     .inputs = 2,
     .metric = CB_METRIC_GFLOPS,
     .baseline = "matmul_naive",
     .libraries = {"sgemm_cublas", "sgemm_openblas"},
#ifdef CLBENCH_HAVE_CUBLAS
     .library = &cb_library_cublas,
     .describe = cb_describe_cublas,
#else
     .requires = "built without the CUDA headers (install the CUDA toolkit and reconfigure with "
                 "-DCLBENCH_WITH_CUBLAS=ON)",
#endif
     .plan = cb_plan_matmul_library,
     .reference = cb_ref_matmul},
};
enum { BUILTIN_COUNT = sizeof builtin / sizeof builtin[0] };

/* Kernels added at run time, after the built-in ones. */
static const struct cb_kernel **added;
static size_t added_count;

size_t cb_kernel_total(void)
{
    return BUILTIN_COUNT + added_count;
}

const struct cb_kernel *cb_kernel_at(size_t i)
{
    return i < BUILTIN_COUNT       ? &builtin[i]
           : i < cb_kernel_total() ? added[i - BUILTIN_COUNT]
                                   : NULL;
}

int cb_kernel_add(const struct cb_kernel *k)
{
    const struct cb_kernel **grown;

    if (cb_kernel_find(k->name) != NULL)
        return -1;
    grown = realloc(added, (added_count + 1) * sizeof *added);
    if (grown == NULL)
        return -1;
    added = grown;
    added[added_count++] = k;
    return 0;
}

void cb_kernels_reset_added(void)
{
    free(added);
    added = NULL;
    added_count = 0;
}

const struct cb_kernel *cb_kernel_find(const char *name)
{
    for (size_t i = 0; i < cb_kernel_total(); i++)
        if (strcmp(cb_kernel_at(i)->name, name) == 0)
            return cb_kernel_at(i);
    return NULL;
}

unsigned cb_kernel_param_count(const struct cb_kernel *k)
{
    unsigned n = 0;

    while (n < CB_MAX_PARAMS && k->params[n].name != NULL)
        n++;
    return n;
}

int cb_kernel_param_index(const struct cb_kernel *k, const char *name)
{
    const unsigned count = cb_kernel_param_count(k);

    for (unsigned i = 0; i < count; i++)
        if (strcmp(k->params[i].name, name) == 0)
            return (int)i;
    return -1;
}

const long *cb_param_default(const struct cb_kernel *k, unsigned i, int cpu)
{
    return cpu && k->def_cpu[i] != 0 ? &k->def_cpu[i] : &k->params[i].def;
}

int cb_param_allows(const struct cb_param *param, long value)
{
    const char *s = param->allowed;
    const char *range = strstr(s, "..");

    if (range != NULL)
        return value >= strtol(s, NULL, 10) && value <= strtol(range + 2, NULL, 10);
    while (*s != '\0') {
        char *end;
        const long v = strtol(s, &end, 10);

        if (end == s)
            break;
        if (v == value)
            return 1;
        s = *end == ',' ? end + 1 : end;
    }
    return 0;
}

static size_t edit_distance(const char *a, const char *b)
{
    size_t row[64];
    const size_t lb = strlen(b);

    if (lb >= sizeof row / sizeof row[0])
        return SIZE_MAX;
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; a[i - 1] != '\0'; i++) {
        size_t diag = row[0];

        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            const size_t up = row[j];
            const size_t sub = diag + (a[i - 1] != b[j - 1]);
            const size_t del = up + 1, ins = row[j - 1] + 1;

            row[j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
            diag = up;
        }
    }
    return row[lb];
}

const char *cb_kernel_closest(const char *name)
{
    const char *best = NULL;
    size_t best_distance = SIZE_MAX;

    for (size_t i = 0; i < cb_kernel_total(); i++) {
        /* A prefix ("matmul") or a substring is the likeliest intent. */
        const size_t d = strstr(cb_kernel_at(i)->name, name) != NULL
                             ? 0
                             : edit_distance(name, cb_kernel_at(i)->name);

        if (d < best_distance) {
            best_distance = d;
            best = cb_kernel_at(i)->name;
        }
    }
    return best_distance <= 1 + strlen(name) / 2 ? best : NULL;
}

size_t cb_mul_size(size_t a, size_t b)
{
    return (a != 0 && b > SIZE_MAX / a) ? 0 : a * b;
}

size_t cb_round_up(size_t n, size_t m)
{
    const size_t r = n % m;

    return r == 0 ? n : (n > SIZE_MAX - (m - r) ? 0 : n + (m - r));
}
