#ifndef SQUEEZE_CARCHIVE_H
#define SQUEEZE_CARCHIVE_H

// libarchive's API, as squeeze calls it. The library itself is opened on first use
// (LazyLibarchive.c), not by the dynamic loader at every start.
#include <archive.h>
#include <archive_entry.h>

// archive_set_error is variadic, which Swift cannot call: callbacks use this to hand libarchive
// the message of a Swift error, so the failing libarchive call reports it.
void squeeze_archive_set_error(struct archive *archive, int number, const char *message);
// Why libarchive cannot be loaded (the soname or a missing function, and what dlerror said), or
// NULL once it is loaded: for a caller that can go on without it, where any other call would
// report the failure and exit 127.
const char *squeeze_libarchive_load_failure(void);

#endif
