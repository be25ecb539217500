#ifndef SQUEEZE_CZLIB_SHIM_H
#define SQUEEZE_CZLIB_SHIM_H

#include <zlib.h>

// deflateInit2 and inflateInit2 are macros (they pass ZLIB_VERSION and sizeof(z_stream)),
// which Swift cannot call; these wrappers make them functions.
static inline int squeeze_deflateInit2(z_streamp stream, int level, int windowBits, int memLevel, int strategy) {
    return deflateInit2(stream, level, Z_DEFLATED, windowBits, memLevel, strategy);
}

static inline int squeeze_inflateInit2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}

#endif
