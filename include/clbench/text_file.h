/* Reading a whole text file: kernel sources, kernel files' manifests, run files. */
#ifndef CLBENCH_TEXT_FILE_H
#define CLBENCH_TEXT_FILE_H

/* The whole file, NUL-terminated (malloc'd); NULL with errno set on failure. */
char *cb_read_text_file(const char *path);

#endif
