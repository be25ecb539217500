// The floor for compressing many tiny files (issue 13): everything a compressor must do to a
// file except compressing it. The parent walks DIRECTORY (nftw, not following links) and lists
// its regular files; JOBS child processes then take every JOBS-th file and, for each one, open
// and read it, write its bytes unchanged to an O_TMPFILE in its directory, set the source's mode
// and times, and link it in as FILE.gz as squeeze does: by its descriptor (AT_EMPTY_PATH), or
// through /proc/self/fd once the kernel refuses that. scripts/bench-tiny compiles it.
// With --compress LEVEL it also compresses each file to gzip with the library squeeze chooses for
// its size (SizeFittedCompressor: zlib with a window sized to the input for small files, libdeflate
// for the rest; one compressor of each per process): what a compressor that spends nothing of its
// own on a file can reach.
//   tiny-floor [--compress LEVEL] DIRECTORY [JOBS]
#define _GNU_SOURCE
#include <fcntl.h>
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <libdeflate.h>
#include <zlib.h>

static struct libdeflate_compressor *compressor;
static z_stream small_compressor;
// SizeFittedCompressor.smallInputLimit: zlib takes inputs up to this length.
static size_t small_limit;

static size_t compress_gzip(const char *input, size_t length, char *output, size_t capacity) {
    if (length > small_limit) return libdeflate_gzip_compress(compressor, input, length, output, capacity);
    deflateReset(&small_compressor);
    small_compressor.next_in = (unsigned char *)input;
    small_compressor.avail_in = (unsigned)length;
    small_compressor.next_out = (unsigned char *)output;
    small_compressor.avail_out = (unsigned)capacity;
    if (deflate(&small_compressor, Z_FINISH) != Z_STREAM_END) return 0;
    return capacity - small_compressor.avail_out;
}

static char **paths;
static size_t count, capacity;

static int note(const char *path, const struct stat *status, int type, struct FTW *where) {
    (void)where;
    if (type != FTW_F || !S_ISREG(status->st_mode)) return 0;
    size_t length = strlen(path);
    if (length > 3 && strcmp(path + length - 3, ".gz") == 0) return 0;
    if (count == capacity) {
        capacity = capacity ? capacity * 2 : 4096;
        paths = realloc(paths, capacity * sizeof *paths);
        if (!paths) { perror("realloc"); exit(1); }
    }
    paths[count++] = strdup(path);
    return 0;
}

// Whether linkat(AT_EMPTY_PATH) was refused (no CAP_DAC_READ_SEARCH before Linux 6.10).
static int descriptor_link_refused;

static int link_output(int output, const char *name) {
    if (!descriptor_link_refused) {
        if (linkat(output, "", AT_FDCWD, name, AT_EMPTY_PATH) == 0) return 0;
        if (errno != ENOENT && errno != EPERM) return -1;
        descriptor_link_refused = 1;
    }
    char link_from[64];
    snprintf(link_from, sizeof link_from, "/proc/self/fd/%d", output);
    return linkat(AT_FDCWD, link_from, AT_FDCWD, name, AT_SYMLINK_FOLLOW);
}

static int copy_one(const char *path, char *buffer, size_t size, char *compressed) {
    int source = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
    if (source < 0) { perror(path); return 1; }
    struct stat status;
    if (fstat(source, &status) != 0 || (size_t)status.st_size >= size) { close(source); return 1; }
    ssize_t length = read(source, buffer, size);
    close(source);
    if (length < 0) { perror(path); return 1; }

    char directory[4096], name[4096];
    snprintf(directory, sizeof directory, "%s", path);
    char *slash = strrchr(directory, '/');
    if (slash) *slash = 0; else strcpy(directory, ".");
    int output = open(directory, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
    if (output < 0) { perror(directory); return 1; }
    const char *bytes = buffer;
    if (compressor) {
        length = (ssize_t)compress_gzip(buffer, (size_t)length, compressed, size);
        if (length == 0) { fprintf(stderr, "%s: does not compress into the buffer\n", path); close(output); return 1; }
        bytes = compressed;
    }
    int failed = write(output, bytes, (size_t)length) != length;
    failed |= fchmod(output, status.st_mode & 07777) != 0;
    struct timespec times[2] = { status.st_atim, status.st_mtim };
    failed |= futimens(output, times) != 0;
    snprintf(name, sizeof name, "%s.gz", path);
    failed |= link_output(output, name) != 0;
    failed |= close(output) != 0;
    if (failed) perror(name);
    return failed;
}

int main(int argc, char **argv) {
    int level = 0;
    if (argc > 2 && strcmp(argv[1], "--compress") == 0) {
        level = atoi(argv[2]);
        argv += 2;
        argc -= 2;
    }
    if (argc < 2) { fprintf(stderr, "usage: tiny-floor [--compress LEVEL] DIRECTORY [JOBS]\n"); return 64; }
    int jobs = argc > 2 ? atoi(argv[2]) : 1;
    if (nftw(argv[1], note, 64, FTW_PHYS) != 0) { perror(argv[1]); return 1; }
    for (int job = 0; job < jobs; job++) {
        pid_t child = fork();
        if (child < 0) { perror("fork"); return 1; }
        if (child > 0) continue;
        static char buffer[1 << 20], compressed[(1 << 20) + 4096];
        if (level > 0) {
            small_limit = level <= 3 ? 128 : level <= 9 ? 2048 : 0;
            // A gzip wrapper (16 +) around a window of 4 KiB (12), as squeeze sizes it for 2 KiB.
            if (!(compressor = libdeflate_alloc_compressor(level))
                || (small_limit && deflateInit2(&small_compressor, level, Z_DEFLATED, 16 + 12, 8, Z_DEFAULT_STRATEGY) != Z_OK)) {
                fprintf(stderr, "no compressor for level %d\n", level);
                _exit(1);
            }
        }
        int failures = 0;
        for (size_t index = (size_t)job; index < count; index += (size_t)jobs)
            failures += copy_one(paths[index], buffer, sizeof buffer, compressed);
        _exit(failures ? 1 : 0);
    }
    int status, result = 0;
    while (wait(&status) > 0) result |= !WIFEXITED(status) || WEXITSTATUS(status) != 0;
    return result;
}
