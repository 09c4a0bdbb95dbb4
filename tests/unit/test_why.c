/* Unit tests of "why": the ptxas log parser (host/run/kernel_info.c), the occupancy model
 * (host/run/occupancy.c) and the roofline bound (host/run/explain.c). */
#include "check.h"
#include "clbench/explain.h"
#include "clbench/kernel_info.h"
#include "clbench/occupancy.h"
#include "clbench/source.h"

#include <string.h>

/* The shape of NVIDIA's -cl-nv-verbose build log (ptxas -v): two entry functions, the second
 * spilling.  Lines as ptxas prints them (cf. the logs quoted in NVIDIA/cutlass#2658 and
 * csarofeen/pytorch#2317). */
static const char two_kernels[] =
    "ptxas info    : 0 bytes gmem\n"
    "ptxas info    : Compiling entry function 'matmul_tiled' for 'sm_90'\n"
    "ptxas info    : Function properties for matmul_tiled\n"
    "ptxas         .     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 40 registers, 2048 bytes smem, 380 bytes cmem[0]\n"
    "ptxas info    : Compiling entry function 'matmul_regblock' for 'sm_90'\n"
    "ptxas info    : Function properties for matmul_regblock\n"
    "ptxas         .     224 bytes stack frame, 284 bytes spill stores, 532 bytes spill loads\n"
    "ptxas info    : Used 255 registers, 16384 bytes smem, 368 bytes cmem[0]\n";

int test_ptxas_parse_picks_the_kernel(void)
{
    struct cb_ptxas px;
    char lines[512];

    ASSERT_TRUE(cb_ptxas_parse(two_kernels, "matmul_regblock", &px, lines, sizeof lines) == 0);
    ASSERT_EQ_U(px.registers, 255);
    ASSERT_EQ_U(px.stack_frame, 224);
    ASSERT_EQ_U(px.spill_stores, 284);
    ASSERT_EQ_U(px.spill_loads, 532);
    ASSERT_STR_HAS(lines, "Compiling entry function 'matmul_regblock'");
    ASSERT_STR_HAS(lines, "Used 255 registers");
    ASSERT_TRUE(strstr(lines, "matmul_tiled") == NULL); /* only its own section */
    ASSERT_TRUE(cb_ptxas_parse(two_kernels, "matmul_tiled", &px, lines, sizeof lines) == 0);
    ASSERT_EQ_U(px.registers, 40);
    ASSERT_EQ_U(px.spill_stores, 0);
    ASSERT_TRUE(strstr(lines, "regblock") == NULL);
    /* A name that is a prefix of another is not that other. */
    ASSERT_TRUE(cb_ptxas_parse(two_kernels, "matmul", &px, lines, sizeof lines) == 1);
    return 0;
}

int test_ptxas_parse_absent_and_unparseable(void)
{
    static const char props_only[] = "ptxas info    : Function properties for copy_ilp\n"
                                     "    0 bytes stack frame, 0 bytes spill stores, 0 bytes "
                                     "spill loads\n"
                                     "ptxas info    : Used 16 registers, 368 bytes cmem[0]";
    static const char garbled[] = "ptxas info    : Compiling entry function 'vadd' for 'sm_90'\n"
                                  "ptxas info    : Used many registers\n";
    struct cb_ptxas px;
    char lines[16];

    ASSERT_TRUE(cb_ptxas_parse("", "vadd", &px, lines, sizeof lines) == 1);
    ASSERT_TRUE(lines[0] == '\0');
    ASSERT_TRUE(px.registers == -1 && px.spill_loads == -1);
    ASSERT_TRUE(cb_ptxas_parse(props_only, "copy_ilp", &px, lines, sizeof lines) == 0);
    ASSERT_EQ_U(px.registers, 16);
    ASSERT_EQ_U(px.spill_loads, 0);
    ASSERT_EQ_U(strlen(lines), sizeof lines - 1); /* raw lines kept, truncated to fit */
    ASSERT_TRUE(cb_ptxas_parse(garbled, "vadd", &px, lines, sizeof lines) == -1);
    ASSERT_TRUE(px.registers == -1 && px.stack_frame == -1);
    ASSERT_STR_HAS(lines, "ptxas");
    return 0;
}

/* Expected values are NVIDIA's own: cudaOccMaxActiveBlocksPerMultiprocessor of CUDA 13.0's
 * cuda_occupancy.h with the default carveout, run on the same inputs. */
