/* Replays fuzz inputs through a harness without libFuzzer, so that every seed and every
 * input that once crashed is run by ctest in every build (plain, sanitizers, valgrind):
 * replay_<harness> FILE_OR_DIR...  Exits 0 when every input ran (a crash ends the process). */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    uint8_t *data = NULL;
    size_t size = 0, cap = 0, n;

    if (f == NULL) {
        perror(path);
        return -1;
    }
    do {
        if (size == cap) {
            uint8_t *grown = realloc(data, cap = cap * 2 + 4096);

            if (grown == NULL) {
                free(data);
                fclose(f);
                return -1;
            }
            data = grown;
        }
        n = fread(data + size, 1, cap - size, f);
        size += n;
    } while (n > 0);
    fclose(f);
    LLVMFuzzerTestOneInput(data, size);
    free(data);
    return 0;
}

static int replay(const char *path, size_t *count)
{
    struct stat st;
    DIR *dir;
    struct dirent *e;
    int status = 0;

    if (stat(path, &st) != 0) {
        perror(path);
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        ++*count;
        return replay_file(path);
    }
    dir = opendir(path);
    if (dir == NULL) {
        perror(path);
        return -1;
    }
    while (status == 0 && (e = readdir(dir)) != NULL) {
        char child[4096];

        if (e->d_name[0] == '.')
            continue;
        snprintf(child, sizeof child, "%s/%s", path, e->d_name);
        status = replay(child, count);
    }
    closedir(dir);
    return status;
}

int main(int argc, char **argv)
{
    size_t count = 0;

    for (int i = 1; i < argc; i++)
        if (replay(argv[i], &count) != 0)
            return 1;
    printf("replayed %zu inputs\n", count);
    return count > 0 ? 0 : 1;
}
