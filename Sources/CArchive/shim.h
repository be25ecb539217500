#ifndef SQUEEZE_CARCHIVE_SHIM_H
#define SQUEEZE_CARCHIVE_SHIM_H

#include <archive.h>
#include <archive_entry.h>

#endif
