#ifndef SQUEEZE_CISAL_SHIM_H
#define SQUEEZE_CISAL_SHIM_H

#include <isa-l.h>
#include <isa-l/igzip_lib.h>
#include <isa-l/crc.h>

// The level buffer each compression level gets. Levels 1 and 2 take the library's "default"
// (large) size: a smaller one makes them slower. Level 3 takes the small one: its DEFLATE blocks
// end when the buffer fills, so smaller blocks get Huffman codes that fit their data better, and
// on the 148 MB toolchain tar that is 1.7% smaller output at the same speed (see README,
// "Choosing a codec and level"). The ISAL_DEF_LVL3_* macros are unparenthesised expressions Swift
// does not import.
static inline unsigned int squeeze_isal_level_buffer_size(int level) {
    switch (level) {
    case 1: return ISAL_DEF_LVL1_DEFAULT;
    case 2: return ISAL_DEF_LVL2_DEFAULT;
    case 3: return ISAL_DEF_LVL3_SMALL;
    default: return ISAL_DEF_LVL0_DEFAULT;
    }
}

#endif
