/* CPU time from /proc (Linux): every CPU's busy time and this process's own, sampled twice to
 * say how much of the machine other processes took in between (the busy-machine rule of the
 * peak probes, host/run/peak_busy.c); and the CPUs this process may run on. */
#ifndef CLBENCH_CPU_TIME_H
#define CLBENCH_CPU_TIME_H

struct cb_cpu_sample {
    unsigned long long busy_ticks; /* every CPU's non-idle time, /proc/stat's "cpu" line */
    unsigned long long own_ticks;  /* this process's threads and its waited-for children */
    unsigned cores;                /* the "cpuN" lines: the CPUs busy_ticks adds up */
    double wall_ms;                /* cb_wall_ms() when it was taken */
};

/* From /proc/stat's text: user + nice + system + irq + softirq + steal of the "cpu" line, in
 * clock ticks, and how many "cpuN" lines follow it.  0, or -1 where the text has no such line. */
int cb_proc_stat_parse(const char *text, unsigned long long *busy_ticks, unsigned *cores);

/* From /proc/PID/stat's text: utime + stime + cutime + cstime, in clock ticks.  0 or -1. */
int cb_proc_pid_stat_parse(const char *text, unsigned long long *own_ticks);

/* Takes a sample now.  0, or -1 where /proc cannot be read (not Linux). */
int cb_cpu_sample_take(struct cb_cpu_sample *s);

/* The cores other processes kept busy on average from a to b, at ticks_per_s clock ticks a
 * second (sysconf(_SC_CLK_TCK)); -1 where the samples cannot say (no time passed, a core count
 * that changed).  Never below 0: the kernel counts a process's time more finely than the CPUs'. */
double cb_cpu_others_cores(const struct cb_cpu_sample *a, const struct cb_cpu_sample *b,
                           long ticks_per_s);

/* The CPUs this process may run on (its affinity: taskset, a cpuset); 0 where the kernel does
 * not say. */
unsigned cb_cpus_allowed(void);

#endif
