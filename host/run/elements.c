/* Elements of generic buffers by type; see elements.h. */
#include "clbench/elements.h"

#include "clbench/inputs.h"
#include "clbench/parallel.h"

#include <CL/cl.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint16_t cb_half_from_float(float f)
{
    uint32_t x;
    uint32_t sign, mant, half, rem;
    int32_t exp;

    memcpy(&x, &f, sizeof x);
    sign = (x >> 16) & 0x8000u;
    exp = (int32_t)((x >> 23) & 0xffu) - 127 + 15;
    mant = x & 0x7fffffu;
    if (((x >> 23) & 0xffu) == 0xffu)
        return (uint16_t)(sign | 0x7c00u | (mant != 0 ? 0x200u : 0));
    if (exp >= 31)
        return (uint16_t)(sign | 0x7c00u);
    if (exp <= 0) {
        /* A subnormal half: the implicit bit joins the mantissa, shifted into place. */
        const uint32_t shift = (uint32_t)(14 - exp);

        if (exp < -10)
            return (uint16_t)sign;
        mant |= 0x800000u;
        half = mant >> shift;
        rem = mant & ((1u << shift) - 1);
        if (rem > (1u << (shift - 1)) || (rem == (1u << (shift - 1)) && (half & 1u)))
            half++;
        return (uint16_t)(sign | half);
    }
    half = sign | ((uint32_t)exp << 10) | (mant >> 13);
    rem = mant & 0x1fffu;
    /* A carry out of the mantissa rounds into the exponent, up to infinity: as it should. */
    if (rem > 0x1000u || (rem == 0x1000u && (half & 1u)))
        half++;
    return (uint16_t)half;
}

int64_t cb_elem_get_int(enum cb_elem_type t, const void *data, size_t i)
{
    switch (t) {
    case CB_ELEM_CHAR:
        return ((const cl_char *)data)[i];
    case CB_ELEM_UCHAR:
        return ((const cl_uchar *)data)[i];
    case CB_ELEM_SHORT:
        return ((const cl_short *)data)[i];
    case CB_ELEM_USHORT:
        return ((const cl_ushort *)data)[i];
    case CB_ELEM_INT:
        return ((const cl_int *)data)[i];
    case CB_ELEM_UINT:
        return ((const cl_uint *)data)[i];
    case CB_ELEM_LONG:
        return ((const cl_long *)data)[i];
    case CB_ELEM_ULONG: {
        int64_t v;

        memcpy(&v, (const cl_ulong *)data + i, sizeof v);
        return v;
    }
    default:
        return (int64_t)cb_elem_get(t, data, i);
    }
}

double cb_elem_get(enum cb_elem_type t, const void *data, size_t i)
{
    switch (t) {
    case CB_ELEM_FLOAT:
        return ((const float *)data)[i];
    case CB_ELEM_DOUBLE:
        return ((const double *)data)[i];
    case CB_ELEM_HALF:
        return cb_half_to_double(((const uint16_t *)data)[i]);
    case CB_ELEM_ULONG:
        return (double)((const cl_ulong *)data)[i];
    default:
        return (double)cb_elem_get_int(t, data, i);
    }
}

void cb_elem_put(enum cb_elem_type t, void *data, size_t i, int64_t bits, double value)
{
    const uint64_t u = (uint64_t)bits; /* unsigned conversions wrap, as iota's must */

    switch (t) {
    case CB_ELEM_FLOAT:
        ((float *)data)[i] = (float)value;
        break;
    case CB_ELEM_DOUBLE:
        ((double *)data)[i] = value;
        break;
    case CB_ELEM_HALF:
        ((uint16_t *)data)[i] = cb_half_from_float((float)value);
        break;
    case CB_ELEM_CHAR:
    case CB_ELEM_UCHAR:
        ((uint8_t *)data)[i] = (uint8_t)u;
        break;
    case CB_ELEM_SHORT:
    case CB_ELEM_USHORT:
        ((uint16_t *)data)[i] = (uint16_t)u;
        break;
    case CB_ELEM_INT:
    case CB_ELEM_UINT:
        ((uint32_t *)data)[i] = (uint32_t)u;
        break;
    default:
        ((uint64_t *)data)[i] = u;
        break;
    }
}

