#include "clbench/text_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

char *cb_read_text_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    long size;

    if (f == NULL)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        text = malloc((size_t)size + 1);
        if (text != NULL && fread(text, 1, (size_t)size, f) != (size_t)size) {
            free(text);
            text = NULL;
            errno = EIO;
        }
        if (text != NULL)
            text[size] = '\0';
    }
    fclose(f);
    return text;
}
