/* Why a row is as fast as it is: its occupancy on NVIDIA (occupancy.h), which roof of the
 * roofline bounds it and how close it gets, and whether its median is within a few launch
 * overheads.  Computed per row after timing (host/run/explain.c), written into the run file
 * and shown by the detail view. */
#ifndef CLBENCH_EXPLAIN_H
#define CLBENCH_EXPLAIN_H

#include "clbench/occupancy.h"

/* A median below this many launch overheads is mostly launch, not kernel. */
#define CB_LAUNCH_BOUND_FACTOR 5.0

struct cb_bound {
    double intensity;        /* FLOPs per compulsory byte */
    double ridge;            /* the intensity where the two roofs meet: peak FLOP/s / peak B/s */
    int compute_bound;       /* 1: the FMA roof bounds it at this intensity; 0: bandwidth */
    double roof_gflops;      /* min(bandwidth x intensity, FMA peak) */
    double fraction_of_roof; /* achieved / the binding roof */
};

/* The roofline bound of a kernel moving bytes (compulsory) and doing flops in seconds, on a
 * device whose measured peaks are peak_gbs and peak_gflops.  Returns -1 (out untouched) when
 * bytes, seconds or a peak is not positive. */
int cb_bound_compute(double flops, double bytes, double seconds, double peak_gbs,
                     double peak_gflops, struct cb_bound *out);

enum { CB_EXPLAIN_WHY_LEN = 128 };

struct cb_explain {
    int has_occupancy;
    struct cb_occupancy occupancy;
    char occupancy_why[CB_EXPLAIN_WHY_LEN]; /* when not has_occupancy */
    int has_bound;
    struct cb_bound bound;
    char bound_why[CB_EXPLAIN_WHY_LEN];
    double launch_ratio; /* median / the device's launch overhead for the row's timer; 0 unknown */
};

struct cb_row;
/* Fills row->explain from the row's timing, its kernel_info and its device. */
void cb_row_explain(struct cb_row *row);

#endif
