/* The parts of the manifest loader, private to host/kernels/manifest*.c.  A kernel file goes
 * through one pipeline, each stage one file, entered once:
 *   manifest_files.c   read: the file's text (cb_kernel_file_load), and at the end register
 *                      its kernels and link the names that need other files (twins,
 *                      baselines, references)
 *   manifest.c         scan (manifest_scan.c) and parse each manifest's lines through the
 *                      key table (manifest_keys.c), one file's manifests into kernels
 *   manifest_check.c   check each kernel alone: required keys, the keys its contract allows,
 *                      plug-ins, sizes, expressions
 *   manifest_plan.c    plan: a row from the manifest's expressions (once at the defaults as
 *                      the last check, then per row)
 * and their helpers:
 *   manifest_context.c messages that name file, line and column; the strings a kernel owns
 *   manifest_cursor.c  the syntax of one manifest line (names, words, expression lists)
 *   manifest_deps.c    the files a kernel file's build reads, in its hash
 */
#ifndef CLBENCH_MANIFEST_PARTS_H
#define CLBENCH_MANIFEST_PARTS_H

#include "clbench/check.h"
#include "clbench/expr.h"
#include "clbench/manifest.h"
#include "clbench/parse.h"
#include "clbench/plugin.h"

#include <stddef.h>

enum { MAX_REQUIRES = 16, MAX_VARS = CB_MAX_DIMS + CB_MAX_PARAMS + 1 };

/* An expression with where it was written, for messages. */
struct located {
    const char *text; /* NULL: absent */
    unsigned line, column;
};

/* A contract a manifest may name (`contract vadd`): a built-in family's argument list and
 * check, so that a user's kernel of the same signature joins that family without declaring
 * them.  It stands for manifest lines (manifest_keys.c), read as if written wherever the
 * manifest gives none of that key; `contract generic` stands for none. */
struct contract {
    const char *name;
    const char *baseline;     /* whose default sizes a kernel without a `size` line takes */
    const char *signature;    /* for messages */
    const char *const *lines; /* the manifest lines it stands for, NULL-terminated; NULL: none */
};

/* One kernel's manifest, as parsed; the kernel's struct cb_kernel points back here. */
struct cb_manifest_kernel {
    struct cb_kernel k;
    struct cb_generic generic;
    const struct contract *contract;
    const struct cb_manifest_file *file;
    unsigned line;                     /* of `clbench:kernel NAME` */
    char size_names[CB_MAX_DIMS * 32]; /* k.dim_names joined by 'x', for --list-kernels */
    struct located require[MAX_REQUIRES];
    const char *require_reason[MAX_REQUIRES]; /* `require COND "reason"`'s, else NULL */
    unsigned require_count;
    struct located global[3], local[3];
    unsigned global_count, local_count;
    struct located local_mem, private_mem, loops, dynamic_local, flops, bytes;
    /* Where each param's `device (EXPR)` is, checked once the sizes' names are known. */
    struct located device_def[CB_MAX_PARAMS];
    const struct cb_plugin *hook;      /* `plan NAME`, else NULL */
    const struct cb_plugin *reference; /* `verify NAME` of a host reference, else NULL */
    unsigned hook_line, libraries_line;
    struct located arg_expr[CB_MAX_ARGS];
    unsigned twin_line, baseline_line, verify_line, then_line;
    unsigned verify_file_column; /* of `in FILE`'s FILE */
    char **owned;                /* strings this kernel's fields point to */
    size_t owned_count;
};

/* Where messages go: "PATH:LINE:COLUMN: message" into why. */
struct context {
    const char *path;
    char *why;
    size_t len;
};

/* Writes the message (LINE and COLUMN where not 0) and returns -1. */
int manifest_fail(const struct context *x, unsigned line, unsigned column, const char *fmt, ...)
    CB_PRINTF(4, 5);
/* 0 if s[0, len), a line's text from `column` on, is UTF-8; else -1 with the first byte that
 * is not. */
int manifest_check_utf8(const struct context *x, unsigned line, unsigned column, const char *s,
                        size_t len);
/* A copy of s[0, len) that u owns; NULL when out of memory. */
char *manifest_keep(struct cb_manifest_kernel *u, const char *s, size_t len);
void manifest_kernel_free(struct cb_manifest_kernel *u);

/* ---- manifest_scan.c ---- */

