import SqueezeTestSupport
import Testing
@testable import SqueezeKit

/// The ISA-L binding on its own: the inflater fed in pieces of every awkward size must give every
/// byte, the right CRC, and stop exactly where the DEFLATE stream ends (ISA-L reads ahead into a
/// bit buffer, and the bytes it read past the end must come back); the compressor's output at
/// each level must decode to its input.
@Suite struct IsalTests {
    /// Feeds `stream` to a fresh inflater `piece` bytes at a time, as a caller whose buffer ends
    /// anywhere would; returns the output, the CRC, and the bytes after the stream, as the
    /// inflater hands them back (carried bytes, then the unconsumed input).
    static func inflate(_ stream: [UInt8], inPiecesOf piece: Int) throws -> (output: [UInt8], checksum: UInt32, rest: [UInt8]) {
        let inflater = IsalInflater()
        inflater.reset()
        var output: [UInt8] = []
        var scratch = [UInt8](repeating: 0, count: 4096)
        var position = 0
        var pending: [UInt8] = []
        while true {
            pending += stream[position..<min(position + piece, stream.count)]
            position = min(position + piece, stream.count)
            let step = try pending.withUnsafeBytes { input in
                try scratch.withUnsafeMutableBytes { try inflater.inflate(input, into: $0) }
            }
            output += scratch[..<step.produced]
            pending.removeFirst(step.consumed)
            if step.isEnd { return (output, inflater.checksum, step.carried + pending + stream[position...]) }
            try #require(position < stream.count || step.produced > 0, "the inflater wants more than the whole stream")
        }
    }

    @Test func givesBackWhatItReadPastTheEndWhateverThePieces() throws {
        var data = TestData(seed: 41)
        let inputs = [[], data.text(10), data.text(200_000), data.randomBytes(70_000)]
        let after: [UInt8] = [0xDE, 0xAD, 0xBE, 0xEF, 1, 2, 3, 4, 5, 6, 7, 8, 9]
        for input in inputs {
            let stream = GzipBytes.deflate(input) + after
            for piece in [1, 2, 3, 7, 8, 9, 13, 4096, stream.count] {
                let (output, checksum, rest) = try Self.inflate(stream, inPiecesOf: piece)
                #expect(ByteDifference.between(output, input) == nil, "\(input.count) bytes in pieces of \(piece)")
                #expect(checksum == CRC32.checksum(input), "\(input.count) bytes in pieces of \(piece)")
                #expect(rest == after, "\(input.count) bytes in pieces of \(piece)")
            }
        }
    }

    @Test func refusesInvalidData() throws {
        // A block of the reserved type 3.
        #expect(throws: IsalInflater.Failure.self) { try Self.inflate([0x07, 0, 0, 0], inPiecesOf: 4) }
    }

    @Test(arguments: Codec.isal.levels)
    func compressesAtEachLevel(level: Int) throws {
        var data = TestData(seed: UInt64(50 + level))
        let compressor = try IsalCompressor(level: level)
        // One compressor for several blocks, as a worker uses it.
        for input in [[], data.text(1), data.text(300_000), data.randomBytes(200_000)] {
            var output = [UInt8](repeating: 0, count: compressor.bound(input.count))
            let length = try input.withUnsafeBytes { source in
                try output.withUnsafeMutableBytes { try compressor.compress(source, into: $0) }
            }
            let (decoded, _, rest) = try Self.inflate(Array(output[..<length]), inPiecesOf: 65_536)
            #expect(ByteDifference.between(decoded, input) == nil, "level \(level), \(input.count) bytes")
            #expect(rest.isEmpty)
        }
    }

    @Test func refusesALevelItDoesNotHave() {
        #expect(throws: CodecError.self) { try IsalCompressor(level: 4) }
    }
}
