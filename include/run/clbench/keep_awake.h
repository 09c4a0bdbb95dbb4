/* A CPU device's cores kept awake while a row's launches run (docs/measurement.md, "Cores kept
 * awake").  An OpenCL CPU runtime's worker threads sleep between launches (PoCL's wait on a
 * condition variable), and a core with nothing to run halts.  Waking a halted core can take
 * longer than a launch -- in a virtual machine a halted vCPU goes back to the hypervisor -- and
 * that time lands inside the next launch's events.  OpenBLAS's threads spin between calls for
 * the same reason, and its rows go without (struct cb_library's spins_own_threads).
 *
 * One thread per compute unit at the lowest scheduling class (SCHED_IDLE), doing nothing but
 * yield, keeps each core busy only while it would otherwise be idle: a thread that wakes takes
 * the core from it at once. */
#ifndef CLBENCH_KEEP_AWAKE_H
#define CLBENCH_KEEP_AWAKE_H

#include "clbench/device_info.h"

struct cb_keep_awake;

/* Starts the threads for device d where `on` and d calls itself a CPU and nothing else
 * (cb_device_host_memory: not Oclgrind, a simulator that calls itself every type); NULL where
 * not, or where no thread could be started at SCHED_IDLE (one of normal priority would compete
 * with the runtime's). */
struct cb_keep_awake *cb_keep_awake_start(const struct cb_device *d, int on);

/* The threads that run (0 for NULL). */
unsigned cb_keep_awake_threads(const struct cb_keep_awake *k);

/* Stops and joins the threads and frees k (NULL: nothing). */
void cb_keep_awake_stop(struct cb_keep_awake *k);

#endif
