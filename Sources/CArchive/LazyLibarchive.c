// libarchive, opened on first use instead of by the dynamic loader at start-up: with its own
// nine libraries (liblzma, libzstd, libxml2 and ICU, ...) it cost every squeeze process about a
// millisecond, 2 M instructions, 100 page faults and 94 system calls, and only `archive`,
// `extract`, `list` and reading tar members need it. Each function squeeze calls is defined here
// as a forwarder to libarchive's own, all looked up at the first call of any (dlopen of the
// soname the package depends on, libarchive13). Calling a libarchive function this file does not
// list fails at link time: add it to SQUEEZE_LIBARCHIVE_FUNCTIONS, as archive.h declares it.

#include <dlfcn.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

// Hidden: the forwarders are squeeze's, not exported (the static build exports the executable's
// symbols), so libarchive's calls to its own functions never come back through them. (The system
// headers archive.h includes come first, above, so that only its own declarations are hidden.)
#define __LA_DECL
#pragma GCC visibility push(hidden)
#include "CArchive.h"
#pragma GCC visibility pop

#define SQUEEZE_LIBARCHIVE_SONAME "libarchive.so.13"

// F(result, name, (parameters), (arguments)) for a function returning a value; V(name, ...) for
// one returning nothing.
#define SQUEEZE_LIBARCHIVE_FUNCTIONS(F, V) \
    F(time_t, archive_entry_atime, (struct archive_entry *a0), (a0)) \
    F(int, archive_entry_atime_is_set, (struct archive_entry *a0), (a0)) \
    F(long int, archive_entry_atime_nsec, (struct archive_entry *a0), (a0)) \
    F(struct archive_entry *, archive_entry_clear, (struct archive_entry *a0), (a0)) \
    V(archive_entry_copy_gname, (struct archive_entry *a0, const char *a1), (a0, a1)) \
    V(archive_entry_copy_hardlink, (struct archive_entry *a0, const char *a1), (a0, a1)) \
    V(archive_entry_copy_pathname, (struct archive_entry *a0, const char *a1), (a0, a1)) \
    V(archive_entry_copy_symlink, (struct archive_entry *a0, const char *a1), (a0, a1)) \
    V(archive_entry_copy_uname, (struct archive_entry *a0, const char *a1), (a0, a1)) \
    F(mode_t, archive_entry_filetype, (struct archive_entry *a0), (a0)) \
    V(archive_entry_free, (struct archive_entry *a0), (a0)) \
    F(la_int64_t, archive_entry_gid, (struct archive_entry *a0), (a0)) \
    F(const char *, archive_entry_gname, (struct archive_entry *a0), (a0)) \
    F(const char *, archive_entry_hardlink, (struct archive_entry *a0), (a0)) \
    F(const char *, archive_entry_hardlink_utf8, (struct archive_entry *a0), (a0)) \
    F(time_t, archive_entry_mtime, (struct archive_entry *a0), (a0)) \
    F(long int, archive_entry_mtime_nsec, (struct archive_entry *a0), (a0)) \
    F(int, archive_entry_mtime_is_set, (struct archive_entry *a0), (a0)) \
    F(unsigned int, archive_entry_nlink, (struct archive_entry *a0), (a0)) \
    F(struct archive_entry *, archive_entry_new, (void), ()) \
    F(const char *, archive_entry_pathname, (struct archive_entry *a0), (a0)) \
    F(const char *, archive_entry_pathname_utf8, (struct archive_entry *a0), (a0)) \
    F(mode_t, archive_entry_perm, (struct archive_entry *a0), (a0)) \
    F(dev_t, archive_entry_rdev, (struct archive_entry *a0), (a0)) \
    V(archive_entry_set_filetype, (struct archive_entry *a0, unsigned int a1), (a0, a1)) \
    V(archive_entry_set_gid, (struct archive_entry *a0, la_int64_t a1), (a0, a1)) \
    V(archive_entry_set_mtime, (struct archive_entry *a0, time_t a1, long int a2), (a0, a1, a2)) \
    V(archive_entry_set_perm, (struct archive_entry *a0, mode_t a1), (a0, a1)) \
    V(archive_entry_set_rdev, (struct archive_entry *a0, dev_t a1), (a0, a1)) \
    V(archive_entry_set_size, (struct archive_entry *a0, la_int64_t a1), (a0, a1)) \
    V(archive_entry_set_uid, (struct archive_entry *a0, la_int64_t a1), (a0, a1)) \
    F(la_int64_t, archive_entry_size, (struct archive_entry *a0), (a0)) \
    F(int, archive_entry_size_is_set, (struct archive_entry *a0), (a0)) \
    F(const char *, archive_entry_symlink, (struct archive_entry *a0), (a0)) \
    F(const char *, archive_entry_symlink_utf8, (struct archive_entry *a0), (a0)) \
    F(la_int64_t, archive_entry_uid, (struct archive_entry *a0), (a0)) \
    F(const char *, archive_entry_uname, (struct archive_entry *a0), (a0)) \
    F(int, archive_errno, (struct archive *a0), (a0)) \
    F(const char *, archive_error_string, (struct archive *a0), (a0)) \
    F(la_int64_t, archive_filter_bytes, (struct archive *a0, int a1), (a0, a1)) \
    F(int, archive_filter_count, (struct archive *a0), (a0)) \
    F(const char *, archive_filter_name, (struct archive *a0, int a1), (a0, a1)) \
    F(const char *, archive_format_name, (struct archive *a0), (a0)) \
    F(int, archive_read_data_block, (struct archive *a0, const void **a1, size_t *a2, la_int64_t *a3), (a0, a1, a2, a3)) \
    F(const char *, archive_read_disk_gname, (struct archive *a0, la_int64_t a1), (a0, a1)) \
    F(struct archive *, archive_read_disk_new, (void), ()) \
    F(int, archive_read_disk_set_standard_lookup, (struct archive *a0), (a0)) \
    F(const char *, archive_read_disk_uname, (struct archive *a0, la_int64_t a1), (a0, a1)) \
    F(int, archive_read_free, (struct archive *a0), (a0)) \
    F(la_int64_t, archive_read_header_position, (struct archive *a0), (a0)) \
    F(struct archive *, archive_read_new, (void), ()) \
    F(int, archive_read_next_header2, (struct archive *a0, struct archive_entry *a1), (a0, a1)) \
    F(int, archive_read_open, (struct archive *a0, void *a1, archive_open_callback (*a2), archive_read_callback (*a3), archive_close_callback (*a4)), (a0, a1, a2, a3, a4)) \
    F(int, archive_read_set_seek_callback, (struct archive *a0, archive_seek_callback (*a1)), (a0, a1)) \
    F(int, archive_read_set_skip_callback, (struct archive *a0, archive_skip_callback (*a1)), (a0, a1)) \
    F(int, archive_read_support_filter_all, (struct archive *a0), (a0)) \
    F(int, archive_read_support_format_all, (struct archive *a0), (a0)) \
    F(int, archive_read_support_format_raw, (struct archive *a0), (a0)) \
    F(const char *, archive_version_details, (void), ()) \
    F(int, archive_write_close, (struct archive *a0), (a0)) \
    F(la_ssize_t, archive_write_data, (struct archive *a0, const void *a1, size_t a2), (a0, a1, a2)) \
    F(la_ssize_t, archive_write_data_block, (struct archive *a0, const void *a1, size_t a2, la_int64_t a3), (a0, a1, a2, a3)) \
    F(struct archive *, archive_write_disk_new, (void), ()) \
    F(int, archive_write_disk_set_options, (struct archive *a0, int a1), (a0, a1)) \
    F(int, archive_write_disk_set_standard_lookup, (struct archive *a0), (a0)) \
    F(int, archive_write_finish_entry, (struct archive *a0), (a0)) \
    F(int, archive_write_free, (struct archive *a0), (a0)) \
    F(int, archive_write_header, (struct archive *a0, struct archive_entry *a1), (a0, a1)) \
    F(struct archive *, archive_write_new, (void), ()) \
    F(int, archive_write_open2, (struct archive *a0, void *a1, archive_open_callback (*a2), archive_write_callback (*a3), archive_close_callback (*a4), archive_free_callback (*a5)), (a0, a1, a2, a3, a4, a5)) \
    F(int, archive_write_set_bytes_per_block, (struct archive *a0, int a1), (a0, a1)) \
    F(int, archive_write_set_format_pax_restricted, (struct archive *a0), (a0))

