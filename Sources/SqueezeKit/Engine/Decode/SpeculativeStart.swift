import Glibc

/// A place in a gzip file where a speculative stretch may begin decoding, found by searching:
/// the start of a member (`cat a.gz b.gz`, and fake ones: a .gz stored inside another), or a
/// flush point, where the DEFLATE data of a member begins a block at a byte boundary after an
/// empty stored block (`00 00 FF FF`: `pigz -i` ends each block of its input so, as does any
/// writer flushing with Z_SYNC_FLUSH or Z_FULL_FLUSH; and so can stored data, by chance).
///
/// A member written without flush points (`gzip`, `igzip`, plain `pigz`) has only its blocks:
/// a stretch of such a file starts at a dynamic-Huffman block found at any bit
/// (`DynamicBlockCandidate`), and decodes its first bytes without the window before it.
struct SpeculativeStart: Equatable {
    enum Kind: Equatable {
        case member
        case flushPoint
        case block
    }

    /// Offset of the member's header, of the first byte after the marker, or of the byte the
    /// block begins in.
    var offset: Int
    var kind: Kind
    /// Bits of the byte at `offset` before the block (0 for the other kinds).
    var bitsUsed = 0

    /// Which starts a search looks for: member starts, and either flush points (files of several
    /// members, or with independent blocks) or blocks (one member without either).
    enum Search: Equatable, Sendable {
        case flushPoints
        case blocks
    }

    var bit: Int { offset * 8 + bitsUsed }

    /// The first plausible member start or flush point at or after bit `fromBit` and before byte
    /// `limit` in `bytes`, in file order: the starts of `Search.flushPoints`. Members are searched
    /// only before the first flush point (where there are flush points, they lie close together).
    static func firstMemberOrFlushPoint(in bytes: UnsafeRawBufferPointer, fromBit: Int, before limit: Int) -> SpeculativeStart? {
        let offset = (fromBit + 7) / 8
        let point = FlushPointCandidate.first(in: bytes, from: offset, before: limit)
        // A member starting at the very byte the flush point does comes first.
        if let member = MemberStartCandidate.first(in: bytes, from: offset, before: point.map { min(limit, $0 + 1) } ?? limit) {
            return SpeculativeStart(offset: member, kind: .member)
        }
        return point.map { SpeculativeStart(offset: $0, kind: .flushPoint) }
    }

    /// The first start of `Search.blocks` at or after bit `fromBit` and before byte `limit`, where
    /// `block` is the first block candidate in those bits (`DynamicBlockCandidate.first`, whose
    /// headers must fit in `bytes`; found by the caller, or by a neighbour that searched the same
    /// bits): a member starting in the block's byte or before comes first. Blocks are searched
    /// first because one usually lies within a few KiB: the member search (a memchr stopping at
    /// every 0x1F, one byte in 256 of compressed data) then covers only the bytes before it.
    static func first(in bytes: UnsafeRawBufferPointer, fromBit: Int, before limit: Int, block: Int?) -> SpeculativeStart? {
        let memberLimit = block.map { min(limit, ($0 >> 3) + 1) } ?? limit
        if let member = MemberStartCandidate.first(in: bytes, from: (fromBit + 7) / 8, before: memberLimit) {
            return SpeculativeStart(offset: member, kind: .member)
        }
        return block.map { SpeculativeStart(offset: $0 >> 3, kind: .block, bitsUsed: $0 & 7) }
    }
}

/// What a member header found by searching must look like before it is worth decoding from: a
/// header that parses in full (magic, method 8, no reserved flag, NUL-terminated name and
/// comment, a right header CRC if it has one), with an XFL and OS that gzip writers use, and a
/// first DEFLATE block of a valid type (a stored block's length checked against its complement).
enum MemberStartCandidate {
    static func isPlausible(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= 18, bytes[0] == GzipHeader.magic[0], bytes[1] == GzipHeader.magic[1], bytes[2] == GzipHeader.deflateMethod,
              bytes[3] & GzipHeader.Flag.reserved == 0, [0, 2, 4].contains(bytes[8]), bytes[9] <= 13 || bytes[9] == 255,
              case .header(_, let length) = GzipHeader.parse(bytes), length < bytes.count
        else { return false }
        let blockHeader = bytes[length]
        switch (blockHeader >> 1) & 3 {
        case 3: return false
        case 0:
            guard length + 5 <= bytes.count else { return true }
            let stored = UInt16(bytes[length + 1]) | UInt16(bytes[length + 2]) << 8
            let complement = UInt16(bytes[length + 3]) | UInt16(bytes[length + 4]) << 8
            return stored == ~complement
        default: return true
        }
    }

    /// The offset of the first plausible member start in `bytes[offset..<limit]`.
    static func first(in bytes: UnsafeRawBufferPointer, from offset: Int, before limit: Int) -> Int? {
        var position = offset
        // Gzip's magic and the DEFLATE method: the bytes every plausible header begins with.
        while let candidate = bytes.firstOffset(ofWord: 0x08_8B_1F, mask: 0xFF_FF_FF, key: 0, from: position, before: limit) {
            if isPlausible(UnsafeRawBufferPointer(rebasing: bytes[candidate...])) { return candidate }
            position = candidate + 1
        }
        return nil
    }
}

/// Where an empty stored block ends: the bytes `00 00 FF FF` (its length and complement), after
/// a byte whose high bits are zero (the block's three header bits and the padding that aligns
/// it), and before a byte that can begin a block (not block type 3).
enum FlushPointCandidate {
    /// The offset just after the first plausible marker that ends in `bytes[offset..<limit]`
    /// (the marker, and the byte before it, may lie before `offset`).
    static func first(in bytes: UnsafeRawBufferPointer, from offset: Int, before limit: Int) -> Int? {
        // A marker must end below `limit` and below the last byte, so that the byte after it can
        // be checked, and have a byte before it.
        let end = min(limit, bytes.count) - 1
        var position = max(1, offset - 4)
        // 00 00 FF FF, read as a little-endian word, at offsets where it ends by `end`.
        while let at = bytes.firstOffset(ofWord: 0xFF_FF_00_00, key: 2, from: position, before: end - 3) {
            let after = at + 4
            if bytes[at - 1] & 0xE0 == 0 && (bytes[after] >> 1) & 3 != 3 { return after }
            position = at + 1
        }
        return nil
    }
}

extension UnsafeRawBufferPointer {
    /// The first offset in `from..<before` where the four bytes from it (all within the buffer),
    /// read as a little-endian word under `mask`, are `word`. `memchr` finds the places of its
    /// byte `key` (the rarest of the four in data), and the 32 offsets after each false one are
    /// compared word by word: where the key byte runs on, `memchr` alone would stop at every byte,
    /// ten times dearer, and this stays within what `StretchBudget` counts for a byte searched.
    func firstOffset(ofWord word: UInt32, mask: UInt32 = .max, key: Int, from start: Int, before limit: Int) -> Int? {
        let end = Swift.min(limit, count - 3)
        guard start < end, let base = baseAddress else { return nil }
        let keyValue = Int32((word >> UInt32(8 * key)) & 0xFF)
        var at = start
        while at < end {
            guard let found = memchr(base + at + key, keyValue, end - at) else { return nil }
            at = base.distance(to: UnsafeRawPointer(found)) - key
            let stop = Swift.min(end, at + 32)
            while at < stop {
                if loadUnaligned(fromByteOffset: at, as: UInt32.self).littleEndian & mask == word { return at }
                at += 1
            }
        }
        return nil
    }
}
