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
