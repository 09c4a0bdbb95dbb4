/* Unit tests of the generic buffers' elements by type (host/run/elements.c). */
#include "check.h"
#include "clbench/elements.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int test_half_conversions(void)
{
    ASSERT_EQ_U(cb_half_from_float(1.0f), 0x3c00);
    ASSERT_EQ_U(cb_half_from_float(-2.0f), 0xc000);
    ASSERT_EQ_U(cb_half_from_float(65504.0f), 0x7bff);
    ASSERT_EQ_U(cb_half_from_float(65520.0f), 0x7c00);        /* rounds to infinity */
    ASSERT_EQ_U(cb_half_from_float(0x1p-24f), 0x0001);        /* the smallest subnormal */
    ASSERT_EQ_U(cb_half_from_float(0x1p-26f), 0x0000);        /* below half of it: zero */
    ASSERT_EQ_U(cb_half_from_float(1.0f + 0x1p-11f), 0x3c00); /* a tie rounds to even */
    ASSERT_EQ_U(cb_half_from_float(1.0f + 3 * 0x1p-11f), 0x3c02);
    ASSERT_TRUE(cb_half_from_float(NAN) > 0x7c00 && (cb_half_from_float(NAN) & 0x8000u) == 0);
    ASSERT_NEAR(cb_half_to_double(0x3555), 0.333251953125, 0);
    ASSERT_NEAR(cb_half_to_double(0x0001), 0x1p-24, 0);
    ASSERT_TRUE(isinf(cb_half_to_double(0xfc00)) && cb_half_to_double(0xfc00) < 0);
    for (unsigned h = 0; h < 0x7c00; h++) /* every finite half survives the round trip */
        ASSERT_EQ_U(cb_half_from_float((float)cb_half_to_double((uint16_t)h)), h);
    return 0;
}

int test_elements_fill_and_wrap(void)
{
    struct cb_generic_arg a = {.kind = CB_ARG_BUFFER, .is_input = 1, .fill = CB_FILL_IOTA};
    unsigned char *u;
    long long *l;
    uint16_t *h;

    a.type = CB_ELEM_UCHAR;
    u = cb_elem_make(&a, 300, 1);
    ASSERT_TRUE(u != NULL && u[255] == 255 && u[256] == 0 && u[299] == 43); /* wraps at 2^8 */
    free(u);
    a.type = CB_ELEM_CHAR;
    u = cb_elem_make(&a, 300, 1);
    ASSERT_TRUE(cb_elem_get_int(CB_ELEM_CHAR, u, 128) == -128); /* two's complement */
    free(u);
    a.type = CB_ELEM_HALF;
    h = cb_elem_make(&a, 2050, 1);
    ASSERT_NEAR(cb_elem_get(CB_ELEM_HALF, h, 2047), 2047, 0);
    ASSERT_NEAR(cb_elem_get(CB_ELEM_HALF, h, 2049), 1, 0); /* wraps at 2048, where it is exact */
    free(h);
    /* Random longs in [0, 2^40): more than 32 bits, and the same for the same seed. */
    a.type = CB_ELEM_LONG;
    a.fill = CB_FILL_RANDOM;
    l = cb_elem_make(&a, 1000, 7);
    {
        long long *again = cb_elem_make(&a, 1000, 7), max = 0;

        for (int i = 0; i < 1000; i++) {
            ASSERT_TRUE(l[i] >= 0 && l[i] < (1LL << 40) && l[i] == again[i]);
            max = l[i] > max ? l[i] : max;
        }
        ASSERT_TRUE(max > (1LL << 32));
        free(again);
    }
    free(l);
    /* Every value of a uchar appears in a random fill; a const fill is the value. */
    a.type = CB_ELEM_UCHAR;
    u = cb_elem_make(&a, 100000, 3);
    {
        int seen[256] = {0}, all = 1;

        for (int i = 0; i < 100000; i++)
            seen[u[i]] = 1;
        for (int i = 0; i < 256; i++)
            all &= seen[i];
        ASSERT_TRUE(all);
    }
    free(u);
    a.type = CB_ELEM_DOUBLE;
    a.fill = CB_FILL_CONST;
    a.fill_value = -0.125;
    {
        double *d = cb_elem_make(&a, 3, 1);

        ASSERT_TRUE(d[0] == -0.125 && d[2] == -0.125);
        free(d);
    }
    /* An output only starts poisoned. */
    a.is_input = 0;
    a.is_output = 1;
    {
        double *d = cb_elem_make(&a, 2, 1);

        ASSERT_TRUE(isnan(d[1]));
        free(d);
    }
    return 0;
}

int test_elements_two_poisons(void)
{
    /* Every type's two poisons differ in the type's bytes (a 1-byte type in its one byte),
     * and the floating ones are both NaN: no arithmetic result passes as unwritten. */
    for (int t = 0; t < CB_ELEM_COUNT; t++) {
        const size_t size = cb_elem_info((enum cb_elem_type)t)->size;
        const unsigned char *a = cb_elem_poison((enum cb_elem_type)t);
        const unsigned char *b = cb_elem_second_poison((enum cb_elem_type)t);

        for (size_t i = 0; i < size; i++)
            ASSERT_TRUE(a[i] != b[i]);
        if (cb_elem_info((enum cb_elem_type)t)->floating) {
            ASSERT_TRUE(isnan(cb_elem_get((enum cb_elem_type)t, a, 0)));
            ASSERT_TRUE(isnan(cb_elem_get((enum cb_elem_type)t, b, 0)));
        }
    }
    return 0;
}

int test_elements_shared(void)
{
    struct cb_generic_arg a = {
        .kind = CB_ARG_BUFFER, .type = CB_ELEM_FLOAT, .is_input = 1, .fill = CB_FILL_RANDOM};
    struct cb_generic_arg c = a;
    const float *x, *y, *z, *w;
    float *made = cb_elem_make(&a, 1000, 9);

    /* The same contents asked twice: one array, as cb_elem_make makes it. */
    x = cb_elem_share(&a, 1000, 9);
    y = cb_elem_share(&a, 1000, 9);
    ASSERT_TRUE(x != NULL && x == y && memcmp(x, made, 1000 * sizeof *x) == 0);
    /* Another seed, length or fill is another array. */
    z = cb_elem_share(&a, 1000, 10);
    ASSERT_TRUE(z != NULL && z != x && memcmp(z, x, 1000 * sizeof *x) != 0);
    c.fill = CB_FILL_CONST;
    c.fill_value = 3;
    w = cb_elem_share(&c, 1000, 9);
    ASSERT_TRUE(w != NULL && w != x && w[999] == 3.0f);
    cb_elem_unshare(w);
    c.fill_value = 4;
    w = cb_elem_share(&c, 1000, 9);
    ASSERT_TRUE(w != NULL && w[0] == 4.0f);
    cb_elem_unshare(w);
    /* Handed back by every row, an array stays for the next until other contents are asked
     * for; the array of the row still holding it stays then too. */
    cb_elem_unshare(x);
    cb_elem_unshare(y);
    ASSERT_TRUE(cb_elem_share(&a, 1000, 9) == x);
    cb_elem_unshare(x);
    y = cb_elem_share(&a, 999, 9);
    ASSERT_TRUE(y != NULL && memcmp(y, made, 999 * sizeof *y) == 0);
    free(made);
    made = cb_elem_make(&a, 1000, 10);
    ASSERT_TRUE(memcmp(z, made, 1000 * sizeof *z) == 0); /* still held: not freed */
    cb_elem_unshare(y);
    cb_elem_unshare(z);
    free(made);
    return 0;
}
