/* Atomic output files; see output.h. */
#define _POSIX_C_SOURCE 200809L
#include "clbench/output.h"

#include "clbench/check.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int cb_output_json(FILE *out, cJSON *root)
{
    char *text = root != NULL ? cJSON_Print(root) : NULL;

    cJSON_Delete(root);
    if (text == NULL)
        return -1;
    fprintf(out, "%s\n", text);
    free(text);
    return 0;
}

int cb_output_open(struct cb_output *o, const char *path)
{
    int fd;

    memset(o, 0, sizeof *o);
    if (strlen(path) >= sizeof o->path)
        return cb_error("output path is too long");
    strcpy(o->path, path);
    snprintf(o->temp, sizeof o->temp, "%s.XXXXXX", path);
    fd = mkstemp(o->temp);
    if (fd < 0)
        return cb_error("cannot write '%s': %s (choose a writable --output path)", path,
                        strerror(errno));
    {
        /* mkstemp makes the file private; the result should be as readable as any other. */
        const mode_t mask = umask(0);

        umask(mask);
        fchmod(fd, 0666 & ~mask);
    }
    o->file = fdopen(fd, "w");
    if (o->file == NULL) {
        close(fd);
        remove(o->temp);
        return cb_error("cannot write '%s': %s", path, strerror(errno));
    }
    return 0;
}

int cb_output_commit(struct cb_output *o)
{
    const int failed = ferror(o->file) | (fclose(o->file) != 0);

    o->file = NULL;
    if (failed) {
        remove(o->temp);
        return cb_error("writing '%s' failed: %s", o->path, strerror(errno));
    }
    if (rename(o->temp, o->path) != 0) {
        const int e = errno;

        remove(o->temp);
        return cb_error("cannot replace '%s': %s", o->path, strerror(e));
    }
    return 0;
}

void cb_output_abort(struct cb_output *o)
{
    if (o->file != NULL)
        fclose(o->file);
    o->file = NULL;
    if (o->temp[0] != '\0')
        remove(o->temp);
}

int cb_write_all(int fd, const char *s, size_t len)
{
    while (len > 0) {
        const ssize_t n = write(fd, s, len);

        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        s += n;
        len -= (size_t)n;
    }
    return 0;
}