int test_occupancy_matches_cuda_occupancy_h(void)
{
    static const struct {
        int major, minor;
        long regs;
        long long smem;
        size_t group;
        int groups;
        enum cb_occ_limiter limiter;
    } cases[] = {
        {9, 0, 32, 0, 64, 32, CB_OCC_WARPS}, /* copy_ilp WGS 64, OCC_KIB 0..40 on an H100 */
        {9, 0, 32, 8192, 64, 25, CB_OCC_LOCAL_MEM},  {9, 0, 32, 16384, 64, 13, CB_OCC_LOCAL_MEM},
        {9, 0, 32, 24576, 64, 9, CB_OCC_LOCAL_MEM},  {9, 0, 32, 32768, 64, 6, CB_OCC_LOCAL_MEM},
        {9, 0, 32, 40960, 64, 5, CB_OCC_LOCAL_MEM},  {9, 0, 128, 8192, 256, 2, CB_OCC_REGISTERS},
        {9, 0, 255, 0, 256, 1, CB_OCC_REGISTERS},    {9, 0, 40, 0, 256, 6, CB_OCC_REGISTERS},
        {9, 0, 72, 16384, 256, 3, CB_OCC_REGISTERS}, {8, 0, 64, 16384, 256, 4, CB_OCC_REGISTERS},
        {8, 6, 32, 0, 128, 12, CB_OCC_WARPS},        {8, 6, 96, 4096, 128, 5, CB_OCC_REGISTERS},
        {7, 5, 64, 0, 128, 8, CB_OCC_WARPS},         {7, 0, 48, 12288, 256, 5, CB_OCC_REGISTERS},
        {8, 9, 16, 0, 32, 24, CB_OCC_GROUPS},
    };

    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct cb_sm_limits *lim = cb_sm_limits_find(cases[i].major, cases[i].minor);
        struct cb_occupancy o;

        ASSERT_TRUE(lim != NULL);
        ASSERT_TRUE(cb_occupancy_compute(lim, cases[i].regs, cases[i].smem, cases[i].group, &o) ==
                    0);
        ASSERT_EQ_U(o.groups_per_sm, cases[i].groups);
        ASSERT_EQ_U(o.limiter, cases[i].limiter);
        ASSERT_EQ_U(o.warps_per_sm, cases[i].groups * ((cases[i].group + 31) / 32));
    }
    return 0;
}

int test_occupancy_refuses_and_reports_no_fit(void)
{
    const struct cb_sm_limits *h100 = cb_sm_limits_find(9, 0);
    struct cb_occupancy o;

    ASSERT_TRUE(cb_sm_limits_find(6, 1) == NULL); /* not in the table: no guess */
    ASSERT_TRUE(cb_occupancy_compute(h100, 32, 0, 0, &o) == -1);
    ASSERT_TRUE(cb_occupancy_compute(h100, -1, 0, 64, &o) == -1);
    /* 255 registers x 1024 work-items is more than the register file. */
    ASSERT_TRUE(cb_occupancy_compute(h100, 255, 0, 1024, &o) == 0);
    ASSERT_EQ_U(o.groups_per_sm, 0);
    ASSERT_EQ_U(o.limiter, CB_OCC_REGISTERS);
    ASSERT_NEAR(o.fraction, 0.0, 0.0);
    /* 64 warps of 64 resident: 100%. */
    ASSERT_TRUE(cb_occupancy_compute(h100, 32, 0, 256, &o) == 0);
    ASSERT_NEAR(o.fraction, 1.0, 0.0);
    return 0;
}

int test_bound_picks_the_lower_roof(void)
{
    struct cb_bound b;

    /* 1000 GB/s and 10000 GFLOP/s meet at 10 FLOP/byte. */
    ASSERT_TRUE(cb_bound_compute(2e9, 1e9, 2e-3, 1000, 10000, &b) == 0); /* 2 FLOP/byte */
    ASSERT_NEAR(b.intensity, 2.0, 1e-12);
    ASSERT_NEAR(b.ridge, 10.0, 1e-12);
    ASSERT_TRUE(!b.compute_bound);
    ASSERT_NEAR(b.roof_gflops, 2000.0, 1e-9);
    ASSERT_NEAR(b.fraction_of_roof, 0.5, 1e-12);                           /* 500 GB/s of 1000 */
    ASSERT_TRUE(cb_bound_compute(64e9, 1e9, 10e-3, 1000, 10000, &b) == 0); /* 64 FLOP/byte */
    ASSERT_TRUE(b.compute_bound);
    ASSERT_NEAR(b.roof_gflops, 10000.0, 1e-9);
    ASSERT_NEAR(b.fraction_of_roof, 0.64, 1e-12); /* 6400 GFLOP/s of 10000 */
    /* A copy: no arithmetic, bandwidth roof, fraction of bytes. */
    ASSERT_TRUE(cb_bound_compute(0, 8e9, 4e-3, 4000, 60000, &b) == 0);
    ASSERT_NEAR(b.intensity, 0.0, 0.0);
    ASSERT_TRUE(!b.compute_bound);
    ASSERT_NEAR(b.fraction_of_roof, 0.5, 1e-12);
    /* No peaks or no bytes: no bound, never a guess. */
    ASSERT_TRUE(cb_bound_compute(1e9, 1e9, 1e-3, 0, 10000, &b) == -1);
    ASSERT_TRUE(cb_bound_compute(1e9, 0, 1e-3, 1000, 10000, &b) == -1);
    return 0;
}

/* A build log's warnings are the compiler's about the kernel: NVIDIA's notice for every kernel
 * (driver 550 on) and ptxas's report are not; a real warning is, in any case. */
int test_build_log_warnings_leave_driver_notices(void)
{
    static const char *const notice = "(): Warning: Function vadd is a kernel, so overriding "
                                      "noinline attribute. The function may be inlined when "
                                      "called.";
    static const char *const real = "<kernel>:3:9: warning: unused variable 'x'";
    static const char *const counted = "9 Warnings generated.";
    static const char *const ptxas = "ptxas info    : Used 40 registers, used 1 barriers";

    ASSERT_TRUE(cb_build_log_line_warns(notice, strlen(notice)) == 0);
    ASSERT_TRUE(cb_build_log_line_warns(real, strlen(real)) == 1);
    ASSERT_TRUE(cb_build_log_line_warns(counted, strlen(counted)) == 1);
    ASSERT_TRUE(cb_build_log_line_warns(ptxas, strlen(ptxas)) == 0);
    ASSERT_TRUE(cb_build_log_line_warns(real, 10) == 0); /* "warning" lies past the length */
    return 0;
}
