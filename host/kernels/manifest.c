/* One file's manifests into kernels (cb_manifest_parse): each comment that starts with
 * `clbench:kernel NAME` is read line by line through the key table (manifest_keys.c), then
 * checked (manifest_check.c), which plans it at the defaults last (manifest_plan.c); see
 * manifest.h.  The grammar is documented in docs/kernel-files.md ("Your own kernels"). */
#define _POSIX_C_SOURCE 200809L
#include "manifest_parts.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A generic kernel's family, for -k and the report's groups (a contract's kernels take the
 * contract's name instead, manifest_check.c): its file's name without the
 * extension, or with it where that is a built-in family's name (a generic kernel in a file
 * called matmul.cl is no matmul: its rows would sit under GFLOP/s and matmul_naive). */
static const char *file_stem(struct cb_manifest_kernel *u, const char *path)
{
    const char *base = strrchr(path, '/');
    const char *dot;
    const char *stem;

    base = base != NULL ? base + 1 : path;
    dot = strrchr(base, '.');
    stem = dot != NULL && dot > base ? manifest_keep(u, base, (size_t)(dot - base))
                                     : manifest_keep(u, "user", 4);
    return stem != NULL && cb_kernel_builtin_family(stem) ? manifest_keep(u, base, strlen(base))
                                                          : stem;
}

/* Reads the manifest starting at comment line `first`; *next: the line after it. */
static int parse_manifest(const struct context *x, const struct scan *s, size_t first,
                          struct cb_manifest_file *file, struct cb_manifest_kernel **out,
                          size_t *next)
{
    struct cb_manifest_kernel *u = calloc(1, sizeof *u);
    const struct comment_line *head = &s->lines[first];
    struct pending pend;
    const char *name;
    size_t i, len;
    struct cursor c;

    memset(&pend, 0, sizeof pend);
    *out = u;
    if (u == NULL)
        return manifest_fail(x, head->line, 0, "out of memory");
    u->file = file;
    u->line = head->line;
    u->k.source_path = file->path;
    u->k.manifest = u;
    u->k.family = file_stem(u, x->path);
    u->generic.check.rtol = -1; /* not given: each output's type's default */
    u->generic.check.atol = -1;
    if (manifest_check_utf8(x, head->line, head->column, head->body, head->body_len) != 0)
        return -1;
    c = (struct cursor){x, manifest_keep(u, head->body, head->body_len), NULL, head->line,
                        head->column};
    if (c.s == NULL)
        return manifest_fail(x, head->line, 0, "out of memory");
    c.at = c.s + strlen("clbench:kernel");
    name = cursor_ident(&c, &len);
    if (name == NULL || !cursor_at_end(&c)) {
        const char *word = c.s + strlen("clbench:kernel"), *odd;
        size_t word_len, odd_len = 1;

        while (*word == ' ' || *word == '\t')
            word++;
        word_len = strcspn(word, " \t");
        for (odd = word; odd < word + word_len && (unsigned char)*odd < 0x80; odd++)
            ;
        /* A letter beyond ASCII (the line is valid UTF-8 by now): name the character. */
        while (odd < word + word_len && ((unsigned char)odd[odd_len] & 0xc0) == 0x80)
            odd_len++;
        if (odd < word + word_len)
            return manifest_fail(x, head->line, cursor_col(&c, odd),
                                 "kernel name '%.*s' has '%.*s', which an OpenCL C name cannot "
                                 "hold: use ASCII letters, digits and '_'",
                                 (int)word_len, word, (int)odd_len, odd);
        return manifest_fail(
            x, head->line, cursor_col(&c, c.at),
            "write the kernel's name after clbench:kernel, as in `clbench:kernel my_mm`");
    }
    if (len > CB_KERNEL_NAME_MAX)
        return manifest_fail(x, head->line, cursor_col(&c, name),
                             "kernel name of %zu characters: drivers refuse long names (PoCL "
                             "aborts at 255), keep it to %d",
                             len, CB_KERNEL_NAME_MAX);
    u->k.name = manifest_keep(u, name, len);
    for (i = first + 1; i < s->count && s->lines[i].comment == head->comment; i++) {
        const struct comment_line *l = &s->lines[i];

        if (l->body_len >= 14 && strncmp(l->body, "clbench:kernel", 14) == 0)
            break;
        if (l->body_len == 0 || l->body[0] == '#')
            continue;
        /* Its text goes into run files, which are JSON: UTF-8 only. */
        if (manifest_check_utf8(x, l->line, l->column, l->body, l->body_len) != 0)
            return -1;
        c = (struct cursor){x, manifest_keep(u, l->body, l->body_len), NULL, l->line, l->column};
        if (c.s == NULL)
            return manifest_fail(x, l->line, 0, "out of memory");
        c.at = c.s;
        if (manifest_parse_key(&c, u, &pend) != 0)
            return -1;
    }
    *next = i;
    if (manifest_apply_contract(x, u, &pend) != 0)
        return -1;
    return manifest_finish(x, u, &pend, s->code);
}

