#ifndef SQUEEZE_CISAL_SHIM_H
#define SQUEEZE_CISAL_SHIM_H

#include <isa-l.h>
#include <isa-l/igzip_lib.h>
#include <isa-l/crc.h>

// The level buffer each compression level wants (the library's own "default" sizes). The
// ISAL_DEF_LVL3_REQ macro is an unparenthesised expression Swift does not import.
static inline unsigned int squeeze_isal_level_buffer_size(int level) {
    switch (level) {
    case 1: return ISAL_DEF_LVL1_DEFAULT;
    case 2: return ISAL_DEF_LVL2_DEFAULT;
    case 3: return ISAL_DEF_LVL3_DEFAULT;
    default: return ISAL_DEF_LVL0_DEFAULT;
    }
}

#endif
