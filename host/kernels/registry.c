/* The kernel registry: the built-in kernels, declared by the manifests of cl/<family>.cl and
 * registered when those are loaded (host/kernels/manifest_files.c); then the library baselines,
 * the one kind of row a .cl file cannot declare (this file's table); then the kernels of the
 * user's kernel files.  A kernel's name is the value of --kernel.
 */
#include "clbench/libraries.h"
#include "clbench/plugin.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The library baselines' matmul sizes of the side-by-side (several devices, no --size): the
 * size the matmul kernels' manifests give there (cl/matmul.cl). */
#define MATMUL_SHARED                                                                              \
    {                                                                                              \
        1024, 1024, 1024                                                                           \
    }

/* The rows no .cl file can declare: library baselines, which run outside OpenCL C. */
#ifdef CLBENCH_HAVE_CLBLAST
#define CLBLAST_ROW .library = &cb_library_clblast
#else
#define CLBLAST_ROW .requires = "built without CLBlast (install libclblast-dev and reconfigure)"
#endif
#ifdef CLBENCH_HAVE_OPENBLAS
#define OPENBLAS_ROW .library = &cb_library_openblas
#else
#define OPENBLAS_ROW .requires = "built without OpenBLAS (install libopenblas-dev and reconfigure)"
#endif
#ifdef CLBENCH_HAVE_CUBLAS
#define CUBLAS_ROW .library = &cb_library_cublas
#else
#define CUBLAS_ROW                                                                                 \
    .requires = "built without the CUDA headers (install the CUDA toolkit and reconfigure with "   \
                "-DCLBENCH_WITH_CUBLAS=ON)"
#endif

/* What the library rows share, for a GEMM in TYPE (its bit in .types) next to the matmul
 * kernels. */
#define GEMM_ROW(TYPE)                                                                             \
    .family = "matmul", .dims = 3, .inputs = 2, .metric = CB_METRIC_GFLOPS,                        \
    .baseline = "matmul_naive", .types = 1u << (TYPE), .plan = cb_plan_matmul_library,             \
    .reference = cb_ref_matmul, .reference_many = cb_ref_matmul_many

/* The rows no .cl file can declare: library baselines, which run outside OpenCL C.  Each GEMM
 * in float (sgemm_*) and in double (dgemm_*, --type double). */
static const struct cb_kernel libraries[] = {
    {.name = "sgemm_clblast",
     .experiment = "library baseline: CLBlast's tuned SGEMM on the same buffers (wall-timed)",
     .summary = "CLBlastSgemm, row-major, no transposes; host-timed around clFinish",
     .default_size_cpu = {512, 512, 512},
     .default_size_gpu = {8192, 8192, 8192},
     .default_size_shared = MATMUL_SHARED,
     .libraries = {"sgemm_cublas", "sgemm_openblas"},
     CLBLAST_ROW,
     GEMM_ROW(CB_ELEM_FLOAT)},
    {.name = "sgemm_openblas",
     .experiment = "library baseline on CPU devices: OpenBLAS's cblas_sgemm on the host, as many "
                   "threads as the device has compute units",
     .summary = "cblas_sgemm on the host for CPU devices; times the call alone on the host",
     .default_size_cpu = {1024, 1024, 1024},
     .default_size_gpu = {8192, 8192, 8192},
     .libraries = {"sgemm_cublas", "sgemm_openblas"},
     OPENBLAS_ROW,
     GEMM_ROW(CB_ELEM_FLOAT)},
    {.name = "sgemm_cublas",
     .experiment = "library baseline on NVIDIA devices: cuBLAS SGEMM, FP32 without TF32, "
                   "timed with CUDA events",
     .summary = "cublasSgemm (no TF32) on the NVIDIA device; loads CUDA's libraries at run time",
     .default_size_cpu = {1024, 1024, 1024},
     .default_size_gpu = {8192, 8192, 8192},
     .libraries = {"sgemm_cublas", "sgemm_openblas"},
     CUBLAS_ROW,
     GEMM_ROW(CB_ELEM_FLOAT)},
    {.name = "dgemm_clblast",
     .experiment = "library baseline: CLBlast's tuned DGEMM on the same buffers (wall-timed)",
     .summary = "CLBlastDgemm (--type double), row-major, no transposes; host-timed",
     .default_size_cpu = {512, 512, 512},
     .default_size_gpu = {4096, 4096, 4096},
     .default_size_shared = MATMUL_SHARED,
     .libraries = {"dgemm_cublas", "dgemm_openblas"},
     CLBLAST_ROW,
     GEMM_ROW(CB_ELEM_DOUBLE)},
    {.name = "dgemm_openblas",
     .experiment = "library baseline on CPU devices: OpenBLAS's cblas_dgemm on the host, as many "
                   "threads as the device has compute units",
     .summary = "cblas_dgemm (--type double) on the host for CPU devices; times the call alone",
     .default_size_cpu = {1024, 1024, 1024},
     .default_size_gpu = {4096, 4096, 4096},
     .libraries = {"dgemm_cublas", "dgemm_openblas"},
     OPENBLAS_ROW,
     GEMM_ROW(CB_ELEM_DOUBLE)},
    {.name = "dgemm_cublas",
     .experiment = "library baseline on NVIDIA devices: cuBLAS DGEMM in FP64 (on Hopper its FP64 "
                   "tensor cores, which OpenCL C cannot reach), timed with CUDA events",
     .summary = "cublasDgemm (--type double) on the NVIDIA device; loads CUDA at run time",
     .default_size_cpu = {1024, 1024, 1024},
     .default_size_gpu = {4096, 4096, 4096},
     .libraries = {"dgemm_cublas", "dgemm_openblas"},
     .tensor_cores_from_cc = 8,
     CUBLAS_ROW,
     GEMM_ROW(CB_ELEM_DOUBLE)},
};
enum { LIBRARY_COUNT = sizeof libraries / sizeof libraries[0] };

