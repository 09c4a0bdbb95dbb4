/* What the driver and the compiler say about one built kernel: the clGetKernelWorkGroupInfo
 * resources, the program binary's size and, on NVIDIA, registers and spills from the
 * -cl-nv-verbose build log (ptxas's own report).  A value the driver does not give is -1 with
 * the reason beside it, never a guess.  Used by host/run/run.c, written by
 * host/report/runfile.c, read back by the detail view and the findings. */
#ifndef CLBENCH_KERNEL_INFO_H
#define CLBENCH_KERNEL_INFO_H

#include "clbench/device.h"

#include <stddef.h>

enum cb_kinfo_field {
    CB_KI_WORK_GROUP_SIZE,    /* CL_KERNEL_WORK_GROUP_SIZE */
    CB_KI_PREFERRED_MULTIPLE, /* CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE */
    CB_KI_LOCAL_MEM,          /* CL_KERNEL_LOCAL_MEM_SIZE, bytes */
    CB_KI_PRIVATE_MEM,        /* CL_KERNEL_PRIVATE_MEM_SIZE, bytes per work-item */
    CB_KI_BINARY,             /* CL_PROGRAM_BINARY_SIZES of the program holding the kernel */
    CB_KI_REGISTERS,          /* per work-item, from ptxas */
    CB_KI_SPILL_STORES,       /* bytes, from ptxas */
    CB_KI_SPILL_LOADS,        /* bytes, from ptxas */
    CB_KI_STACK_FRAME,        /* bytes, from ptxas */
    CB_KI_COUNT
};

enum { CB_KI_WHY_LEN = 112, CB_KI_LOG_LEN = 768 };

struct cb_kernel_info {
    int queried;                          /* 0: the row never built a kernel */
    long long value[CB_KI_COUNT];         /* -1: unknown, why[] says why */
    char why[CB_KI_COUNT][CB_KI_WHY_LEN]; /* "" for a known value */
    char verbose_lines[CB_KI_LOG_LEN];    /* the ptxas lines about this kernel, raw */
};

/* The run file's name of a field: "work_group_size", "registers", ... */
const char *cb_kinfo_name(enum cb_kinfo_field field);

/* What ptxas says about one entry function. */
struct cb_ptxas {
    long long registers, stack_frame, spill_stores, spill_loads; /* -1: no such line */
};

/* Finds kernel's lines in a ptxas -v style log ("Compiling entry function 'k'" up to the
 * next entry function, or "Function properties for k" when there is no such header) and
 * copies them into lines (truncated to len).  Returns 0 when the section was found and has
 * "Used N registers"; 1 when the log says nothing about kernel (empty log, another
 * compiler); -1 when the section is there but its lines do not parse.  Pure. */
int cb_ptxas_parse(const char *log, const char *kernel, struct cb_ptxas *out, char *lines,
                   size_t len);

/* The option that makes the driver print ptxas's report into the build log: "-cl-nv-verbose"
 * on NVIDIA (d->nv_cc_major >= 0, cl_nv_device_attribute_query), "" elsewhere. */
const char *cb_kinfo_build_option(const struct cb_device *d);

/* Queries kernel (entry point name, built in program on d) and parses the build log.  With
 * warn, an unparseable verbose log is reported once (the caller passes warn only for the
 * first row that uses a program). */
void cb_kernel_info_query(struct cb_kernel_info *ki, cl_kernel kernel, cl_program program,
                          const struct cb_device *d, const char *name, int warn);

#endif