void cb_elem_format(enum cb_elem_type t, const void *data, size_t i, char *buf, size_t len)
{
    if (t == CB_ELEM_ULONG)
        snprintf(buf, len, "%" PRIu64, (uint64_t)cb_elem_get_int(t, data, i));
    else if (!cb_elem_info(t)->floating)
        snprintf(buf, len, "%" PRId64, cb_elem_get_int(t, data, i));
    else
        snprintf(buf, len, t == CB_ELEM_DOUBLE ? "%.17g" : "%.9g", cb_elem_get(t, data, i));
}

/* One poison's bit patterns, by element size and kind. */
struct poison {
    uint64_t double_bits, long_bits;
    uint32_t float_bits, int_bits;
    uint16_t half_bits, short_bits;
};

static const void *poison_for(const struct poison *p, enum cb_elem_type t)
{
    switch (cb_elem_info(t)->size) {
    case 8:
        return t == CB_ELEM_DOUBLE ? (const void *)&p->double_bits : (const void *)&p->long_bits;
    case 4:
        return t == CB_ELEM_FLOAT ? (const void *)&p->float_bits : (const void *)&p->int_bits;
    default:
        return t == CB_ELEM_HALF ? (const void *)&p->half_bits : (const void *)&p->short_bits;
    }
}

const void *cb_elem_poison(enum cb_elem_type t)
{
    /* Little-endian patterns, as the devices and hosts clbench runs on store them; the ints are
     * INT_MIN + 0x5a5a. */
    static const struct poison first = {
        .double_bits = 0x7ff8dea1c0dea1c0ull,
        .long_bits = 0x80005a5a80005a5aull,
        .float_bits = 0x7fc0dea1u,
        .int_bits = 0x80005a5au,
        .half_bits = 0x7feau,
        .short_bits = 0xa5a5u,
    };

    return poison_for(&first, t);
}

const void *cb_elem_second_poison(enum cb_elem_type t)
{
    /* Negative quiet NaNs with other payloads; integers near the other end of the range (the
     * ints INT_MAX - 0x5a5a). */
    static const struct poison second = {
        .double_bits = 0xfffc5a5e3f5a5e3full,
        .long_bits = 0x7fffa5a57fffa5a5ull,
        .float_bits = 0xffe5a5e1u,
        .int_bits = 0x7fffa5a5u,
        .half_bits = 0xfe5bu,
        .short_bits = 0x5a5au,
    };

    return poison_for(&second, t);
}

/* Element i of a random fill of type t (not float, not int: those keep their sequences). */
static void put_random(enum cb_elem_type t, void *data, size_t i, uint64_t key)
{
    const struct cb_elem_info *info = cb_elem_info(t);
    const uint64_t bits = cb_splitmix64(key + (uint64_t)i * 0x9e3779b97f4a7c15ULL);

    if (t == CB_ELEM_DOUBLE) /* 53 random bits */
        cb_elem_put(t, data, i, 0, (double)(bits >> 11) * 0x1p-52 - 1.0);
    else if (t == CB_ELEM_HALF) /* 11 bits: every value exact in half */
        cb_elem_put(t, data, i, 0, (double)(bits >> 53) * 0x1p-10 - 1.0);
    else {
        const uint64_t span = (uint64_t)(info->random_hi - info->random_lo);

        cb_elem_put(t, data, i, (int64_t)info->random_lo + (int64_t)(bits % span), 0);
    }
}

struct make {
    const struct cb_generic_arg *a;
    size_t size;
    unsigned char *data;
    const float *random; /* the float sequence an int input takes its values from */
    uint64_t key;
};

