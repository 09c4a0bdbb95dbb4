/* Reading a text file whole. */
#ifndef CLBENCH_TEXT_FILE_H
#define CLBENCH_TEXT_FILE_H

/* The whole file, NUL-terminated (malloc'd); NULL with errno set on failure. */
char *cb_read_text_file(const char *path);

#endif
