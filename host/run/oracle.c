/* Devices for reference kernels on another device than the row's; see run.h (struct
 * cb_oracles) and generic.c, which looks them up. */
#include "clbench/oracle.h"

#include "clbench/source.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cb_oracles_init(struct cb_oracles *o, const struct cb_device_list *list)
{
    const size_t n = list->count ? list->count : 1;

    o->list = list;
    o->devices = calloc(n, sizeof *o->devices);
    o->caches = calloc(n, sizeof *o->caches);
    if (o->devices == NULL || o->caches == NULL) {
        cb_oracles_release(o);
        return -1;
    }
    return 0;
}

void cb_oracles_release(struct cb_oracles *o)
{
    for (size_t i = 0; o->devices != NULL && o->caches != NULL && i < o->list->count; i++) {
        cb_program_cache_release(&o->caches[i]);
        cb_device_close(&o->devices[i]);
    }
    free(o->devices);
    free(o->caches);
    o->devices = NULL;
    o->caches = NULL;
}

int cb_oracle_find(struct cb_oracles *o, const char *selector, struct cb_device *self,
                   struct cb_program_cache *self_cache, struct cb_device **dev,
                   struct cb_program_cache **cache, char *why, size_t len)
{
    if (o == NULL || o->devices == NULL) {
        snprintf(why, len, "no devices to run a reference on '%s'", selector);
        return -1;
    }
    for (size_t i = 0; i < o->list->count; i++) {
        const struct cb_device *d = &o->list->devices[i];

        if (!cb_device_matches(selector, d))
            continue;
        if (d->platform_index == self->platform_index && d->device_index == self->device_index) {
            *dev = self;
            *cache = self_cache;
            return 0;
        }
        if (o->devices[i].id == NULL) {
            o->devices[i] = *d;
            o->devices[i].context = NULL;
            o->devices[i].queue = NULL;
        }
        if (cb_device_open(&o->devices[i]) != CL_SUCCESS) {
            snprintf(why, len, "could not create a context and queue on reference device %u:%u",
                     d->platform_index, d->device_index);
            return -1;
        }
        *dev = &o->devices[i];
        *cache = &o->caches[i];
        return 0;
    }
    snprintf(why, len,
             "no device matches '%s' for the reference (see clbench --list; use all, gpu, cpu, "
             "accelerator, P:D or part of a name)",
             selector);
    return -1;
}
