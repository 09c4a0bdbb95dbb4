/* A native probe of the host: FMA chains and a streaming copy compiled for each x86 ISA level
 * and run with the widest one the CPU supports (plain C elsewhere), on as many threads as an
 * OpenCL CPU device has compute units.  It answers "what can these cores do without an OpenCL
 * compiler in between", the roof a CPU device's fractions are measured against when it beats
 * the OpenCL probes (host/run/peak.c). */
#ifndef CLBENCH_NATIVE_PEAK_H
#define CLBENCH_NATIVE_PEAK_H

#include <stddef.h>

struct cb_native_peak {
    const char *isa;     /* "avx512f", "avx2", "sse2" or "generic": the code that ran */
    unsigned threads;    /* threads the probe ran on */
    double gflops;       /* best pass: FP32 multiply-adds, 2 FLOP each */
    double gflops_fp64;  /* best pass: the same chains in FP64 */
    double copy_gbs;     /* best pass: bytes read + written per second */
    double gflops_noise; /* (best - median) / best over the passes */
    double copy_noise;   /* the same for the copy */
    double gflops_fp64_noise;
    double cpu_share; /* the threads' CPU time over their wall time: 1 on idle cores */
};

/* The ISA the probe would run on this CPU. */
const char *cb_native_isa(void);

/* Runs the three probes (FMA in float and double, the copy) on `threads` threads, the copy over two
 * buffers of `copy_elems` floats each.  0 on success; -1 (with why filled) when threads or memory
 * could not be had. */
int cb_native_peak_measure(unsigned threads, size_t copy_elems, struct cb_native_peak *out,
                           char *why, size_t why_len);

#endif
