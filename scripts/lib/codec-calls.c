// What one call of each DEFLATE library costs on a tiny file (issue 13): the files of DIRECTORY
// (at most LIMIT, read into memory first, untimed) are each compressed to gzip by one call, with
// one compressor per library reused across files, as squeeze and the compressing floor do. For
// each library and level it prints the median over ROUNDS interleaved rounds of the time per file
// and the output's size against the input's. No file system work is timed: this is the part of
// a tiny file's cost that no scheduling or system-call saving can remove.
//   codec-calls DIRECTORY [LIMIT [ROUNDS]]
#define _GNU_SOURCE
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <libdeflate.h>
#include <zlib.h>
#include <isa-l/igzip_lib.h>

enum { max_file = 1 << 16 };
static unsigned char **inputs;
static size_t *lengths, count, limit, input_bytes;
static unsigned char output[max_file * 2];

static int note(const char *path, const struct stat *status, int type, struct FTW *where) {
    (void)where;
    if (type != FTW_F || !S_ISREG(status->st_mode) || status->st_size > max_file) return 0;
    size_t length = strlen(path);
    if (length > 3 && strcmp(path + length - 3, ".gz") == 0) return 0;
    int fd = open(path, O_RDONLY);
    if (fd < 0) return 0;
    unsigned char *bytes = malloc((size_t)status->st_size + 1);
    ssize_t got = read(fd, bytes, (size_t)status->st_size + 1);
    close(fd);
    if (got < 0) { free(bytes); return 0; }
    inputs[count] = bytes;
    lengths[count] = (size_t)got;
    input_bytes += (size_t)got;
    return ++count == limit;
}

struct engine {
    const char *name;
    int kind, level;   // kind: 0 libdeflate, 1 zlib, 2 ISA-L, 3 squeeze's choice by size
    uint32_t isal_buffer;
    struct libdeflate_compressor *libdeflate;
    z_stream zlib;
    unsigned char *level_buffer;
    z_stream small;   // kind 3: zlib for inputs up to 2 KiB, its window sized for them
};

static size_t zlib_one(z_stream *stream, const unsigned char *in, size_t length) {
    deflateReset(stream);
    stream->next_in = (unsigned char *)in; stream->avail_in = (uInt)length;
    stream->next_out = output; stream->avail_out = sizeof output;
    if (deflate(stream, Z_FINISH) != Z_STREAM_END) return 0;
    return sizeof output - stream->avail_out;
}

static size_t compress_one(struct engine *e, const unsigned char *in, size_t length) {
    switch (e->kind) {
    case 0:
        return libdeflate_gzip_compress(e->libdeflate, in, length, output, sizeof output);
    case 1:
        return zlib_one(&e->zlib, in, length);
    case 3:
        // SizeFittedCompressor at levels 4-9: zlib up to 2 KiB, libdeflate above.
        if (length <= 2048) return zlib_one(&e->small, in, length);
        return libdeflate_gzip_compress(e->libdeflate, in, length, output, sizeof output);
    default: {
        struct isal_zstream s;
        isal_deflate_stateless_init(&s);
        s.level = (uint32_t)e->level;
        s.level_buf = e->level_buffer; s.level_buf_size = e->isal_buffer;
        s.gzip_flag = IGZIP_GZIP; s.end_of_stream = 1; s.flush = NO_FLUSH;
        s.next_in = (uint8_t *)in; s.avail_in = (uint32_t)length;
        s.next_out = output; s.avail_out = sizeof output;
        if (isal_deflate_stateless(&s) != COMP_OK) return 0;
        return s.total_out;
    }
    }
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: codec-calls DIRECTORY [LIMIT [ROUNDS]]\n"); return 64; }
    limit = argc > 2 ? strtoul(argv[2], NULL, 10) : 20000;
    int rounds = argc > 3 ? atoi(argv[3]) : 5;
    inputs = calloc(limit, sizeof *inputs);
    lengths = calloc(limit, sizeof *lengths);
    if (nftw(argv[1], note, 64, FTW_PHYS) < 0) { perror(argv[1]); return 1; }
    if (count == 0) { fprintf(stderr, "codec-calls: no files in %s\n", argv[1]); return 1; }

    // The libraries and levels squeeze offers, with the ISA-L level buffers squeeze gives them.
    struct engine engines[] = {
        { "libdeflate -1", 0, 1 }, { "libdeflate -4", 0, 4 }, { "libdeflate -6", 0, 6 },
        { "libdeflate -9", 0, 9 }, { "zlib -6", 1, 6 }, { "squeeze -6", 3, 6 },
        { "isal -0", 2, 0, ISAL_DEF_LVL0_DEFAULT }, { "isal -1", 2, 1, ISAL_DEF_LVL1_DEFAULT },
        { "isal -2", 2, 2, ISAL_DEF_LVL2_DEFAULT }, { "isal -3", 2, 3, ISAL_DEF_LVL3_SMALL },
    };
    enum { engine_count = sizeof engines / sizeof engines[0] };
    for (int i = 0; i < engine_count; i++) {
        struct engine *e = &engines[i];
        if ((e->kind == 0 || e->kind == 3) && !(e->libdeflate = libdeflate_alloc_compressor(e->level))) return 1;
        if (e->kind == 3 && deflateInit2(&e->small, e->level, Z_DEFLATED, 16 + 12, 8, Z_DEFAULT_STRATEGY) != Z_OK) return 1;
        if (e->kind == 1 && deflateInit2(&e->zlib, e->level, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY) != Z_OK) return 1;
        if (e->kind == 2 && e->isal_buffer && !(e->level_buffer = malloc(e->isal_buffer))) return 1;
    }
    double seconds[engine_count][rounds];
    size_t sizes[engine_count];
    for (int round = 0; round < rounds; round++) {
        for (int i = 0; i < engine_count; i++) {
            size_t total = 0;
            double start = now();
            for (size_t f = 0; f < count; f++) {
                size_t written = compress_one(&engines[i], inputs[f], lengths[f]);
                if (written == 0) { fprintf(stderr, "codec-calls: %s failed\n", engines[i].name); return 1; }
                total += written;
            }
            seconds[i][round] = now() - start;
            sizes[i] = total;
        }
    }
    printf("%zu files, %zu bytes on average, median of %d interleaved rounds\n", count, input_bytes / count, rounds);
    printf("%-14s %12s %10s\n", "library", "us per file", "size %");
    for (int i = 0; i < engine_count; i++) {
        qsort(seconds[i], (size_t)rounds, sizeof(double), by_value);
        printf("%-14s %12.2f %10.1f\n", engines[i].name, seconds[i][rounds / 2] * 1e6 / (double)count,
               100.0 * (double)sizes[i] / (double)input_bytes);
    }
    return 0;
}