/* Element i depends on the seed and i alone, so any split of the array makes it the same. */
static void make_part(void *ctx, size_t begin, size_t end, unsigned part)
{
    const struct make *m = ctx;
    const struct cb_generic_arg *a = m->a;

    (void)part;
    for (size_t i = begin; i < end; i++) {
        if (!a->is_input)
            memcpy(m->data + i * m->size, cb_elem_poison(a->type), m->size);
        else if (a->fill == CB_FILL_RANDOM && m->random != NULL)
            /* The same seeded values as floats, as ints in [0, 1000) (24 exact bits). */
            cb_elem_put(a->type, m->data, i, (int64_t)((m->random[i] + 1.0f) * 500.0f), 0);
        else if (a->fill == CB_FILL_RANDOM)
            put_random(a->type, m->data, i, m->key);
        else if (a->fill == CB_FILL_IOTA)
            /* Integers wrap around at 2^bits; half at 2048, beyond which it skips integers. */
            cb_elem_put(a->type, m->data, i, (int64_t)i,
                        a->type == CB_ELEM_HALF ? (double)(i % 2048) : (double)i);
        else if (a->fill == CB_FILL_CONST)
            cb_elem_put(a->type, m->data, i, (int64_t)a->fill_value, a->fill_value);
        else
            cb_elem_put(a->type, m->data, i, 0, 0.0);
    }
}

void *cb_elem_make(const struct cb_generic_arg *a, size_t count, unsigned long long seed)
{
    const struct cb_elem_info *info = cb_elem_info(a->type);
    struct make m = {a, info->size, NULL, NULL, cb_splitmix64(seed ^ 0x5be1c0ffee5eed01ULL)};
    float *random = NULL;

    if (a->is_input && a->fill == CB_FILL_RANDOM &&
        (a->type == CB_ELEM_FLOAT || a->type == CB_ELEM_INT)) {
        random = cb_inputs_make(count, seed);
        if (random == NULL || a->type == CB_ELEM_FLOAT)
            return random;
    }
    m.random = random;
    m.data = malloc((count ? count : 1) * info->size);
    if (m.data != NULL)
        cb_parallel_for(count, 1u << 20, make_part, &m);
    free(random);
    return m.data;
}

/* One array made by cb_elem_make, with what decides its contents, and the rows using it. */
struct shared {
    struct shared *next;
    enum cb_elem_type type;
    enum cb_fill fill;
    double fill_value;
    int is_input;
    size_t count;
    unsigned long long seed;
    unsigned users;
    void *data;
};

static struct shared *shared_list;
static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;

static int same_contents(const struct shared *s, const struct cb_generic_arg *a, size_t count,
                         unsigned long long seed)
{
    return s->type == a->type && s->fill == a->fill && s->is_input == a->is_input &&
           s->count == count && s->seed == seed &&
           (a->fill != CB_FILL_CONST || s->fill_value == a->fill_value);
}

/* Frees the arrays no row uses. */
static void drop_unused(void)
{
    struct shared **at = &shared_list;

    while (*at != NULL) {
        struct shared *s = *at;

        if (s->users > 0) {
            at = &s->next;
            continue;
        }
        *at = s->next;
        free(s->data);
        free(s);
    }
}

const void *cb_elem_share(const struct cb_generic_arg *a, size_t count, unsigned long long seed)
{
    struct shared *s;

    pthread_mutex_lock(&shared_lock);
    for (s = shared_list; s != NULL && !same_contents(s, a, count, seed); s = s->next)
        ;
    if (s != NULL) {
        s->users++;
        pthread_mutex_unlock(&shared_lock);
        return s->data;
    }
    /* Another row's arrays go before this one is made: no more memory held than without
     * sharing, but for the time between rows. */
    drop_unused();
    s = calloc(1, sizeof *s);
    if (s != NULL && (s->data = cb_elem_make(a, count, seed)) == NULL) {
        free(s);
        s = NULL;
    }
    if (s != NULL) {
        s->type = a->type;
        s->fill = a->fill;
        s->fill_value = a->fill_value;
        s->is_input = a->is_input;
        s->count = count;
        s->seed = seed;
        s->users = 1;
        s->next = shared_list;
        shared_list = s;
    }
    pthread_mutex_unlock(&shared_lock);
    return s != NULL ? s->data : NULL;
}

void cb_elem_unshare(const void *data)
{
    if (data == NULL)
        return;
    pthread_mutex_lock(&shared_lock);
    for (struct shared *s = shared_list; s != NULL; s = s->next)
        if (s->data == data && s->users > 0) {
            s->users--;
            break;
        }
    pthread_mutex_unlock(&shared_lock);
}
