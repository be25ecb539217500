// The floor for extracting a tar (issue 30): what any extractor that keeps squeeze's rules must do
// to create the entries, with no decoding and no checks of the archive. It maps an uncompressed
// ustar/pax/GNU tar, creates its directories on the main thread, then JOBS threads create the
// regular files, each taking whole directories (a directory's files go to thread
// hash(directory) % JOBS, so no two threads create in one directory, as squeeze would hand them
// out); for each file, from a descriptor of its directory held while the directory's files last:
// an lstat of the final name (nothing but a regular file is replaced), the temporary created
// beside it, the bytes written, the mode and times set on the descriptor, then the rename to the
// final name. Symbolic and hard links follow on the main thread once the files are there, then
// the directories' modes and times, deepest first. Prints the creation's wall time on standard
// error. scripts/bench-zstd compiles it (gcc -O2 -pthread).
//   extract-floor TAR DESTINATION [JOBS]
// With --any-directory the files go to the threads one by one in turn instead, whatever their
// directory (to see what two threads creating in one directory cost the kernel).
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct entry {
    char *path;           // relative to the destination, no trailing slash
    char *link;           // symbolic or hard link target
    char type;            // '0' file, '5' directory, '2' symlink, '1' hard link
    mode_t mode;
    time_t mtime;
    const char *data;
    size_t size;
    size_t directory;     // index into directories of the entry's parent ("" for the top)
};

static struct entry *entries;
static size_t entry_count, entry_capacity;
static char **directories;
static size_t directory_count, directory_capacity;
static int destination;
static int jobs = 1;
static int any_directory;

static void fail(const char *what, const char *path) {
    fprintf(stderr, "extract-floor: %s %s: %s\n", what, path, strerror(errno));
    exit(1);
}

static unsigned long long octal(const char *field, size_t length) {
    unsigned long long value = 0;
    for (size_t i = 0; i < length && field[i]; i++) {
        if (field[i] >= '0' && field[i] <= '7') value = value * 8 + (unsigned)(field[i] - '0');
    }
    return value;
}

static char *copy(const char *text, size_t length) {
    char *result = malloc(length + 1);
    memcpy(result, text, length);
    result[length] = 0;
    return result;
}

static char *trimmed(char *path) {
    size_t length = strlen(path);
    while (length > 1 && path[length - 1] == '/') path[--length] = 0;
    while (path[0] == '.' && path[1] == '/') memmove(path, path + 2, strlen(path + 2) + 1);
    return path;
}

// The index of DIRECTORY in `directories`, added if new (searched from the last: a tar lists a
// directory's entries together, so the search is almost always one comparison).
static size_t directory_index(const char *directory, size_t length) {
    for (size_t i = directory_count; i > 0; i--) {
        if (strlen(directories[i - 1]) == length && memcmp(directories[i - 1], directory, length) == 0) return i - 1;
    }
    if (directory_count == directory_capacity) {
        directory_capacity = directory_capacity ? directory_capacity * 2 : 1024;
        directories = realloc(directories, directory_capacity * sizeof *directories);
    }
    directories[directory_count] = length ? copy(directory, length) : copy(".", 1);
    return directory_count++;
}

// Reads pax records `path=` and `linkpath=` from a pax header's data.
static void pax(const char *data, size_t size, char **path, char **link) {
    size_t at = 0;
    while (at < size) {
        size_t length = strtoul(data + at, NULL, 10);
        if (length == 0 || at + length > size) return;
        const char *key = memchr(data + at, ' ', length);
        if (!key) return;
        key++;
        const char *end = data + at + length - 1;  // the record's newline
        const char *equals = memchr(key, '=', (size_t)(end - key));
        if (equals) {
            size_t key_length = (size_t)(equals - key);
            if (key_length == 4 && memcmp(key, "path", 4) == 0) *path = copy(equals + 1, (size_t)(end - equals - 1));
            if (key_length == 8 && memcmp(key, "linkpath", 8) == 0) *link = copy(equals + 1, (size_t)(end - equals - 1));
        }
        at += length;
    }
}

static void parse(const char *tar, size_t size) {
    char *long_path = NULL, *long_link = NULL;
    size_t at = 0;
    while (at + 512 <= size) {
        const char *header = tar + at;
        if (header[0] == 0) break;
        size_t length = (size_t)octal(header + 124, 12);
        const char *data = header + 512;
        at += 512 + ((length + 511) & ~(size_t)511);
        char type = header[156] ? header[156] : '0';
        if (type == 'x') { pax(data, length, &long_path, &long_link); continue; }
        if (type == 'g') continue;
        if (type == 'L') { long_path = copy(data, strnlen(data, length)); continue; }
        if (type == 'K') { long_link = copy(data, strnlen(data, length)); continue; }
        if (type == '7') type = '0';
        struct entry entry = {0};
        if (long_path) {
            entry.path = long_path;
        } else {
            char name[257] = {0};
            const char *prefix = header + 345;
            if (memcmp(header + 257, "ustar", 5) == 0 && prefix[0]) {
                snprintf(name, sizeof name, "%.155s/%.100s", prefix, header);
            } else {
                snprintf(name, sizeof name, "%.100s", header);
            }
            entry.path = copy(name, strlen(name));
        }
        entry.link = long_link ? long_link : copy(header + 157, strnlen(header + 157, 100));
        long_path = long_link = NULL;
        trimmed(entry.path);
        if (type != '0' && type != '5' && type != '2' && type != '1') continue;
        entry.type = type;
        entry.mode = (mode_t)octal(header + 100, 8) & 07777;
        entry.mtime = (time_t)octal(header + 136, 12);
        entry.data = data;
        entry.size = type == '0' ? length : 0;
        const char *slash = strrchr(entry.path, '/');
        entry.directory = directory_index(entry.path, slash ? (size_t)(slash - entry.path) : 0);
        if (entry_count == entry_capacity) {
            entry_capacity = entry_capacity ? entry_capacity * 2 : 16384;
            entries = realloc(entries, entry_capacity * sizeof *entries);
        }
        entries[entry_count++] = entry;
    }
}

