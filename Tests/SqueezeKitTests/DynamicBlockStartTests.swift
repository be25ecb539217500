import CZlib
import SqueezeTestSupport
import Testing
@testable import SqueezeKit

/// The pieces of decoding from a block in the middle of a member: the header check finds every
/// real dynamic block of zlib's output (zlib itself says where they are) and little else, ISA-L
/// started at such a bit with the right window decodes the rest, and an inflater fed up to a
/// block boundary says it stands there, to the bit, and nowhere else.
@Suite struct DynamicBlockStartTests {
    /// A block boundary of a raw DEFLATE stream, as zlib's `Z_BLOCK` reports it.
    struct Boundary {
        var bit: Int
        /// Decoded bytes before it.
        var output: Int
        /// The header there: BFINAL and BTYPE.
        var isFinal: Bool
        var type: Int
    }

    /// Where the blocks of `stream` (raw DEFLATE) begin, and what each header says.
    static func boundaries(of stream: [UInt8]) -> [Boundary] {
        var z = z_stream()
        inflateInit2_(&z, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        defer { inflateEnd(&z) }
        var found: [Boundary] = []
        var output = [UInt8](repeating: 0, count: 1 << 16)
        var produced = 0
        stream.withUnsafeBytes { input in
            z.next_in = UnsafeMutablePointer(mutating: input.baseAddress!.assumingMemoryBound(to: UInt8.self))
            z.avail_in = UInt32(input.count)
            while true {
                let status = output.withUnsafeMutableBytes { out in
                    z.next_out = out.baseAddress!.assumingMemoryBound(to: UInt8.self)
                    z.avail_out = UInt32(out.count)
                    let status = inflate(&z, Z_BLOCK)
                    produced += out.count - Int(z.avail_out)
                    return status
                }
                if status == Z_STREAM_END || status < 0 { break }
                if z.data_type & 128 != 0 && z.data_type & 64 == 0 {
                    let bit = Int(z.total_in) * 8 - Int(z.data_type & 7)
                    if bit >= stream.count * 8 { break }
                    let bits = Int(stream[bit >> 3]) | Int(stream[min(stream.count - 1, (bit >> 3) + 1)]) << 8
                    let header = bits >> (bit & 7)
                    found.append(Boundary(bit: bit, output: produced, isFinal: header & 1 == 1, type: (header >> 1) & 3))
                }
            }
        }
        return found
    }

    /// Text and random bytes mixed, compressed by zlib: hundreds of blocks of each kind.
    static func sample(seed: UInt64, level: Int = 6) -> (content: [UInt8], stream: [UInt8]) {
        var data = TestData(seed: seed)
        var content: [UInt8] = []
        while content.count < 3_000_000 { content += data.int(in: 0...3) == 0 ? data.randomBytes(50_000) : data.text(200_000) }
        return (content, GzipBytes.deflate(content, level: level))
    }

    @Test(arguments: [1, 6, 9])
    func everyRealDynamicBlockIsFound(level: Int) throws {
        let (_, stream) = Self.sample(seed: 120 + UInt64(level), level: level)
        let dynamic = Self.boundaries(of: stream).filter { $0.type == 2 && !$0.isFinal }
        try #require(dynamic.count > 10)
        var falseCandidates = 0
        stream.withUnsafeBytes { bytes in
            for boundary in dynamic { #expect(DynamicBlockCandidate.isValid(bytes, atBit: boundary.bit)) }
            // A search from each boundary's next bit finds the next real one, or a rare false one.
            for (boundary, next) in zip(dynamic, dynamic.dropFirst()) {
                let found = DynamicBlockCandidate.first(in: bytes, fromBit: boundary.bit + 1, beforeBit: stream.count * 8)
                if found != next.bit { falseCandidates += 1 }
                #expect(found.map { $0 <= next.bit } ?? false)
            }
        }
        #expect(falseCandidates * 10 < dynamic.count, "\(falseCandidates) false candidates before \(dynamic.count) real ones")
    }

    @Test func randomBytesRarelyPass() {
        var data = TestData(seed: 130)
        let bytes = data.randomBytes(1 << 20)
        var count = 0
        bytes.withUnsafeBytes { bytes in
            var bit = 0
            while let found = DynamicBlockCandidate.first(in: bytes, fromBit: bit, beforeBit: bytes.count * 8) {
                count += 1
                bit = found + 1
            }
        }
        // 8 million positions.
        #expect(count < 8, "\(count) candidates in 1 MiB of random bytes")
    }

    /// Headers that are nearly right: each field pushed out of range fails.
    @Test func refusesBrokenHeaders() throws {
        let (_, stream) = Self.sample(seed: 140)
        let boundary = try #require(Self.boundaries(of: stream).first { $0.type == 2 && !$0.isFinal })
        func flipped(_ bit: Int) -> [UInt8] {
            var copy = stream
            copy[(boundary.bit + bit) >> 3] ^= 1 << UInt8((boundary.bit + bit) & 7)
            return copy
        }
        // BFINAL set, BTYPE changed to 3 or 0.
        for bit in [0, 1, 2] {
            flipped(bit).withUnsafeBytes { #expect(!DynamicBlockCandidate.isValid($0, atBit: boundary.bit)) }
        }
        // Truncated: the header runs past the bytes.
        Array(stream[..<((boundary.bit >> 3) + 20)]).withUnsafeBytes { #expect(!DynamicBlockCandidate.isValid($0, atBit: boundary.bit)) }
    }

    /// The header check agrees, bit for bit, with a plain reading of RFC 1951 (`ReferenceHeader`):
    /// on real headers damaged by a few flipped bits (which reach every check: counts, the
    /// code-length code, repeats, the codes' completeness) and on every position of random bytes
    /// whose first bits could start a non-final dynamic block.
    @Test func headerCheckAgreesWithAPlainReading() {
        let (_, stream) = Self.sample(seed: 160)
        let dynamic = Self.boundaries(of: stream).filter { $0.type == 2 && !$0.isFinal }
        var data = TestData(seed: 161)
        var valid = 0, checked = 0
        for boundary in dynamic.prefix(60) {
            for _ in 0..<200 {
                var copy = stream
                for _ in 0..<data.int(in: 0...2) {
                    let bit = boundary.bit + 3 + data.int(in: 0...400)
                    copy[bit >> 3] ^= 1 << UInt8(bit & 7)
                }
                let end = min(copy.count, (boundary.bit >> 3) + data.int(in: 40...700))
                let expected = ReferenceHeader.isValid(Array(copy[..<end]), atBit: boundary.bit)
                Array(copy[..<end]).withUnsafeBytes { #expect(DynamicBlockCandidate.isValid($0, atBit: boundary.bit) == expected) }
                valid += expected ? 1 : 0
                checked += 1
            }
        }
        // Both outcomes are exercised: whole headers left intact or damaged in lengths that stay
        // valid, and headers broken or cut short.
        #expect(valid > 50 && valid < checked - 50, "\(valid) of \(checked) damaged headers valid")
        let random = data.randomBytes(64 << 10)
        random.withUnsafeBytes { bytes in
            for bit in 0..<((random.count - 700) * 8) where (bytes[bit >> 3] >> UInt8(bit & 7)) & 1 == 0 {
                #expect(DynamicBlockCandidate.isValid(bytes, atBit: bit) == ReferenceHeader.isValid(random, atBit: bit))
            }
        }
    }

    /// ISA-L started at a block's bit with the real window decodes the rest of the stream; fed up
    /// to a block boundary, it stands at a block start with exactly the bits past it unread.
    @Test func isalStartsAndStopsAtABlockBit() throws {
        let (content, stream) = Self.sample(seed: 150)
        let all = Self.boundaries(of: stream)
        let dynamic = all.filter { $0.type == 2 && !$0.isFinal }
        var output = [UInt8](repeating: 0, count: content.count + 1)
        for boundary in dynamic.prefix(40) {
            let inflater = IsalInflater()
            let window = Array(content[max(0, boundary.output - (32 << 10))..<boundary.output])
            window.withUnsafeBytes { inflater.reset(atBit: boundary.bit & 7, of: stream[boundary.bit >> 3], dictionary: $0) }
            let step = try stream.withUnsafeBytes { input in
                try output.withUnsafeMutableBytes { try inflater.inflate(UnsafeRawBufferPointer(rebasing: input[((boundary.bit >> 3) + 1)...]), into: $0) }
            }
            #expect(step.isEnd)
            #expect(ByteDifference.between(Array(output[..<step.produced]), Array(content[boundary.output...])) == nil, "from bit \(boundary.bit)")
            #expect(inflater.checksum == CRC32.checksum(Array(content[boundary.output...])))
        }
        // Fed from the start up to the byte holding a boundary's bit, and no further.
        for boundary in all.dropFirst().filter({ $0.type == 2 }).prefix(60) {
            let end = (boundary.bit + 7) / 8
            let inflater = IsalInflater()
            inflater.reset()
            _ = try stream.withUnsafeBytes { input in
                try output.withUnsafeMutableBytes { try inflater.inflate(UnsafeRawBufferPointer(rebasing: input[..<end]), into: $0) }
            }
            let unread = end * 8 - boundary.bit
            #expect(inflater.isAtBlockStart(unreadBits: unread), "at bit \(boundary.bit), type \(boundary.type)")
            for other in 0..<8 where other != unread { #expect(!inflater.isAtBlockStart(unreadBits: other)) }
        }
    }
}

/// RFC 1951's dynamic block header, read as plainly as possible (bit by bit, a code as a list of
/// (code, length) pairs): the oracle for `DynamicBlockCandidate.isValid`, with the same rules
/// (a non-final block; every code complete, a single one-bit code, or no distance code).
private enum ReferenceHeader {
    static func isValid(_ bytes: [UInt8], atBit start: Int) -> Bool {
        var bit = start
        func read(_ count: Int) -> Int? {
            guard bit + count <= bytes.count * 8 else { return nil }
            var value = 0
            for offset in 0..<count { value |= Int((bytes[(bit + offset) >> 3] >> UInt8((bit + offset) & 7)) & 1) << offset }
            bit += count
            return value
        }
        guard read(1) == 0, read(2) == 2, let hlit = read(5), let hdist = read(5), let hclen = read(4), hlit <= 29, hdist <= 29 else {
            return false
        }
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<(hclen + 4) {
            guard let length = read(3) else { return false }
            codeLengths[order[index]] = length
        }
        guard kraft(codeLengths) == 1 << 15 else { return false }
        // Canonical codes: shorter first, then by symbol.
        var codes: [(code: Int, length: Int, symbol: Int)] = []
        var code = 0
        for length in 1...7 {
            for symbol in 0..<19 where codeLengths[symbol] == length {
                codes.append((code, length, symbol))
                code += 1
            }
            code <<= 1
        }
        let total = hlit + 257 + hdist + 1
        var lengths: [Int] = []
        while lengths.count < total {
            var value = 0, length = 0, symbol: Int?
            while symbol == nil && length < 7 {
                guard let next = read(1) else { return false }
                value = value << 1 | next
                length += 1
                symbol = codes.first { $0.code == value && $0.length == length }?.symbol
            }
            guard let symbol else { return false }
            switch symbol {
            case 16:
                guard let last = lengths.last, let extra = read(2) else { return false }
                lengths += Array(repeating: last, count: 3 + extra)
            case 17:
                guard let extra = read(3) else { return false }
                lengths += Array(repeating: 0, count: 3 + extra)
            case 18:
                guard let extra = read(7) else { return false }
                lengths += Array(repeating: 0, count: 11 + extra)
            default:
                lengths.append(symbol)
            }
        }
        guard lengths.count == total else { return false }
        let literals = Array(lengths[..<(hlit + 257)]), distances = Array(lengths[(hlit + 257)...])
        func usable(_ code: [Int], mayBeEmpty: Bool) -> Bool {
            let used = code.filter { $0 != 0 }
            return kraft(code) == 1 << 15 || (used.isEmpty ? mayBeEmpty : used == [1])
        }
        return literals[256] != 0 && usable(literals, mayBeEmpty: false) && usable(distances, mayBeEmpty: true)
    }

    static func kraft(_ lengths: [Int]) -> Int { lengths.reduce(0) { $0 + ($1 == 0 ? 0 : 1 << (15 - $1)) } }
}
