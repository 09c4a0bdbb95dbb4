/* Kernels that take the driver down with them, for the supervised workers (tests/cli/crash.sh):
 * each is a vadd-contract kernel loaded with --kernel-file, run beside good ones in one run and
 * one tune.  What PoCL 3.1 does with each is in tests/fault/README.md. */

/* clbench:kernel fault_good
 *   contract   vadd
 *   summary    a correct c = a + b, beside the faults
 *   param      WGS = 64 in 16,32,64,128 "work-group size"
 *   global     round_up(N, WGS)
 *   local      WGS
 *   size       cpu 1000 gpu 1000
 */
__kernel void fault_good(const int n, __global const float *a, __global const float *b,
                         __global float *c)
{
    const int i = get_global_id(0);

    if (i < n)
        c[i] = a[i] + b[i];
}

/* clbench:kernel fault_segv
 *   contract   vadd
 *   summary    writes 1 GiB past the end of its output: a segmentation fault on a CPU driver
 *   global     N
 *   size       cpu 1000 gpu 1000
 */
__kernel void fault_segv(const int n, __global const float *a, __global const float *b,
                         __global float *c)
{
    const int i = get_global_id(0);

    if (i < n)
        c[i + (1 << 28)] = a[i] + b[i];
}

/* clbench:kernel fault_stack
 *   contract   vadd
 *   summary    a 64 MiB private array per work-item: overflows a CPU driver's work-item stack
 *   global     N
 *   size       cpu 1000 gpu 1000
 */
__kernel void fault_stack(const int n, __global const float *a, __global const float *b,
                          __global float *c)
{
    const int i = get_global_id(0);
    float big[1 << 24];

    for (int k = 0; k < (1 << 24); k += 4096)
        big[k] = a[(i + k) % n];
    if (i < n)
        c[i] = big[(i * 4096) % (1 << 24)] + b[i];
}

/* clbench:kernel fault_loop
 *   contract   vadd
 *   summary    never ends (a student's loop that forgot its increment): timed_out
 *   global     N
 *   size       cpu 1000 gpu 1000
 */
__kernel void fault_loop(const int n, __global const float *a, __global const float *b,
                         __global float *c)
{
    const int i = get_global_id(0);

    for (int k = 0; k < n; k += 0)
        c[i % n] = c[i % n] + a[k];
}

/* clbench:kernel fault_read_oob
 *   contract   vadd
 *   summary    reads b one element past the end of its work-item's: wrong at the last element
 *   global     N
 *   size       cpu 1000 gpu 1000
 */
__kernel void fault_read_oob(const int n, __global const float *a, __global const float *b,
                             __global float *c)
{
    const int i = get_global_id(0);

    if (i < n)
        c[i] = a[i] + b[i + (i == n - 1) * 4096];
}

/* clbench:kernel fault_modes
 *   contract   vadd
 *   summary    one kernel, a fault per MODE, for a tune through them
 *   param      MODE = 0 in 0,1,2,3 "0 right, 1 writes 1 GiB past the end, 2 never ends, 3 right"
 *   global     N
 *   size       cpu 1000 gpu 1000
 */
__kernel void fault_modes(const int n, __global const float *a, __global const float *b,
                          __global float *c)
{
    const int i = get_global_id(0);

#if MODE == 1
    if (i < n)
        c[i + (1 << 28)] = a[i] + b[i];
#elif MODE == 2
    for (int k = 0; k < n; k += 0)
        c[i % n] = c[i % n] + a[k];
#else
    if (i < n)
        c[i] = a[i] + b[i];
#endif
}
