#ifndef SQUEEZE_CSYSTEM_SHIM_H
#define SQUEEZE_CSYSTEM_SHIM_H

// Linux calls that Swift's Glibc module does not export: <sched.h> declares unshare(2), and
// <unistd.h> syncfs(2), only under _GNU_SOURCE, which the module is built without.
int unshare(int flags);
int syncfs(int fd);

// unshare(CLONE_FS): the calling thread stops sharing its working directory, root and umask with
// the other threads of the process, so that it may chdir without moving them.
static inline int squeeze_unshare_file_system_attributes(void) {
    return unshare(0x00000200 /* CLONE_FS */);
}

#endif
