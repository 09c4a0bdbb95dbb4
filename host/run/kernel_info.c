/* Per-kernel resources from the driver and from ptxas's report; see kernel_info.h. */
#include "clbench/kernel_info.h"

#include "clbench/check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const field_names[CB_KI_COUNT] = {
    "work_group_size",   "preferred_work_group_multiple",
    "local_mem_bytes",   "private_mem_bytes",
    "binary_bytes",      "registers",
    "spill_store_bytes", "spill_load_bytes",
    "stack_frame_bytes",
};

const char *cb_kinfo_name(enum cb_kinfo_field field)
{
    return field < CB_KI_COUNT ? field_names[field] : "unknown";
}

/* The start of the line after p (or the terminating NUL). */
static const char *next_line(const char *p)
{
    const char *nl = strchr(p, '\n');

    return nl != NULL ? nl + 1 : p + strlen(p);
}

static const char *line_start(const char *log, const char *p)
{
    while (p > log && p[-1] != '\n')
        p--;
    return p;
}

/* The line holding "<marker><kernel><quote>" (quote '\'' or end of line), or NULL. */
static const char *find_header(const char *log, const char *marker, const char *kernel, int quoted)
{
    const size_t mlen = strlen(marker), klen = strlen(kernel);

    for (const char *p = strstr(log, marker); p != NULL; p = strstr(p + 1, marker)) {
        const char *name = p + mlen;

        if (strncmp(name, kernel, klen) != 0)
            continue;
        if (quoted ? name[klen] == '\''
                   : (name[klen] == '\0' || name[klen] == '\n' || name[klen] == '\r' ||
                      name[klen] == ' '))
            return line_start(log, p);
    }
    return NULL;
}

/* The value before " <unit>" on a line: "...   0 bytes spill stores" gives 0. */
static long long number_before(const char *line, const char *end, const char *unit)
{
    const char *u = strstr(line, unit);
    const char *digits;

    if (u == NULL || u >= end || u == line)
        return -1;
    digits = u;
    while (digits > line && digits[-1] >= '0' && digits[-1] <= '9')
        digits--;
    return digits == u ? -1 : strtoll(digits, NULL, 10);
}

int cb_ptxas_parse(const char *log, const char *kernel, struct cb_ptxas *out, char *lines,
                   size_t len)
{
    static const char entry[] = "Compiling entry function '", props[] = "Function properties for ";
    const char *start = find_header(log, entry, kernel, 1), *end;
    const char *stop_marker = entry;

    out->registers = out->stack_frame = out->spill_stores = out->spill_loads = -1;
    if (len > 0)
        lines[0] = '\0';
    if (start == NULL) {
        start = find_header(log, props, kernel, 0);
        stop_marker = props;
    }
    if (start == NULL)
        return 1;
    end = strstr(next_line(start), stop_marker);
    end = end != NULL ? line_start(log, end) : start + strlen(start);
    if (len > 0) {
        size_t n = (size_t)(end - start);

        while (n > 0 && (start[n - 1] == '\n' || start[n - 1] == '\r'))
            n--;
        snprintf(lines, len, "%.*s", (int)(n < len ? n : len - 1), start);
    }
    for (const char *line = start; line < end; line = next_line(line)) {
        const char *eol = next_line(line);
        const char *used = strstr(line, "Used ");

        if (used != NULL && used < eol)
            out->registers = number_before(used, eol, " registers");
        if (out->stack_frame < 0)
            out->stack_frame = number_before(line, eol, " bytes stack frame");
        if (out->spill_stores < 0)
            out->spill_stores = number_before(line, eol, " bytes spill stores");
        if (out->spill_loads < 0)
            out->spill_loads = number_before(line, eol, " bytes spill loads");
    }
    return out->registers >= 0 ? 0 : -1;
}

const char *cb_kinfo_build_option(const struct cb_device *d)
{
    return d->nv_cc_major >= 0 ? "-cl-nv-verbose" : "";
}

static void unknown(struct cb_kernel_info *ki, enum cb_kinfo_field f, const char *why)
{
    ki->value[f] = -1;
    snprintf(ki->why[f], sizeof ki->why[f], "%s", why);
}

static void query_group_info(struct cb_kernel_info *ki, cl_kernel kernel, cl_device_id dev,
                             enum cb_kinfo_field f, cl_kernel_work_group_info param, int is_size)
{
    size_t size = 0;
    cl_ulong bytes = 0;
    const cl_int err =
        is_size ? clGetKernelWorkGroupInfo(kernel, dev, param, sizeof size, &size, NULL)
                : clGetKernelWorkGroupInfo(kernel, dev, param, sizeof bytes, &bytes, NULL);

    if (err != CL_SUCCESS) {
        char why[CB_KI_WHY_LEN];

        snprintf(why, sizeof why, "clGetKernelWorkGroupInfo(%s) failed: %s", field_names[f],
                 cb_cl_errname(err));
        unknown(ki, f, why);
        return;
    }
    ki->value[f] = is_size ? (long long)size : (long long)bytes;
}

