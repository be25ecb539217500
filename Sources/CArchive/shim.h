#ifndef SQUEEZE_CARCHIVE_SHIM_H
#define SQUEEZE_CARCHIVE_SHIM_H

#include <archive.h>
#include <archive_entry.h>

// archive_set_error is variadic, which Swift cannot call: callbacks use this to hand libarchive
// the message of a Swift error, so the failing libarchive call reports it.
static inline void squeeze_archive_set_error(struct archive *archive, int number, const char *message) {
    archive_set_error(archive, number, "%s", message);
}

#endif
