import Glibc

/// A place in a gzip file where a speculative stretch may begin decoding, found by searching:
/// the start of a member (`cat a.gz b.gz`, and fake ones: a .gz stored inside another), or a
/// flush point, where the DEFLATE data of a member begins a block at a byte boundary after an
/// empty stored block (`00 00 FF FF`: `pigz -i` ends each block of its input so, as does any
/// writer flushing with Z_SYNC_FLUSH or Z_FULL_FLUSH; and so can stored data, by chance).
struct SpeculativeStart: Equatable {
    enum Kind: Equatable {
        case member
        case flushPoint
    }

    /// Offset of the member's header, or of the first byte after the marker.
    var offset: Int
    var kind: Kind

    /// The first plausible start at or after `offset` and before `limit` in `bytes`, in file order.
    static func first(in bytes: UnsafeRawBufferPointer, from offset: Int, before limit: Int) -> SpeculativeStart? {
        let member = MemberStartCandidate.first(in: bytes, from: offset, before: limit)
        let flushPoint = FlushPointCandidate.first(in: bytes, from: offset, before: limit)
        switch (member, flushPoint) {
        case (let member?, let flushPoint?):
            return member < flushPoint ? SpeculativeStart(offset: member, kind: .member) : SpeculativeStart(offset: flushPoint, kind: .flushPoint)
        case (let member?, nil): return SpeculativeStart(offset: member, kind: .member)
        case (nil, let flushPoint?): return SpeculativeStart(offset: flushPoint, kind: .flushPoint)
        case (nil, nil): return nil
        }
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
        while position < limit {
            guard let found = memchr(bytes.baseAddress! + position, Int32(GzipHeader.magic[0]), limit - position) else { return nil }
            let candidate = bytes.baseAddress!.distance(to: UnsafeRawPointer(found))
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
        // A marker must end below `limit` and below the last byte, so that the byte after it
        // can be checked. Search for its first 0xFF, two bytes in.
        var position = max(1, offset - 4) + 2
        let end = min(limit, bytes.count) - 1
        while position + 2 <= end {
            guard let found = memchr(bytes.baseAddress! + position, 0xFF, end - 1 - position) else { return nil }
            let at = bytes.baseAddress!.distance(to: UnsafeRawPointer(found))
            if bytes[at + 1] == 0xFF && bytes[at - 1] == 0 && bytes[at - 2] == 0 {
                let after = at + 2
                if bytes[after - 5] & 0xE0 == 0 && (bytes[after] >> 1) & 3 != 3 { return after }
            }
            position = at + 1
        }
        return nil
    }
}
