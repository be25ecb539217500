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
    /// when it would run past their end.
    static func isValid(_ bytes: UnsafeRawBufferPointer, atBit bit: Int) -> Bool {
        var reader = BitReader(bytes: bytes, bit: bit)
        guard let kind = reader.read(3), kind == 4, let hlit = reader.read(5), let hdist = reader.read(5), let hclen = reader.read(4),
              hlit <= 29, hdist <= 29
        else { return false }
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for index in 0..<(hclen + 4) {
            guard let length = reader.read(3) else { return false }
            codeLengthLengths[codeLengthOrder[index]] = UInt8(length)
        }
        guard PrefixCode.kraftSum(codeLengthLengths) == PrefixCode.complete,
              let codeLengthCode = PrefixCode(lengths: codeLengthLengths)
        else { return false }
        let literalCount = hlit + 257, total = hlit + 257 + hdist + 1
        var lengths = [UInt8](repeating: 0, count: total)
        var index = 0
        while index < total {
            guard let symbol = codeLengthCode.decode(&reader) else { return false }
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
        let literals = Array(lengths[..<literalCount]), distances = Array(lengths[literalCount...])
        return literals[256] != 0 && isUsable(literals, mayBeEmpty: false) && isUsable(distances, mayBeEmpty: true)
    }

    /// A code as decoders accept it: complete, or one code of one bit, or (distances) no code.
    private static func isUsable(_ lengths: [UInt8], mayBeEmpty: Bool) -> Bool {
        let sum = PrefixCode.kraftSum(lengths)
        if sum == PrefixCode.complete { return true }
        let used = lengths.filter { $0 != 0 }
        if used.isEmpty { return mayBeEmpty }
        return used.count == 1 && used[0] == 1
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

/// A canonical prefix code of at most 7-bit codes (the code-length code), decoded bit by bit.
private struct PrefixCode {
    /// The Kraft sum of a complete code, in units of 2^-15.
    static let complete = 1 << 15

    /// Sum of 2^(15 - length) over the used lengths; more than `complete` means oversubscribed.
    static func kraftSum(_ lengths: [UInt8]) -> Int {
        lengths.reduce(0) { $0 + ($1 == 0 ? 0 : 1 << (15 - Int($1))) }
    }

    /// For each length, the first code and the symbols in code order.
    private var firstCode = [Int](repeating: 0, count: 16)
    private var firstIndex = [Int](repeating: 0, count: 16)
    private var counts = [Int](repeating: 0, count: 16)
    private var symbols: [Int] = []

    init?(lengths: [UInt8]) {
        for length in lengths where length != 0 { counts[Int(length)] += 1 }
        var code = 0, index = 0
        for length in 1..<16 {
            code = (code + counts[length - 1]) << 1
            firstCode[length] = code
            firstIndex[length] = index
            index += counts[length]
        }
        for length in 1..<16 {
            for (symbol, symbolLength) in lengths.enumerated() where Int(symbolLength) == length { symbols.append(symbol) }
        }
        if symbols.isEmpty { return nil }
    }

    /// The next symbol: Huffman codes are packed most significant bit first.
    func decode(_ reader: inout BitReader) -> Int? {
        var code = 0
        for length in 1..<16 {
            guard let bit = reader.read(1) else { return nil }
            code = code << 1 | bit
            let offset = code - firstCode[length]
            if offset >= 0 && offset < counts[length] { return symbols[firstIndex[length] + offset] }
        }
        return nil
    }
}