static void query_binary(struct cb_kernel_info *ki, cl_program program)
{
    size_t size = 0;
    const cl_int err = clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL);

    if (err != CL_SUCCESS) {
        char why[CB_KI_WHY_LEN];

        snprintf(why, sizeof why, "clGetProgramInfo(CL_PROGRAM_BINARY_SIZES) failed: %s",
                 cb_cl_errname(err));
        unknown(ki, CB_KI_BINARY, why);
    } else if (size == 0) {
        unknown(ki, CB_KI_BINARY, "the driver reports no binary for this program");
    } else {
        ki->value[CB_KI_BINARY] = (long long)size;
    }
}

/* The build log, NUL-terminated (caller frees); NULL when the driver gives none. */
static char *build_log(cl_program program, cl_device_id dev)
{
    size_t size = 0;
    char *log;

    if (clGetProgramBuildInfo(program, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &size) != CL_SUCCESS ||
        (log = malloc(size + 1)) == NULL)
        return NULL;
    if (clGetProgramBuildInfo(program, dev, CL_PROGRAM_BUILD_LOG, size, log, NULL) != CL_SUCCESS) {
        free(log);
        return NULL;
    }
    log[size] = '\0';
    return log;
}

static void set_ptxas(struct cb_kernel_info *ki, const struct cb_ptxas *px)
{
    const long long values[] = {px->registers, px->spill_stores, px->spill_loads, px->stack_frame};
    const enum cb_kinfo_field fields[] = {CB_KI_REGISTERS, CB_KI_SPILL_STORES, CB_KI_SPILL_LOADS,
                                          CB_KI_STACK_FRAME};

    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if (values[i] >= 0)
            ki->value[fields[i]] = values[i];
        else
            unknown(ki, fields[i], "ptxas printed no such line for this kernel");
}

static void query_ptxas(struct cb_kernel_info *ki, cl_program program, const struct cb_device *d,
                        const char *name, int warn)
{
    struct cb_ptxas px;
    char *log;
    int parsed;

    if (d->nv_cc_major < 0) {
        for (int f = CB_KI_REGISTERS; f <= CB_KI_STACK_FRAME; f++)
            unknown(ki, (enum cb_kinfo_field)f,
                    "not an NVIDIA device: no -cl-nv-verbose (ptxas) report");
        return;
    }
    log = build_log(program, d->id);
    parsed = log != NULL
                 ? cb_ptxas_parse(log, name, &px, ki->verbose_lines, sizeof ki->verbose_lines)
                 : 1;
    if (parsed == 0) {
        set_ptxas(ki, &px);
    } else {
        const int empty = log == NULL || strspn(log, " \t\r\n") == strlen(log);
        /* A program the driver found in its compute cache is not assembled again, so ptxas
         * says nothing. */
        const char *why = parsed < 0 ? "the ptxas lines of the build log did not parse"
                          : empty    ? "the build log is empty (a compute-cache hit skips "
                                       "ptxas: run with CUDA_CACHE_DISABLE=1)"
                                     : "the -cl-nv-verbose build log has no ptxas lines for it";

        for (int f = CB_KI_REGISTERS; f <= CB_KI_STACK_FRAME; f++)
            unknown(ki, (enum cb_kinfo_field)f, why);
        /* Raw text kept: the whole log when no section was recognised. */
        if (parsed > 0 && log != NULL)
            snprintf(ki->verbose_lines, sizeof ki->verbose_lines, "%s", log);
        if (warn && (parsed < 0 || !empty))
            cb_warn("%s: %s; registers and spills unknown (raw log kept in the run file)", name,
                    why);
    }
    free(log);
}

void cb_kernel_info_query(struct cb_kernel_info *ki, cl_kernel kernel, cl_program program,
                          const struct cb_device *d, const char *name, int warn)
{
    memset(ki, 0, sizeof *ki);
    ki->queried = 1;
    query_group_info(ki, kernel, d->id, CB_KI_WORK_GROUP_SIZE, CL_KERNEL_WORK_GROUP_SIZE, 1);
    query_group_info(ki, kernel, d->id, CB_KI_PREFERRED_MULTIPLE,
                     CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, 1);
    query_group_info(ki, kernel, d->id, CB_KI_LOCAL_MEM, CL_KERNEL_LOCAL_MEM_SIZE, 0);
    query_group_info(ki, kernel, d->id, CB_KI_PRIVATE_MEM, CL_KERNEL_PRIVATE_MEM_SIZE, 0);
    if ((d->type & CL_DEVICE_TYPE_CPU) && strstr(d->platform_version, "PoCL") != NULL)
        /* Measured on PoCL 3.1: answering makes it compile every kernel of the program, which
         * multiplied the time of a small run by ten. */
        unknown(ki, CB_KI_BINARY,
                "not queried on PoCL: it compiles every kernel of the program to answer "
                "CL_PROGRAM_BINARY_SIZES");
    else
        query_binary(ki, program);
    query_ptxas(ki, program, d, name, warn);
}
