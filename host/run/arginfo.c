/* Checking a built user kernel's arguments; see arginfo.h. */
#include "clbench/arginfo.h"

#include <stdio.h>
#include <string.h>

/* What the runner passes as one argument. */
struct expected {
    cl_kernel_arg_address_qualifier space; /* __private for scalars */
    char type[16];                         /* "uint" or "float*" ("*": any pointer) */
};

static const char *space_name(cl_kernel_arg_address_qualifier q)
{
    return q == CL_KERNEL_ARG_ADDRESS_GLOBAL     ? "__global "
           : q == CL_KERNEL_ARG_ADDRESS_CONSTANT ? "__constant "
           : q == CL_KERNEL_ARG_ADDRESS_LOCAL    ? "__local "
                                                 : "";
}

static unsigned expected_list(const struct cb_problem *p, struct expected *e)
{
    const struct cb_generic *g = p->kernel->generic;
    unsigned n = 0;

    for (unsigned i = 0; i < g->arg_count; i++) {
        const struct cb_generic_arg *a = &g->args[i];

        e[n].space = a->kind == CB_ARG_SCALAR  ? CL_KERNEL_ARG_ADDRESS_PRIVATE
                     : a->kind == CB_ARG_LOCAL ? CL_KERNEL_ARG_ADDRESS_LOCAL
                                               : CL_KERNEL_ARG_ADDRESS_GLOBAL;
        /* Exactly the declared type (REAL: the row's): a `__global uint *` is no int[N]. */
        snprintf(e[n++].type, sizeof e[0].type, "%s%s",
                 a->kind == CB_ARG_LOCAL ? "" : cb_elem_info(cb_arg_type(a, p->real))->name,
                 a->kind == CB_ARG_SCALAR ? "" : "*");
    }
    if (p->dynamic_local_bytes > 0)
        e[n++] = (struct expected){CL_KERNEL_ARG_ADDRESS_LOCAL, "*"};
    return n;
}

/* `float*` (`int*`) or a vector view of the same buffer, `float4*` (`int4*`): a buffer is
 * bytes, and a kernel that loads four floats at a time may say so in its signature.  Not
 * float3, whose elements are 16 bytes apart. */
static int same_elements(const char *want, const char *got)
{
    static const char *const widths[] = {"2*", "4*", "8*", "16*"};
    const size_t base = strlen(want) - 1; /* "float" of "float*" */

    if (strcmp(want, got) == 0)
        return 1;
    if (want[base] != '*' || strncmp(want, got, base) != 0)
        return 0;
    for (unsigned i = 0; i < sizeof widths / sizeof widths[0]; i++)
        if (strcmp(got + base, widths[i]) == 0)
            return 1;
    return 0;
}

static int matches(const struct expected *e, cl_kernel_arg_address_qualifier space,
                   const char *type)
{
    /* A read-only input may live in __constant memory. */
    const int space_ok = e->space == space || (e->space == CL_KERNEL_ARG_ADDRESS_GLOBAL &&
                                               space == CL_KERNEL_ARG_ADDRESS_CONSTANT);

    if (!space_ok)
        return 0;
    return strcmp(e->type, "*") == 0 ? strchr(type, '*') != NULL : same_elements(e->type, type);
}

/* "(int, int, __global float*, ...)" */
static void describe_list(const struct expected *e, unsigned n, char *buf, size_t len)
{
    size_t used = 0;

    buf[0] = '\0';
    for (unsigned i = 0; i < n && used < len; i++) {
        const int w =
            snprintf(buf + used, len - used, "%s%s%s%s", i ? ", " : "(", space_name(e[i].space),
                     strcmp(e[i].type, "*") == 0 ? "float*" : e[i].type, i + 1 == n ? ")" : "");

        used += w > 0 ? (size_t)w : 0;
    }
}

int cb_kernel_args_check(cl_kernel kernel, const struct cb_problem *p, char *why, size_t len)
{
    struct expected e[CB_MAX_ARGS + 1];
    const unsigned n = expected_list(p, e);
    const char *file = p->kernel->source_path != NULL ? p->kernel->source_path : "";
    char passer[80];
    char list[300];
    cl_uint count = 0;

    describe_list(e, n, list, sizeof list);
    /* A kernel's arguments are its manifest's `arg` lines, or those its contract stands for. */
    if (p->kernel->contract == NULL)
        snprintf(passer, sizeof passer, "its manifest");
    else
        snprintf(passer, sizeof passer, "the %s contract", p->kernel->contract);
    if (clGetKernelInfo(kernel, CL_KERNEL_NUM_ARGS, sizeof count, &count, NULL) != CL_SUCCESS)
        return 0;
    for (cl_uint i = 0; i < count && i < n; i++) {
        cl_kernel_arg_address_qualifier space = 0;
        char type[64] = "", name[64] = "";
        const cl_int err = clGetKernelArgInfo(kernel, i, CL_KERNEL_ARG_ADDRESS_QUALIFIER,
                                              sizeof space, &space, NULL);

        if (err == CL_KERNEL_ARG_INFO_NOT_AVAILABLE)
            break; /* the count is still known: checked below */
        if (err != CL_SUCCESS ||
            clGetKernelArgInfo(kernel, i, CL_KERNEL_ARG_TYPE_NAME, sizeof type, type, NULL) !=
                CL_SUCCESS ||
            clGetKernelArgInfo(kernel, i, CL_KERNEL_ARG_NAME, sizeof name, name, NULL) !=
                CL_SUCCESS)
            break;
        if (!matches(&e[i], space, type)) {
            snprintf(why, len,
                     "%s: kernel %s's argument %u (%s) is `%s%s` where %s passes `%s%s`: its "
                     "arguments must be %s",
                     file, p->kernel->name, i + 1, name, space_name(space), type, passer,
                     space_name(e[i].space), strcmp(e[i].type, "*") == 0 ? "float*" : e[i].type,
                     list);
            return -1;
        }
    }
    if (count != n) {
        snprintf(why, len, "%s: kernel %s takes %u arguments where %s passes %u: %s", file,
                 p->kernel->name, count, passer, n, list);
        return -1;
    }
    return 0;
}
