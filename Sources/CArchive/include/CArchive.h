#ifndef SQUEEZE_CARCHIVE_H
#define SQUEEZE_CARCHIVE_H

// libarchive's API, as squeeze calls it. The library itself is opened on first use
// (LazyLibarchive.c), not by the dynamic loader at every start.
#include <archive.h>
#include <archive_entry.h>

// archive_set_error is variadic, which Swift cannot call: callbacks use this to hand libarchive
// the message of a Swift error, so the failing libarchive call reports it.
void squeeze_archive_set_error(struct archive *archive, int number, const char *message);

#endif
