/* Elements of the generic contract's buffers, of any type of generic.h's table: reading,
 * writing, filling and poisoning them, and half-precision conversions (pure; unit-tested);
 * the arrays rows share. */
#ifndef CLBENCH_ELEMENTS_H
#define CLBENCH_ELEMENTS_H

#include "clbench/generic.h"

#include <stddef.h>
#include <stdint.h>

/* IEEE 754 binary16, rounded to nearest even (overflow: infinity). */
uint16_t cb_half_from_float(float f);

/* Element i of a buffer of type t, as a double (integers beyond 2^53 rounded: for messages). */
double cb_elem_get(enum cb_elem_type t, const void *data, size_t i);
/* Element i of an integer buffer, exactly: sign-extended (signed types) or zero-extended. */
int64_t cb_elem_get_int(enum cb_elem_type t, const void *data, size_t i);
/* Stores `value` (floating types) or the low bytes of `bits` (integer types: wraps around). */
void cb_elem_put(enum cb_elem_type t, void *data, size_t i, int64_t bits, double value);
/* "123", "-5", "0.333333343": element i as its type prints it. */
void cb_elem_format(enum cb_elem_type t, const void *data, size_t i, char *buf, size_t len);

/* The poison of an output of type t (its first cb_elem_info(t)->size bytes): a NaN with a
 * payload no arithmetic makes, or an integer far from any fill (the 8- and 16-bit types have
 * none: every value is one a kernel may write). */
const void *cb_elem_poison(enum cb_elem_type t);
/* A second poison of type t, different from the first in every byte: an element that holds
 * the first poison after one launch and this one after a launch over it was never written
 * (a kernel may write the first poison's value; it does not write both). */
const void *cb_elem_second_poison(enum cb_elem_type t);

/* count elements of a's buffer before a launch: its fill (input) or the poison (out only);
 * seed: the run's seed for the argument.  NULL when memory runs out. */
void *cb_elem_make(const struct cb_generic_arg *a, size_t count, unsigned long long seed);

/* cb_elem_make's array, made once for the rows of a process that ask for the same contents
 * (the same type, fill, length and seed) and shared by them, read-only: the rows of one shape
 * that follow each other (a family's kernels, a tuner's variants) make their inputs once.  A
 * row hands each array back with cb_elem_unshare when it ends; an array no row holds is kept
 * until a row asks for one that is not there, and freed then, before the new one is made.
 * Rows may run on several threads.  NULL when memory runs out. */
const void *cb_elem_share(const struct cb_generic_arg *a, size_t count, unsigned long long seed);
void cb_elem_unshare(const void *data);

#endif
