/* The one way clbench writes a file (run files, journals' first copy, reports, the tuning
 * database, exports).  What a path names decides how:
 * - a regular file, or none yet: a temporary file beside it, synced and renamed over it only
 *   when complete, so that a failed or interrupted write leaves the old file as it was; an
 *   existing file keeps its mode (and, for root, its owner); one the user may not write is
 *   refused as the shell would refuse it;
 * - a symbolic link: the file it leads to, replaced in its own directory, the link kept;
 * - a character device or a pipe (/dev/null, a FIFO, a terminal) and the names of open file
 *   descriptors (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N): written in place,
 *   never created, truncated or renamed over;
 * - a directory, a block device or a socket: refused. */
#ifndef CLBENCH_OUTPUT_H
#define CLBENCH_OUTPUT_H

#include <cjson/cJSON.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

enum { CB_OUTPUT_PATH_LEN = 4096 };

/* Where a path leads, without creating anything. */
struct cb_output_target {
    char path[CB_OUTPUT_PATH_LEN]; /* the file written: a link's target, as a path */
    int in_place;                  /* written through (a device, a pipe, a descriptor) */
    int fd;                        /* the descriptor /dev/stdout and its kind name, else -1 */
    int exists;                    /* path names a file now */
    dev_t dev;                     /* exists: its device and inode, for comparing with inputs */
    ino_t ino;
    mode_t mode;
    uid_t uid;
    gid_t gid;
};

struct cb_output {
    FILE *file;
    struct cb_output_target target;
    char path[CB_OUTPUT_PATH_LEN];      /* as the user gave it, for messages */
    char temp[CB_OUTPUT_PATH_LEN + 16]; /* the temporary file; "" when written in place */
    int fd;                             /* under file */
    int error;                          /* the first write's errno, kept for the message */
};

/* Resolves path (links followed) into *t; 0, or -1 with one line in why: what is wrong with
 * the path and what to give instead. */
int cb_output_resolve(const char *path, struct cb_output_target *t, char *why, size_t len);
/* Whether path can be written as cb_output_open would, creating nothing that stays (a pipe is
 * not opened: that would wait for its reader); 0, or -1 with a message whose advice names
 * `what` ("--output path"). */
int cb_output_check(const char *path, const char *what);

/* Opens path for writing as the banner says; -1 (with a message) when it cannot be. */
int cb_output_open(struct cb_output *o, const char *path);
/* Flushes, syncs, closes and renames into place; -1 (with a message, the write error's reason
 * included) on failure, the old file left as it was. */
int cb_output_commit(struct cb_output *o);
/* Closes and removes the temporary file: the old file stays as it was. */
void cb_output_abort(struct cb_output *o);
/* cb_output_abort after the writer failed, saying so with the reason where a write failed
 * (a full disk), else as out of memory; -1. */
int cb_output_fail(struct cb_output *o);

/* An output that is one of the command's inputs: each of inputs[] (paths; NULL entries are
 * skipped) is compared by device and inode with what output leads to.  0 when none is, else
 * -1 with "OUTPUT_OPTION 'X' is INPUT_KIND 'Y': ..." printed; kinds[i] names inputs[i] ("the
 * --kernel-file", "the --resume file").  Only a regular file counts: writing /dev/null while
 * reading it harms nothing. */
int cb_output_not_input(const char *output, const char *option, const char *const *inputs,
                        const char *const *kinds, size_t count);

/* Prints root, indented, and a newline to out, then deletes root; -1 when there is nothing to
 * print (root NULL, or no memory for the text). */
int cb_output_json(FILE *out, cJSON *root);

/* Writes all len bytes of s to fd, again after an interrupted or short write; -1 on error (a
 * journal line, a message on a worker's channel). */
int cb_write_all(int fd, const char *s, size_t len);

/* Whether path names an open file descriptor of this process rather than a file
 * (/dev/stdin, /dev/stdout, /dev/fd/N, /proc/self/fd/N, or a link to one): its number, else
 * -1.  A child process reading the same name would read its own descriptor. */
int cb_path_fd_alias(const char *path);

#endif