#define SQUEEZE_INDEX(result, name, parameters, arguments) index_##name,
#define SQUEEZE_VOID_INDEX(name, parameters, arguments) index_##name,
enum { SQUEEZE_LIBARCHIVE_FUNCTIONS(SQUEEZE_INDEX, SQUEEZE_VOID_INDEX) index_archive_set_error, function_count };

#define SQUEEZE_NAME(result, name, parameters, arguments) #name,
#define SQUEEZE_VOID_NAME(name, parameters, arguments) #name,
static const char *const names[function_count] = {
    SQUEEZE_LIBARCHIVE_FUNCTIONS(SQUEEZE_NAME, SQUEEZE_VOID_NAME) "archive_set_error",
};

// Written once, under `once`; read after pthread_once returns, which orders the writes first.
static void *functions[function_count];
// Why libarchive could not be used (what dlerror said), or empty.
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen(SQUEEZE_LIBARCHIVE_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(failure, sizeof failure, "%s: %s", SQUEEZE_LIBARCHIVE_SONAME, dlerror());
        return;
    }
    for (int index = 0; index < function_count; index++) {
        functions[index] = dlsym(library, names[index]);
        if (functions[index] == NULL) {
            snprintf(failure, sizeof failure, "%s: %s", names[index], dlerror());
            return;
        }
    }
}

const char *squeeze_libarchive_load_failure(void) {
    pthread_once(&once, load);
    return failure[0] != '\0' ? failure : NULL;
}

// Set by the one thread that reports the failure; the others wait for its _exit.
static atomic_flag reporting = ATOMIC_FLAG_INIT;

// What the dynamic loader would have said at start-up, and its exit status; outside
// pthread_once's routine, which must return. Said once, whichever threads got here.
static void *function(int index) {
    pthread_once(&once, load);
    if (failure[0] != '\0') {
        if (atomic_flag_test_and_set(&reporting)) {
            for (;;) pause();
        }
        dprintf(STDERR_FILENO, "squeeze: cannot load %s\n", failure);
        _exit(127);
    }
    return functions[index];
}

#define SQUEEZE_FORWARD(result, name, parameters, arguments) \
    result name parameters { return ((result(*) parameters)function(index_##name)) arguments; }
#define SQUEEZE_VOID_FORWARD(name, parameters, arguments) \
    void name parameters { ((void(*) parameters)function(index_##name)) arguments; }
SQUEEZE_LIBARCHIVE_FUNCTIONS(SQUEEZE_FORWARD, SQUEEZE_VOID_FORWARD)

void squeeze_archive_set_error(struct archive *archive, int number, const char *message) {
    ((void (*)(struct archive *, int, const char *, ...))function(index_archive_set_error))(archive, number, "%s", message);
}