static void hash_text(const char *text, char out[32])
{
    uint64_t h = 14695981039346656037ULL;

    for (const unsigned char *p = (const unsigned char *)text; *p != '\0'; p++)
        h = (h ^ *p) * 1099511628211ULL;
    snprintf(out, 32, "fnv1a64:%016llx", (unsigned long long)h);
}

int cb_manifest_parse(const char *path, const char *text, struct cb_manifest_file **out, char *why,
                      size_t len)
{
    const struct context x = {path, why, len};
    struct cb_manifest_file *file = calloc(1, sizeof *file);
    struct scan s;
    size_t i = 0;
    int status = 0;

    *out = NULL;
    memset(&s, 0, sizeof s);
    if (file == NULL || (file->path = strdup(path)) == NULL ||
        (file->text = strdup(text)) == NULL || manifest_scan(text, &s) != 0) {
        manifest_scan_free(&s);
        cb_manifest_file_free(file);
        return manifest_fail(&x, 0, 0, "out of memory");
    }
    hash_text(text, file->hash);
    while (status == 0 && i < s.count) {
        struct cb_manifest_kernel *u = NULL;
        struct cb_kernel **grown;

        if (s.lines[i].body_len < 14 || strncmp(s.lines[i].body, "clbench:kernel", 14) != 0 ||
            manifest_is_ident(s.lines[i].body[14])) {
            i++;
            continue;
        }
        status = parse_manifest(&x, &s, i, file, &u, &i);
        for (size_t k = 0; status == 0 && k < file->count; k++)
            if (strcmp(file->kernels[k]->name, u->k.name) == 0)
                status = manifest_fail(&x, u->line, 0,
                                       "kernel %s has a second manifest in this file", u->k.name);
        grown = status == 0 ? realloc(file->kernels, (file->count + 1) * sizeof *grown) : NULL;
        if (grown == NULL) {
            if (status == 0)
                status = manifest_fail(&x, 0, 0, "out of memory");
            manifest_kernel_free(u);
            break;
        }
        file->kernels = grown;
        file->kernels[file->count++] = &u->k;
    }
    if (status == 0 && file->count == 0)
        status = manifest_fail(&x, 0, 0,
                               "no kernel manifest: declare each kernel in a comment starting with "
                               "`clbench:kernel NAME` (see README, \"Your own kernels\")");
    for (size_t k = 0; status == 0 && k < file->count; k++) {
        const struct cb_manifest_kernel *u = file->kernels[k]->manifest;
        const char *ref = u->generic.check.ref_kernel;
        int found = u->generic.check.ref_file != NULL || ref == NULL;

        for (size_t j = 0; !found && j < file->count; j++)
            found = strcmp(file->kernels[j]->name, ref) == 0;
        if (ref != NULL && strcmp(ref, u->k.name) == 0)
            status = manifest_fail(
                &x, u->verify_line, 0,
                "verify: %s is its own reference, which checks nothing: name a simpler "
                "kernel that computes the same outputs",
                ref);
        else if (!found)
            status = manifest_fail(
                &x, u->verify_line, 0,
                "verify: no manifest for reference kernel '%s' in this file (declare it "
                "with its own manifest, or add `in FILE`)",
                ref);
    }
    manifest_scan_free(&s);
    if (status != 0) {
        cb_manifest_file_free(file);
        return -1;
    }
    *out = file;
    return 0;
}

void cb_manifest_file_free(struct cb_manifest_file *file)
{
    if (file == NULL)
        return;
    for (size_t i = 0; i < file->count; i++)
        manifest_kernel_free(file->kernels[i]->manifest);
    free(file->kernels);
    for (size_t i = 0; i < file->read_count; i++)
        free(file->reads[i]);
    free(file->reads);
    free(file->path);
    free(file->text);
    free(file);
}
