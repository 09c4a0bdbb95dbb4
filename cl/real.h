/* cl/real.h -- REAL, the element type of the built-in families (cl/NAME.cl), and its extension.
 *
 * The host builds each row with -DREAL=float, double or half (--type); the default lets a
 * file build alone.  --type double or half: their extension, where the device has it (the host
 * runs such rows only on devices that list it, and calls the others unsupported).  clbench
 * builds every file with -I of its folder, so that #include "real.h" finds this file beside
 * it, in cl/ or in --cl-dir DIR; an edit here rebuilds every file that includes it (the
 * program cache keys on both). */
#ifndef CLBENCH_REAL_H
#define CLBENCH_REAL_H
#ifndef REAL
#define REAL float
#endif
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
#ifdef cl_khr_fp16
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#endif
#endif
