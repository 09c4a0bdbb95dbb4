/* Output files written atomically: into a temporary file beside the target, renamed over it
 * only when complete, so that a failed or interrupted run never leaves half a file. */
#ifndef CLBENCH_OUTPUT_H
#define CLBENCH_OUTPUT_H

#include <cjson/cJSON.h>
#include <stddef.h>
#include <stdio.h>

struct cb_output {
    FILE *file;
    char path[4096];
    char temp[4096 + 16];
};

/* Opens a temporary file beside path; -1 (with a message) if that directory is not
 * writable. */
int cb_output_open(struct cb_output *o, const char *path);
/* Flushes, closes and renames into place; -1 (with a message) on failure, leaving nothing. */
int cb_output_commit(struct cb_output *o);
/* Closes and removes the temporary file. */
void cb_output_abort(struct cb_output *o);

/* Prints root, indented, and a newline to out, then deletes root; -1 when there is nothing to
 * print (root NULL, or no memory for the text). */
int cb_output_json(FILE *out, cJSON *root);

/* Writes all len bytes of s to fd, again after an interrupted or short write; -1 on error (a
 * journal line, a message on a worker's channel). */
int cb_write_all(int fd, const char *s, size_t len);

#endif
