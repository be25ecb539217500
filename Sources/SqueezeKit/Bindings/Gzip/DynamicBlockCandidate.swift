/// Where a DEFLATE block with its own Huffman codes (BTYPE 2) might begin, at any bit of a gzip
/// member's data: the third kind of speculative start, for a member written without flush
/// points (`gzip`, `igzip`, plain `pigz`). Only non-final blocks (BFINAL 0) are looked for: a
/// stretch that starts at one always has a block boundary before its end to stop at.
///
/// A bit passes only if the whole header that would start there is one a decoder accepts: at most
/// 286 literal/length and 30 distance codes, a complete code-length code, code lengths that
/// decode with no repeat before a first length or past the end, a literal/length code that is
/// complete (or a single code) and has an end-of-block code, and a complete distance code (or a
/// single code, or none). Random bits pass about once in a few million positions; a false
/// candidate costs time only, never a byte (the decoding engine confirms every start before it
/// writes a byte).
enum DynamicBlockCandidate {
    /// The most bytes a dynamic block header spans (3 + 14 + 57 bits, then 316 lengths of at
    /// most 7 + 7 bits each), rounded up: a search needs this many bytes after its last bit.
    static let maximumHeaderBytes = 640

    /// The first bit in `fromBit..<beforeBit` of `bytes` where a valid header starts. Bits
    /// whose header would run past the end of `bytes` are not searched: the caller reads on.
    static func first(in bytes: UnsafeRawBufferPointer, fromBit: Int, beforeBit: Int) -> Int? {
        let end = min(beforeBit, max(0, bytes.count - 8) * 8)
        var bit = max(0, fromBit)
        while bit < end {
            // 48 positions at once: those where BFINAL is 0, BTYPE 2 (bits 0 0 1 read low first),
            // and neither HLIT nor HDIST is 30 or 31 (their four high bits all set).
            let w = bytes.loadUnaligned(fromByteOffset: bit >> 3, as: UInt64.self).littleEndian >> UInt64(bit & 7)
            let span = min(48, end - bit)
            var mask = ~w & ~(w >> 1) & (w >> 2) & ~((w >> 4) & (w >> 5) & (w >> 6) & (w >> 7)) & ~((w >> 9) & (w >> 10) & (w >> 11) & (w >> 12))
            mask &= span == 64 ? ~0 : (1 << UInt64(span)) - 1
            while mask != 0 {
                let candidate = bit + mask.trailingZeroBitCount
                mask &= mask - 1
                if hasCompleteCodeLengthCode(bytes, atBit: candidate), isValid(bytes, atBit: candidate) { return candidate }
            }
            bit += span
        }
        return nil
    }

    /// Whether the code-length code of the header at `bit` has a Kraft sum of exactly one (the
    /// bits of `first` that pass ask this before the whole check). Needs 8 bytes after the one
    /// holding bit + 17.
    @inline(__always)
    private static func hasCompleteCodeLengthCode(_ bytes: UnsafeRawBufferPointer, atBit bit: Int) -> Bool {
        let word = bytes.loadUnaligned(fromByteOffset: bit >> 3, as: UInt64.self).littleEndian >> UInt64(bit & 7)
        let count = Int((word >> 13) & 15) + 4
        let lengthsBit = bit + 17
        guard (lengthsBit >> 3) + 8 <= bytes.count else { return false }
        let lengths = bytes.loadUnaligned(fromByteOffset: lengthsBit >> 3, as: UInt64.self).littleEndian >> UInt64(lengthsBit & 7)
        let fields = lengths & ((1 << UInt64(3 * count)) - 1)
        let sum = kraftOfFour[Int(fields & 0xFFF)] + kraftOfFour[Int((fields >> 12) & 0xFFF)] + kraftOfFour[Int((fields >> 24) & 0xFFF)]
            + kraftOfFour[Int((fields >> 36) & 0xFFF)] + kraftOfFour[Int((fields >> 48) & 0x1FF)]
        return sum == 128
    }

