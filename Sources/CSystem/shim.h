#ifndef SQUEEZE_CSYSTEM_SHIM_H
#define SQUEEZE_CSYSTEM_SHIM_H

#include <fcntl.h>
#include <sched.h>

// Linux calls that Swift's Glibc module does not export: <sched.h> declares unshare(2) and
// sched_getaffinity(2), and <unistd.h> syncfs(2), only under _GNU_SOURCE, which the module is
// built without.
int unshare(int flags);
int syncfs(int fd);
int sched_getaffinity(pid_t pid, size_t size, cpu_set_t *set);
// <string.h>'s memrchr, the last of a byte in memory, is a GNU extension too.
void *memrchr(const void *bytes, int byte, size_t count);

// unshare(CLONE_FS): the calling thread stops sharing its working directory, root and umask with
// the other threads of the process, so that it may chdir without moving them.
static inline int squeeze_unshare_file_system_attributes(void) {
    return unshare(0x00000200 /* CLONE_FS */);
}

// A nameless regular file in the directory `path` names relative to the descriptor `directory`
// (or AT_FDCWD) (O_TMPFILE, which <fcntl.h> names only under _GNU_SOURCE; __O_TMPFILE includes
// O_DIRECTORY), open for writing, mode 0600: it gets a name with linkat, or vanishes when closed.
static inline int squeeze_open_nameless(int directory, const char *path) {
    return openat(directory, path, __O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
}

// A thread's own CPU and I/O priority. On Linux both belong to each thread (task), not to the
// process: setpriority(PRIO_PROCESS, tid) and ioprio_set(IOPRIO_WHO_PROCESS, tid) change that
// thread alone. glibc wraps neither gettid (before 2.30) nor ioprio_get/ioprio_set.
#include <errno.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

static inline int squeeze_thread_id(void) {
    return (int)syscall(SYS_gettid);
}

// The thread's nice value (-20…19) in *nice; -1 with errno on failure (getpriority can return -1
// as a value, so errno tells the two apart).
static inline int squeeze_thread_nice(int tid, int *nice) {
    errno = 0;
    int value = getpriority(PRIO_PROCESS, (id_t)tid);
    if (value == -1 && errno != 0) return -1;
    *nice = value;
    return 0;
}

static inline int squeeze_set_thread_nice(int tid, int nice) {
    return setpriority(PRIO_PROCESS, (id_t)tid, nice);
}

// <linux/ioprio.h>: the class in the bits above IOPRIO_CLASS_SHIFT (13), the level below.
enum { SQUEEZE_IOPRIO_WHO_PROCESS = 1, SQUEEZE_IOPRIO_CLASS_SHIFT = 13 };

// The thread's I/O priority as ioprio_get answers it (class << 13 | level), or -1 with errno.
static inline int squeeze_thread_io_priority(int tid) {
    return (int)syscall(SYS_ioprio_get, SQUEEZE_IOPRIO_WHO_PROCESS, tid);
}

static inline int squeeze_set_thread_io_priority(int tid, int ioClass, int level) {
    return (int)syscall(SYS_ioprio_set, SQUEEZE_IOPRIO_WHO_PROCESS, tid,
                        (ioClass << SQUEEZE_IOPRIO_CLASS_SHIFT) | level);
}

// Names the calling thread as the kernel shows it (`ps -L`, /proc/.../comm; 15 bytes at most):
// prctl is variadic, and pthread_setname_np is declared only under _GNU_SOURCE.
#include <sys/prctl.h>

static inline int squeeze_name_calling_thread(const char *name) {
    return prctl(PR_SET_NAME, name, 0, 0, 0);
}

// mallopt and its parameters (FreedMemory.swift).
#include <malloc.h>

#endif
