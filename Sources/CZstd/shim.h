#ifndef SQUEEZE_CZSTD_SHIM_H
#define SQUEEZE_CZSTD_SHIM_H

// ZSTD_STATIC_LINKING_ONLY: ZSTD_findFrameCompressedSize's neighbours ZSTD_getFrameHeader and
// ZSTD_frameHeaderSize live in the "experimental" part of zstd.h; Debian's libzstd exports them
// (1.5.4), and squeeze only reads frame headers through them.
#define ZSTD_STATIC_LINKING_ONLY
#include <zstd.h>
#include <zstd_errors.h>

#endif