    /// Whether a whole valid non-final dynamic block header starts at `bit` of `bytes`; false
    /// when it would run past their end. Asked for every candidate the quick checks of `first`
    /// let through (thousands a chunk): it allocates nothing.
    static func isValid(_ bytes: UnsafeRawBufferPointer, atBit bit: Int) -> Bool {
        var reader = BitReader(bytes: bytes, bit: bit)
        guard let kind = reader.read(3), kind == 4, let hlit = reader.read(5), let hdist = reader.read(5), let hclen = reader.read(4),
              hlit <= 29, hdist <= 29
        else { return false }
        // The code-length code as a table of its 7-bit codes (read low bit first): symbol, and
        // length in the high byte. Complete, so every entry is filled.
        var codeLengthLengths = SIMD32<UInt8>()
        var kraft = 0
        for index in 0..<(hclen + 4) {
            guard let length = reader.read(3) else { return false }
            codeLengthLengths[codeLengthOrder[index]] = UInt8(length)
            if length != 0 { kraft += 128 >> length }
        }
        guard kraft == 128 else { return false }
        return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 128) { table in
            fillTable(table, lengths: codeLengthLengths)
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 29 + 257 + 29 + 1) { lengths in
                readCodeLengths(&reader, table: table, into: lengths, literals: hlit + 257, distances: hdist + 1)
            }
        }
    }

    /// Fills `table` (128 entries) for the complete code of `lengths` (19 symbols, at most 7 bits).
    private static func fillTable(_ table: UnsafeMutableBufferPointer<UInt16>, lengths: SIMD32<UInt8>) {
        var code = 0
        for length in 1...7 {
            for symbol in 0..<19 where Int(lengths[symbol]) == length {
                // Huffman codes are packed most significant bit first: reverse the code's bits.
                var reversed = 0
                for position in 0..<length where code & (1 << position) != 0 { reversed |= 1 << (length - 1 - position) }
                for index in stride(from: reversed, to: 128, by: 1 << length) { table[index] = UInt16(symbol | length << 8) }
                code += 1
            }
            code <<= 1
        }
    }

    /// Reads the literal/length and distance code lengths with the code-length code `table`, and
    /// says whether both codes are usable: no repeat before a first length or past the end, an
    /// end-of-block code.
    private static func readCodeLengths(
        _ reader: inout BitReader, table: UnsafeMutableBufferPointer<UInt16>, into lengths: UnsafeMutableBufferPointer<UInt8>,
        literals literalCount: Int, distances distanceCount: Int
    ) -> Bool {
        let total = literalCount + distanceCount
        var index = 0
        while index < total {
            guard let (bits, available) = reader.peek(7) else { return false }
            let entry = Int(table[bits])
            let symbol = entry & 0xFF, length = entry >> 8
            guard length <= available else { return false }
            reader.skip(length)
            var repeated: UInt8 = 0, count = 1
            switch symbol {
            case 0...15: repeated = UInt8(symbol)
            case 16:
                guard index > 0, let extra = reader.read(2) else { return false }
                repeated = lengths[index - 1]
                count = 3 + extra
            case 17:
                guard let extra = reader.read(3) else { return false }
                count = 3 + extra
            default:
                guard let extra = reader.read(7) else { return false }
                count = 11 + extra
            }
            guard index + count <= total else { return false }
            for offset in 0..<count { lengths[index + offset] = repeated }
            index += count
        }
        return lengths[256] != 0 && isUsable(UnsafeBufferPointer(rebasing: lengths[..<literalCount]), mayBeEmpty: false)
            && isUsable(UnsafeBufferPointer(rebasing: lengths[literalCount..<total]), mayBeEmpty: true)
    }

    /// A code as decoders accept it: complete, or one code of one bit, or (distances) no code.
    private static func isUsable(_ lengths: UnsafeBufferPointer<UInt8>, mayBeEmpty: Bool) -> Bool {
        // Kraft sum in units of 2^-15.
        var sum = 0, used = 0, lastUsed: UInt8 = 0
        for length in lengths where length != 0 {
            sum += 1 << (15 - Int(length))
            used += 1
            lastUsed = length
        }
        if sum == 1 << 15 { return true }
        if used == 0 { return mayBeEmpty }
        return used == 1 && lastUsed == 1
    }

    /// The Kraft sum (in 128ths) of four 3-bit code lengths packed in 12 bits.
    private static let kraftOfFour: [Int] = (0..<4096).map { packed in
        (0..<4).reduce(0) { sum, field in
            let length = (packed >> (3 * field)) & 7
            return sum + (length == 0 ? 0 : 128 >> length)
        }
    }

    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
}

/// Bits of a byte buffer read least significant first, as DEFLATE packs them.
private struct BitReader {
    let bytes: UnsafeRawBufferPointer
    var bit: Int

    /// The next `count` bits (at most 57), zero past the end of `bytes`, and how many of them are
    /// there; nil at the end.
    func peek(_ count: Int) -> (bits: Int, available: Int)? {
        let available = min(count, bytes.count * 8 - bit)
        guard available > 0 else { return nil }
        if (bit >> 3) + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: bit >> 3, as: UInt64.self).littleEndian >> UInt64(bit & 7)
            return (Int(word & ((1 << UInt64(count)) - 1)), available)
        }
        var value = 0
        for offset in 0..<available {
            let position = bit + offset
            value |= Int((bytes[position >> 3] >> UInt8(position & 7)) & 1) << offset
        }
        return (value, available)
    }

    mutating func skip(_ count: Int) { bit += count }

    mutating func read(_ count: Int) -> Int? {
        guard (bit + count + 7) >> 3 <= bytes.count else { return nil }
        if (bit >> 3) + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: bit >> 3, as: UInt64.self).littleEndian >> UInt64(bit & 7)
            bit += count
            return Int(word & ((1 << UInt64(count)) - 1))
        }
        var value = 0
        for offset in 0..<count {
            let position = bit + offset
            value |= Int((bytes[position >> 3] >> UInt8(position & 7)) & 1) << offset
        }
        bit += count
        return value
    }
}
