/* A deliberately wrong kernel: a typo reads `a` twice, so c = 2a instead of a + b.  clbench
 * must catch it: the row ends verify_failed and the run exits 1.
 *
 * Run: clbench --kernel-file cl/examples/wrong_vadd.cl
 */

/* clbench:kernel wrong_vadd
 *   contract   vadd
 *   summary    c = a + a: a typo that verification catches
 *   global     N
 *   size       cpu 1M gpu 1M
 */
__kernel void wrong_vadd(const int n, __global const float *a, __global const float *b,
                         __global float *c)
{
    const int i = get_global_id(0);

    if (i < n)
        c[i] = a[i] + a[i];
}