static size_t hash(size_t directory) { return directory * 2654435761u; }

// Each creator's CPU time (user + system of its thread), which on an idle machine is its wall
// time: the creation's critical path is the largest, whatever else runs on a loaded machine.
static double creator_cpu[64];

static double thread_cpu(void) {
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static void *create_files(void *argument) {
    size_t creator = (size_t)argument;
    double cpu_start = thread_cpu();
    size_t held_directory = SIZE_MAX, turn = 0;
    int held = -1;
    char temporary[64];
    for (size_t i = 0; i < entry_count; i++) {
        struct entry *entry = &entries[i];
        if (entry->type != '0') continue;
        size_t owner = any_directory ? turn++ % (size_t)jobs : hash(entry->directory) % (size_t)jobs;
        if (owner != creator) continue;
        if (entry->directory != held_directory) {
            if (held >= 0) close(held);
            held = openat(destination, directories[entry->directory], O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (held < 0) fail("open", directories[entry->directory]);
            held_directory = entry->directory;
        }
        const char *slash = strrchr(entry->path, '/');
        const char *name = slash ? slash + 1 : entry->path;
        struct stat status;
        if (fstatat(held, name, &status, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISREG(status.st_mode)) {
            errno = EEXIST;
            fail("refusing to replace", entry->path);
        }
        snprintf(temporary, sizeof temporary, ".floor-%zu-%zu", creator, i);
        int output = openat(held, temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
        if (output < 0) fail("create", entry->path);
        for (size_t written = 0; written < entry->size;) {
            ssize_t count = write(output, entry->data + written, entry->size - written);
            if (count <= 0) fail("write", entry->path);
            written += (size_t)count;
        }
        struct timespec times[2] = {{entry->mtime, 0}, {entry->mtime, 0}};
        if (fchmod(output, entry->mode) != 0 || futimens(output, times) != 0) fail("set", entry->path);
        if (close(output) != 0) fail("close", entry->path);
        if (renameat(held, temporary, held, name) != 0) fail("rename", entry->path);
    }
    if (held >= 0) close(held);
    creator_cpu[creator] = thread_cpu() - cpu_start;
    return NULL;
}

static double seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    int argument = 1;
    if (argc > 1 && strcmp(argv[1], "--any-directory") == 0) { any_directory = 1; argument++; }
    if (argc - argument < 2) { fprintf(stderr, "usage: extract-floor [--any-directory] TAR DESTINATION [JOBS]\n"); return 64; }
    if (argc - argument > 2) jobs = atoi(argv[argument + 2]);
    if (jobs < 1) jobs = 1;
    int input = open(argv[argument], O_RDONLY | O_CLOEXEC);
    if (input < 0) fail("open", argv[argument]);
    struct stat status;
    if (fstat(input, &status) != 0) fail("stat", argv[argument]);
    const char *tar = mmap(NULL, (size_t)status.st_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, input, 0);
    if (tar == MAP_FAILED) fail("map", argv[argument]);
    parse(tar, (size_t)status.st_size);
    destination = open(argv[argument + 1], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (destination < 0) fail("open", argv[argument + 1]);

    double start = seconds(), main_cpu_start = thread_cpu();
    for (size_t i = 0; i < entry_count; i++) {
        if (entries[i].type != '5') continue;
        if (mkdirat(destination, entries[i].path, 0700) != 0 && errno != EEXIST) fail("mkdir", entries[i].path);
    }
    pthread_t threads[64];
    int started = jobs > 64 ? 64 : jobs;
    for (int t = 1; t < started; t++) pthread_create(&threads[t], NULL, create_files, (void *)(size_t)t);
    create_files((void *)0);
    for (int t = 1; t < started; t++) pthread_join(threads[t], NULL);
    for (size_t i = 0; i < entry_count; i++) {
        struct entry *entry = &entries[i];
        if (entry->type == '2' && symlinkat(entry->link, destination, entry->path) != 0) fail("symlink", entry->path);
        if (entry->type == '1' && linkat(destination, trimmed(entry->link), destination, entry->path, 0) != 0) fail("link", entry->path);
    }
    for (size_t i = entry_count; i > 0; i--) {
        struct entry *entry = &entries[i - 1];
        if (entry->type != '5') continue;
        struct timespec times[2] = {{entry->mtime, 0}, {entry->mtime, 0}};
        if (fchmodat(destination, entry->path, entry->mode, 0) != 0) fail("chmod", entry->path);
        if (utimensat(destination, entry->path, times, AT_SYMLINK_NOFOLLOW) != 0) fail("utimes", entry->path);
    }
    double elapsed = seconds() - start, main_cpu = thread_cpu() - main_cpu_start - creator_cpu[0];
    fprintf(stderr, "extract-floor: %zu entries, %d thread(s), %.3f s creating; CPU s: %.3f directories and links",
            entry_count, started, elapsed, main_cpu);
    for (int t = 0; t < started; t++) fprintf(stderr, ", %.3f creator %d", creator_cpu[t], t);
    fprintf(stderr, "\n");
    return 0;
}
