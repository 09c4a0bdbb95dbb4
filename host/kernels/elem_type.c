/* The OpenCL C scalar types of the generic contract, one row each; see generic.h.  Random
 * fills: the 8- and 16-bit types take every value of their range (an image's pixels, a byte
 * stream), int and uint [0, 1000) as ints always had, long and ulong [0, 2^40) so that a sum
 * needs 64 bits yet 2^23 of them fit in a long; floating types [-1, 1).  Default tolerances
 * of floating outputs: about a hundred units in the last place of each type (float's
 * 1e-5 / 1e-6 as before). */
#include "clbench/generic.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <string.h>

static const struct cb_elem_info types[CB_ELEM_COUNT] = {
    [CB_ELEM_FLOAT] = {"float", 4, 1, 0, 0, FLT_MAX, -1, 1, NULL, 1e-5, 1e-6},
    [CB_ELEM_INT] = {"int", 4, 0, INT_MIN, INT_MAX, 0, 0, 1000, NULL, 0, 0},
    [CB_ELEM_CHAR] = {"char", 1, 0, SCHAR_MIN, SCHAR_MAX, 0, SCHAR_MIN, SCHAR_MAX + 1.0, NULL, 0,
                      0},
    [CB_ELEM_UCHAR] = {"uchar", 1, 0, 0, UCHAR_MAX, 0, 0, UCHAR_MAX + 1.0, NULL, 0, 0},
    [CB_ELEM_SHORT] = {"short", 2, 0, SHRT_MIN, SHRT_MAX, 0, SHRT_MIN, SHRT_MAX + 1.0, NULL, 0, 0},
    [CB_ELEM_USHORT] = {"ushort", 2, 0, 0, USHRT_MAX, 0, 0, USHRT_MAX + 1.0, NULL, 0, 0},
    [CB_ELEM_UINT] = {"uint", 4, 0, 0, UINT_MAX, 0, 0, 1000, NULL, 0, 0},
    [CB_ELEM_LONG] = {"long", 8, 0, LLONG_MIN, LLONG_MAX, 0, 0, 1099511627776.0, NULL, 0, 0},
    [CB_ELEM_ULONG] = {"ulong", 8, 0, 0, LLONG_MAX, 0, 0, 1099511627776.0, NULL, 0, 0},
    [CB_ELEM_DOUBLE] = {"double", 8, 1, 0, 0, DBL_MAX, -1, 1, "cl_khr_fp64", 1e-12, 1e-13},
    [CB_ELEM_HALF] = {"half", 2, 1, 0, 0, 65504.0, -1, 1, "cl_khr_fp16", 1e-2, 1e-3},
};

const struct cb_elem_info *cb_elem_info(enum cb_elem_type t)
{
    return &types[t < CB_ELEM_COUNT ? t : CB_ELEM_FLOAT];
}

int cb_elem_find(const char *s, size_t len, enum cb_elem_type *out)
{
    for (int i = 0; i < CB_ELEM_COUNT; i++)
        if (strlen(types[i].name) == len && strncmp(types[i].name, s, len) == 0) {
            *out = (enum cb_elem_type)i;
            return 0;
        }
    return -1;
}

double cb_half_to_double(uint16_t h)
{
    const int exp = (h >> 10) & 0x1f;
    const int mant = h & 0x3ff;
    const double v = exp == 0    ? ldexp(mant, -24)
                     : exp == 31 ? (mant != 0 ? NAN : INFINITY)
                                 : ldexp(mant | 0x400, exp - 25);

    return (h & 0x8000u) ? -v : v;
}

double cb_real_get(enum cb_elem_type t, const void *data, size_t i)
{
    return t == CB_ELEM_DOUBLE ? ((const double *)data)[i]
           : t == CB_ELEM_HALF ? cb_half_to_double(((const uint16_t *)data)[i])
                               : ((const float *)data)[i];
}

enum cb_elem_type cb_generic_compute_type(const struct cb_generic *g, enum cb_elem_type real)
{
    static const enum cb_elem_type widest_first[] = {CB_ELEM_DOUBLE, CB_ELEM_FLOAT, CB_ELEM_HALF};

    for (size_t w = 0; w < sizeof widest_first / sizeof widest_first[0]; w++)
        for (unsigned i = 0; i < g->arg_count; i++)
            if (g->args[i].kind == CB_ARG_BUFFER &&
                cb_arg_type(&g->args[i], real) == widest_first[w])
                return widest_first[w];
    return CB_ELEM_COUNT;
}
