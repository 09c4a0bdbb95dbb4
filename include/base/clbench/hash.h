/* Hashing of bytes, for names of cache entries. */
#ifndef CLBENCH_HASH_H
#define CLBENCH_HASH_H

#include <stddef.h>
#include <stdint.h>

/* FNV-1a, 64 bits, continued from h (start with CB_HASH64_INIT).  Names entries; the full key
 * is stored inside each entry and compared on load, so a collision costs a rebuild, never a
 * wrong result. */
#define CB_HASH64_INIT 0xcbf29ce484222325ULL
uint64_t cb_hash64(const void *data, size_t len, uint64_t h);

#endif
