#ifndef SQUEEZE_CSYSTEM_SHIM_H
#define SQUEEZE_CSYSTEM_SHIM_H

#include <fcntl.h>

// Linux calls that Swift's Glibc module does not export: <sched.h> declares unshare(2), and
// <unistd.h> syncfs(2), only under _GNU_SOURCE, which the module is built without.
int unshare(int flags);
int syncfs(int fd);

// unshare(CLONE_FS): the calling thread stops sharing its working directory, root and umask with
// the other threads of the process, so that it may chdir without moving them.
static inline int squeeze_unshare_file_system_attributes(void) {
    return unshare(0x00000200 /* CLONE_FS */);
}

// A nameless regular file in `directory` (O_TMPFILE, which <fcntl.h> names only under
// _GNU_SOURCE; __O_TMPFILE includes O_DIRECTORY), open for writing, mode 0600: it gets a name
// with linkat, or vanishes when closed.
static inline int squeeze_open_nameless(const char *directory) {
    return open(directory, __O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
}

#endif
