/// pack(1)'s Huffman format (magic `\037\036`), decoded as GNU gzip's `unpack` decodes it, rules
/// and errors alike: a header with the original length (big-endian, modulo 4 GiB), the longest
/// code length (1 to 25) and the number of leaves at each length (the last one less two), then the
/// leaves' bytes, then the codes, most significant bit first, up to the end-of-block code (the
/// longest code of all). Within a length, internal nodes take the lowest codes and leaves the rest
/// in the order listed. The decoded length must be the header's. What follows the end-of-block
/// code's last byte is the next member, as in gzip.
///
/// The format has no checksum: damage that keeps the length decodes to wrong bytes without an
/// error, in gzip as here.
///
/// `@unchecked Sendable`: its tables are not thread safe; each instance is used by one thread at a
/// time, the streaming decoder's, which workers reach only through `CodecPool.withInstance`.
final class PackDecoder: @unchecked Sendable {
    static let magic: [UInt8] = [0x1F, 0x1E]

    private static let maximumCodeLength = 25
    private static let literalCount = 256
    /// gzip's lookup table covers codes of up to this many bits; longer ones walk the tree.
    private static let maximumPeekBits = 12

    /// What one call of `decode` did.
    struct Step {
        var consumed: Int
        var produced: Int
        /// The end-of-block code was read: the member's bytes are all out.
        var isEnd: Bool
        /// A code that leads to no leaf: the bytes produced before it are still given out first.
        var failure: GzipFormatError?
    }

    /// The original length, modulo 4 GiB, as the header gives it.
    private(set) var originalLength: UInt32 = 0
    private var maximumLength = 0
    private var literals = [UInt8](repeating: 0, count: literalCount)
    private var leaves = [Int](repeating: 0, count: maximumCodeLength + 1)
    private var parents = [Int](repeating: 0, count: maximumCodeLength + 1)
    /// `literals[code + literalBase[length]]` is the byte of a leaf's code.
    private var literalBase = [Int](repeating: 0, count: maximumCodeLength + 1)
    private var peekBits = 0
    /// For each `peekBits`-bit prefix, the length of the code it starts, or 0 for a longer one.
    private var prefixLengths = [UInt8](repeating: 0, count: 1 << maximumPeekBits)
    private var endOfBlock = 0
    private var bitBuffer: UInt64 = 0
    private var bitCount = 0

    /// Reads the header after the magic from `bytes`: its length, or nil when `bytes` ends first.
    /// Throws gzip's errors for a tree it refuses.
    func readHeader(_ bytes: UnsafeRawBufferPointer) throws(GzipFormatError) -> Int? {
        var offset = 0
        func next() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }
        var length: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = next() else { return nil }
            length = length << 8 | UInt32(byte)
        }
        originalLength = length
        guard let longest = next() else { return nil }
        maximumLength = Int(longest)
        guard (1...Self.maximumCodeLength).contains(maximumLength) else {
            throw .invalidPack("invalid compressed data -- Huffman code bit length out of range")
        }
        var freeLeaves = 1
        var total = 0
        for length in 1...maximumLength {
            guard let count = next() else { return nil }
            leaves[length] = Int(count)
            if freeLeaves - (length == maximumLength ? 1 : 0) < leaves[length] {
                throw .invalidPack("too many leaves in Huffman tree")
            }
            freeLeaves = (freeLeaves - leaves[length] + 1) * 2 - 1
            total += leaves[length]
        }
        guard total < Self.literalCount else { throw .invalidPack("too many leaves in Huffman tree") }
        // The count at the longest length is stored less two; one of the two, the end-of-block
        // code, is not among the bytes listed.
        leaves[maximumLength] += 1
        var base = 0
        for length in 1...maximumLength {
            literalBase[length] = base
            for _ in 0..<leaves[length] {
                guard let byte = next() else { return nil }
                literals[base] = byte
                base += 1
            }
        }
        leaves[maximumLength] += 1
        try buildTables()
        bitBuffer = 0
        bitCount = 0
        return offset
    }

    private func buildTables() throws(GzipFormatError) {
        var nodes = 0
        for length in stride(from: maximumLength, through: 1, by: -1) {
            nodes >>= 1
            parents[length] = nodes
            literalBase[length] -= nodes
            nodes += leaves[length]
        }
        guard nodes >> 1 == 1 else { throw .invalidPack("too few leaves in Huffman tree") }
        peekBits = min(maximumLength, Self.maximumPeekBits)
        // The shortest codes are all ones: the table fills from its top.
        var slot = 1 << peekBits
        for length in 1...peekBits {
            let count = leaves[length] << (peekBits - length)
            guard count <= slot else { throw .invalidPack("too many leaves in Huffman tree") }
            for _ in 0..<count {
                slot -= 1
                prefixLengths[slot] = UInt8(length)
            }
        }
        for index in 0..<slot { prefixLengths[index] = 0 }
        endOfBlock = leaves[maximumLength] - 1
    }

    /// Decodes codes from `input` into `output` until either runs out or the end-of-block code
    /// is read. Bytes are taken only as bits are needed, so at the end nothing of the next
    /// member has been consumed.
    func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Step {
        var consumed = 0
        var produced = 0
        /// Makes `count` bits available; false when the input runs out first.
        func load(_ count: Int) -> Bool {
            while bitCount < count {
                guard consumed < input.count else { return false }
                bitBuffer = bitBuffer << 8 | UInt64(input[consumed])
                bitCount += 8
                consumed += 1
            }
            return true
        }
        func peek(_ count: Int) -> Int {
            Int((bitBuffer >> UInt64(bitCount - count)) & ((1 << UInt64(count)) - 1))
        }
        while produced < output.count {
            guard load(peekBits) else { break }
            var code = peek(peekBits)
            var length = Int(prefixLengths[code])
            if length > 0 {
                code >>= peekBits - length
            } else {
                length = peekBits
                var complete = true
                while code < parents[length] {
                    length += 1
                    guard load(length) else {
                        complete = false
                        break
                    }
                    code = peek(length)
                }
                guard complete else { break }
            }
            if code == endOfBlock && length == maximumLength {
                return Step(consumed: consumed, produced: produced, isEnd: true)
            }
            let index = code + literalBase[length]
            guard (0..<Self.literalCount).contains(index) else {
                return Step(
                    consumed: consumed, produced: produced, isEnd: false,
                    failure: .invalidPack("invalid compressed data--format violated"))
            }
            output[produced] = literals[index]
            produced += 1
            bitCount -= length
        }
        return Step(consumed: consumed, produced: produced, isEnd: false)
    }
}