/* One line of a comment, without its comment markers. */
struct comment_line {
    unsigned line;
    unsigned comment; /* lines of one comment share it; a run of // lines is one comment */
    const char *body; /* into the text */
    size_t body_len;
    unsigned column; /* of body[0], 1-based */
};

struct scan {
    struct comment_line *lines;
    size_t count;
    char *code; /* the text with comments and literals blanked, for finding kernels */
};

int manifest_scan(const char *text, struct scan *s);
void manifest_scan_free(struct scan *s);
/* 1 if code declares `__kernel void name(` or `kernel void name(`, attributes allowed. */
int manifest_declares_kernel(const char *code, const char *name);
int manifest_is_ident_start(char c);
int manifest_is_ident(char c);
/* 1 if s[0, len) is the word w. */
int manifest_word_is(const char *s, size_t len, const char *w);

/* ---- manifest_cursor.c ---- */

struct cursor {
    const struct context *x;
    char *s;         /* a NUL-terminated copy of the line's body */
    const char *at;  /* the next character */
    unsigned line;   /* in the file */
    unsigned column; /* of s[0] */
};

/* The column of p, a pointer into c->s. */
unsigned cursor_col(const struct cursor *c, const char *p);
void cursor_blanks(struct cursor *c);
/* Skips blanks; 1 at the end of the line. */
int cursor_at_end(struct cursor *c);
/* An identifier, or NULL (nothing consumed). */
const char *cursor_ident(struct cursor *c, size_t *len);
/* A run of non-blank characters, or NULL. */
const char *cursor_word(struct cursor *c, size_t *len);
int cursor_accept_char(struct cursor *c, char ch);
int cursor_accept_word(struct cursor *c, const char *w);
/* The rest of the line, blanks trimmed and owned by u; NULL if empty.  where: its place. */
const char *cursor_rest(struct cursor *c, struct cb_manifest_kernel *u, struct located *where);
/* A comma list of up to `max` expressions, split at the commas outside parentheses. */
int cursor_expr_list(struct cursor *c, struct cb_manifest_kernel *u, const char *key,
                     struct located *out, unsigned max, unsigned *count);

/* ---- manifest_keys.c ---- */

enum { KEY_SLOTS = 32 }; /* at least the rows of the key table */

/* The state of one manifest while its lines are read (keys come in any order). */
struct pending {
    struct cb_size cpu, gpu, shared;
    unsigned size_line;
    int metric_given; /* else gbs, or gflops for a kernel that counts flops alone */
    unsigned metric_line, contract_line;
    unsigned key_line[KEY_SLOTS]; /* where each key of the table was first given, 0: not yet */
};

/* Reads one `KEY VALUE...` line into u. */
int manifest_parse_key(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend);
/* Once every line of u is read: the lines its contract stands for, where u gives none of that
 * key; refuses the keys a contract's argument list fixes. */
int manifest_apply_contract(const struct context *x, struct cb_manifest_kernel *u,
                            struct pending *pend);

/* ---- manifest_plan.c ---- */

/* The variables of u's expressions: its size names, then its parameters; values from p (or
 * 0, p == NULL, for checks). */
size_t manifest_variables(const struct cb_manifest_kernel *u, const struct cb_problem *p,
                          struct cb_expr_var vars[MAX_VARS]);
/* Everything but the family's model: constraints, generic arguments and work, NDRange.  0,
 * or -1 with the reason in why; *eval_error: an expression failed, not a false `require`. */
int manifest_plan(const struct cb_manifest_kernel *u, struct cb_problem *p, int *eval_error,
                  char *why, size_t len);
/* The plan function of every kernel a manifest declares (cb_plan_fn). */
int manifest_plan_row(struct cb_problem *p, char *why, size_t len);

/* ---- manifest_check.c ---- */

/* Completes u once all of its lines are read: required keys, the contract's fixed parts, the
 * expressions checked, and last the row planned at the defaults (manifest_plan.c).  What
 * needs other files (twins, baselines, references) is checked when the file's kernels are
 * registered (manifest_files.c). */
int manifest_finish(const struct context *x, struct cb_manifest_kernel *u,
                    const struct pending *pend, const char *code);

/* ---- manifest_deps.c ---- */

/* Extends file->hash with every file its build reads: its #includes (recursively) and its
 * `verify ... in FILE` files with theirs.  0, or -1 when out of memory. */
int manifest_hash_dependencies(struct cb_manifest_file *file);

#endif
