/// Writes pack(1) files (magic `\037\036`), which no Debian package writes any more, from the
/// format as gzip's `unpack` reads it: the original length (big-endian), the longest code length,
/// the number of leaves at each length (the last one less two), the leaves' bytes in code order,
/// then Huffman codes most significant bit first, ending with the end-of-block code, the longest
/// and last code of all. Within a length, internal nodes take the lowest codes and leaves the
/// next ones in the order listed. Tests check what it writes against `gzip -dc`.
public enum PackWriter {
    public static let longestCode = 24

    /// `bytes` (at least one) packed. Code lengths come from Huffman's construction, frequencies
    /// halved until no code is longer than pack's 24 bits.
    public static func pack(_ bytes: [UInt8]) -> [UInt8] {
        precondition(!bytes.isEmpty, "pack refuses empty files")
        var counts = [Int](repeating: 0, count: 256)
        for byte in bytes { counts[Int(byte)] += 1 }
        // Symbols 0-255 are bytes, 256 the end-of-block code.
        let symbols = (0..<256).filter { counts[$0] > 0 } + [256]
        var weights = symbols.map { $0 == 256 ? 1 : counts[$0] }
        var lengths = codeLengths(weights)
        while lengths.max()! > longestCode {
            weights = weights.map { max(1, $0 / 2) }
            lengths = codeLengths(weights)
        }
        // The end-of-block code must be of the longest length: it trades lengths with a symbol
        // that has it, which keeps the code complete.
        let longest = lengths.max()!
        let endOfBlock = symbols.count - 1
        if lengths[endOfBlock] < longest, let other = lengths.firstIndex(of: longest) {
            lengths.swapAt(endOfBlock, other)
        }

        var leaves = [[Int]](repeating: [], count: longest + 1)
        for (index, symbol) in symbols.enumerated() where symbol != 256 { leaves[lengths[index]].append(symbol) }
        leaves[longest].append(256)
        var parents = [Int](repeating: 0, count: longest + 2)
        var nodes = 0
        for length in stride(from: longest, through: 1, by: -1) {
            parents[length] = nodes / 2
            nodes = parents[length] + leaves[length].count
        }
        var codes = [Int: (code: Int, length: Int)]()
        for length in 1...longest {
            for (index, symbol) in leaves[length].enumerated() { codes[symbol] = (parents[length] + index, length) }
        }

        var output: [UInt8] = [0x1F, 0x1E]
        let count = UInt32(truncatingIfNeeded: bytes.count)
        output += [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
        output.append(UInt8(longest))
        for length in 1...longest {
            output.append(UInt8(leaves[length].count - (length == longest ? 2 : 0)))
        }
        for length in 1...longest {
            for symbol in leaves[length] where symbol != 256 { output.append(UInt8(symbol)) }
        }
        var writer = BitWriter()
        for byte in bytes {
            let (code, length) = codes[Int(byte)]!
            writer.write(code, bits: length)
        }
        let (code, length) = codes[256]!
        writer.write(code, bits: length)
        return output + writer.finished()
    }

    /// Huffman code lengths for `weights` (two symbols or more).
    static func codeLengths(_ weights: [Int]) -> [Int] {
        var depth = [Int](repeating: 0, count: weights.count)
        // Each node: its weight and the symbols under it.
        var nodes = weights.enumerated().map { (weight: $0.element, symbols: [$0.offset]) }
        while nodes.count > 1 {
            nodes.sort { $0.weight > $1.weight }
            let first = nodes.removeLast()
            let second = nodes.removeLast()
            for symbol in first.symbols + second.symbols { depth[symbol] += 1 }
            nodes.append((first.weight + second.weight, first.symbols + second.symbols))
        }
        return depth
    }

    /// Bits gathered most significant first into bytes; the last byte padded with zeros.
    struct BitWriter {
        var bytes: [UInt8] = []
        var buffer: UInt64 = 0
        var count = 0

        mutating func write(_ code: Int, bits: Int) {
            buffer = buffer << UInt64(bits) | UInt64(code)
            count += bits
            while count >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt64(count - 8)))
                count -= 8
            }
        }

        mutating func finished() -> [UInt8] {
            if count > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer << UInt64(8 - count))) }
            count = 0
            return bytes
        }
    }
}
