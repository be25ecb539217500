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
        guard bit < bytes.count * 8, (bytes[bit >> 3] >> UInt8(bit & 7)) & 1 == 0 else { return false }
        return read(bytes, atBit: bit, by: .decoder) == .valid
    }

    /// What reading a dynamic block header found.
    enum Reading: Equatable {
        case valid
        /// The block is not a dynamic one (BTYPE is not 2).
        case notDynamic
        /// The header breaks a rule of the reader: which, in zlib's words where zlib has them.
        case invalid(String)
        /// The bytes end before the reader can tell (it would read past their end).
        case cutShort
    }

    /// Whose rules a header is read by.
    enum Reader {
        /// What the decoding engines (zlib, libdeflate) accept: the search's rules.
        case decoder
        /// GNU gzip's inflate (`inflate.c`), which differs where a header is damaged: it builds a
        /// code-length code with no codes, or with one code of one bit (a code it lacks is an
        /// invalid code when read); a repeat before any length repeats 0; it leaves an empty
        /// literal/length code or one without end-of-block to the block's data to show; and it
        /// reads each code-length code with as many bits as the longest has, so it needs them
        /// all even where the code read is shorter, and says "unexpected end of file" if they
        /// are not there.
        case gnuGzip
    }

    /// Reads the dynamic block header (BTYPE 2, either BFINAL) that starts at `bit` of `bytes` by
    /// `reader`'s rules.
    static func read(_ bytes: UnsafeRawBufferPointer, atBit bit: Int, by reader: Reader) -> Reading {
        var bits = BitReader(bytes: bytes, bit: bit)
        guard let kind = bits.read(3) else { return .cutShort }
        guard kind >> 1 == 2 else { return .notDynamic }
        guard let hlit = bits.read(5), let hdist = bits.read(5), let hclen = bits.read(4) else { return .cutShort }
        guard hlit <= 29, hdist <= 29 else { return .invalid("too many length or distance symbols") }
        // The code-length code as a table of its 7-bit codes (read low bit first): symbol, and
        // length in the high byte; entries no code reaches are `absentCode`.
        var codeLengthLengths = SIMD32<UInt8>()
        var kraft = 0, used = 0, longest = 0
        for index in 0..<(hclen + 4) {
            guard let length = bits.read(3) else { return .cutShort }
            codeLengthLengths[codeLengthOrder[index]] = UInt8(length)
            if length != 0 {
                kraft += 128 >> length
                used += 1
                longest = max(longest, length)
            }
        }
        switch reader {
        case .decoder:
            guard kraft == 128 else { return .invalid("invalid code lengths set") }
        case .gnuGzip:
            guard kraft <= 128 else { return .invalid("invalid code lengths set") }
            guard kraft == 128 || used == 0 || longest == 1 else { return .invalid("incomplete code lengths set") }
        }
        // gzip's table for a code with no codes is one bit wide, both entries invalid.
        let lookahead = reader == .gnuGzip ? max(longest, 1) : 0
        let absent = used == 0 ? "empty code lengths set" : "incomplete code lengths set"
        return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 128) { table in
            fillTable(table, lengths: codeLengthLengths)
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 29 + 257 + 29 + 1) { lengths in
                readCodeLengths(
                    &bits, table: table, lookahead: lookahead, absent: absent, into: lengths, literals: hlit + 257, distances: hdist + 1,
                    by: reader)
            }
        }
    }

    /// A table entry no code reaches (the code-length code is incomplete).
    private static let absentCode: UInt16 = 0xFFFF

    /// Fills `table` (128 entries) for the code of `lengths` (19 symbols, at most 7 bits); the
    /// entries of codes an incomplete code lacks are `absentCode`.
    private static func fillTable(_ table: UnsafeMutableBufferPointer<UInt16>, lengths: SIMD32<UInt8>) {
        table.initialize(repeating: absentCode)
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

    /// Reads the literal/length and distance code lengths with the code-length code `table`
    /// (each code read with at least `lookahead` bits there; `absent` says why a code the table
    /// lacks is invalid), and whether both codes are usable by `reader`'s rules.
    private static func readCodeLengths(
        _ bits: inout BitReader, table: UnsafeMutableBufferPointer<UInt16>, lookahead: Int, absent: String,
        into lengths: UnsafeMutableBufferPointer<UInt8>,
        literals literalCount: Int, distances distanceCount: Int, by reader: Reader
    ) -> Reading {
        let total = literalCount + distanceCount
        var index = 0
        while index < total {
            guard let (peeked, available) = bits.peek(7), available >= lookahead else { return .cutShort }
            let entry = table[peeked]
            if entry == absentCode { return .invalid(absent) }
            let symbol = Int(entry & 0xFF), length = Int(entry >> 8)
            guard length <= available else { return .cutShort }
            bits.skip(length)
            var repeated: UInt8 = 0, count = 1
            switch symbol {
            case 0...15: repeated = UInt8(symbol)
            case 16:
                guard index > 0 || reader == .gnuGzip else { return .invalid("invalid bit length repeat") }
                guard let extra = bits.read(2) else { return .cutShort }
                repeated = index > 0 ? lengths[index - 1] : 0
                count = 3 + extra
            case 17:
                guard let extra = bits.read(3) else { return .cutShort }
                count = 3 + extra
            default:
                guard let extra = bits.read(7) else { return .cutShort }
                count = 11 + extra
            }
            guard index + count <= total else { return .invalid("invalid bit length repeat") }
            for offset in 0..<count { lengths[index + offset] = repeated }
            index += count
        }
        let literals = UnsafeBufferPointer(rebasing: lengths[..<literalCount])
        let distances = UnsafeBufferPointer(rebasing: lengths[literalCount..<total])
        if reader == .decoder && lengths[256] == 0 { return .invalid("invalid code -- missing end-of-block") }
        guard isUsable(literals, mayBeEmpty: reader == .gnuGzip) else { return .invalid("invalid literal/lengths set") }
        guard isUsable(distances, mayBeEmpty: true) else { return .invalid("invalid distances set") }
        return .valid
    }

    /// A code as decoders accept it: complete, or one code of one bit, or (where allowed) no code.
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