/* A list of registered kernels that grows. */
struct list {
    const struct cb_kernel **at;
    size_t count;
};

static struct list builtin; /* from the built-in manifests */
static struct list added;   /* from the user's kernel files */

static int append(struct list *l, const struct cb_kernel *k)
{
    const struct cb_kernel **grown;

    if (cb_kernel_find(k->name) != NULL)
        return -1;
    grown = realloc(l->at, (l->count + 1) * sizeof *grown);
    if (grown == NULL)
        return -1;
    l->at = grown;
    l->at[l->count++] = k;
    return 0;
}

static void clear(struct list *l)
{
    free(l->at);
    l->at = NULL;
    l->count = 0;
}

size_t cb_kernel_total(void)
{
    return builtin.count + LIBRARY_COUNT + added.count;
}

const struct cb_kernel *cb_kernel_at(size_t i)
{
    if (i < builtin.count)
        return builtin.at[i];
    i -= builtin.count;
    return i < LIBRARY_COUNT                 ? &libraries[i]
           : i - LIBRARY_COUNT < added.count ? added.at[i - LIBRARY_COUNT]
                                             : NULL;
}

int cb_kernel_add_builtin(const struct cb_kernel *k)
{
    return append(&builtin, k);
}

void cb_kernels_reset_builtin(void)
{
    clear(&builtin);
}

int cb_kernel_add(const struct cb_kernel *k)
{
    return append(&added, k);
}

void cb_kernels_reset_added(void)
{
    clear(&added);
}

const struct cb_kernel *cb_kernel_find(const char *name)
{
    for (size_t i = 0; i < cb_kernel_total(); i++)
        if (strcmp(cb_kernel_at(i)->name, name) == 0)
            return cb_kernel_at(i);
    return NULL;
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

enum cb_elem_type cb_kernel_compute_type(const struct cb_kernel *k, enum cb_elem_type real)
{
    return k->generic != NULL ? cb_generic_compute_type(k->generic, real) : real;
}

int cb_kernel_builtin_family(const char *family)
{
    for (size_t i = 0; i < cb_kernel_total(); i++) {
        const struct cb_kernel *k = cb_kernel_at(i);

        /* A family of cl/'s files, not the library rows that join one: cl/matmul.cl's own
         * kernels are of family matmul while the GEMM rows are already registered. */
        if (k->source_path == NULL && k->manifest != NULL && strcmp(k->family, family) == 0)
            return 1;
    }
    return 0;
}
