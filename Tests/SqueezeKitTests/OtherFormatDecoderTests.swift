import Foundation
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// `LZWDecoder` and `PackDecoder` resume wherever their input or output room runs out: fed a byte
/// at a time and given room for a few bytes at a time, they decode what they decode in one call.
@Suite struct OtherFormatDecoderTests {
    static func sample() -> [UInt8] {
        var data = TestData(seed: 5)
        return data.text(20_000) + data.randomBytes(3000) + data.text(5000)
    }

    /// Runs `step` over `input` in pieces of `inputPiece` bytes into room of `outputRoom` bytes
    /// until it takes and gives nothing more (or says it ended).
    static func decodeInPieces(
        _ input: [UInt8], inputPiece: Int, outputRoom: Int,
        step: (UnsafeRawBufferPointer, UnsafeMutableRawBufferPointer) throws -> (consumed: Int, produced: Int, isEnd: Bool)
    ) throws -> [UInt8] {
        var output: [UInt8] = []
        var offset = 0
        var room = [UInt8](repeating: 0, count: outputRoom)
        while true {
            let piece = Array(input[offset..<min(input.count, offset + inputPiece)])
            let (consumed, produced, isEnd) = try piece.withUnsafeBytes { piece in
                try room.withUnsafeMutableBytes { try step(piece, $0) }
            }
            offset += consumed
            output += room.prefix(produced)
            if isEnd || (consumed == 0 && produced == 0 && offset == input.count) { return output }
        }
    }

    @Test func lzwDecodesAcrossAnyPieces() throws {
        try #require(CommandRunner.isInstalled("compress"), "compress is not installed (scripts/bootstrap installs ncompress)")
        let original = Self.sample()
        for bits in [10, 12, 16] {
            let compressed = Array(try CommandRunner.run("compress", ["-b\(bits)", "-c"], input: Data(original)).standardOutput)
            for (inputPiece, outputRoom) in [(1, 1), (3, 7), (1 << 20, 1 << 20)] {
                let decoder = LZWDecoder()
                #expect(try decoder.start(flags: compressed[2]) == nil)
                let decoded = try Self.decodeInPieces(Array(compressed[3...]), inputPiece: inputPiece, outputRoom: outputRoom) { input, output in
                    let step = decoder.decode(input, into: output)
                    if let failure = step.failure { throw failure }
                    return (step.consumed, step.produced, false)
                }
                let isOriginal = decoded == original
                #expect(isOriginal, "-b\(bits), pieces of \(inputPiece), room \(outputRoom)")
            }
        }
    }

    @Test func lzwRefusesWhatGzipRefuses() throws {
        #expect(throws: GzipFormatError.lzwTooManyBits(17)) { try LZWDecoder().start(flags: 0x91) }
        #expect(try LZWDecoder().start(flags: 0xF0) == "warning, unknown flags 0x60")
        // The first code must be a byte: 9 bits of 0x1FF.
        let decoder = LZWDecoder()
        _ = try decoder.start(flags: 0x90)
        var room = [UInt8](repeating: 0, count: 16)
        let step = [UInt8]([0xFF, 0x01]).withUnsafeBytes { input in
            room.withUnsafeMutableBytes { decoder.decode(input, into: $0) }
        }
        #expect(step.failure == .corruptLZW && step.produced == 0)
    }

    @Test func packDecodesAcrossAnyPiecesAndStopsAtItsEnd() throws {
        let original = Self.sample()
        let trailing: [UInt8] = [0x1F, 0x8B, 0x08]
        let packed = PackWriter.pack(original) + trailing
        for (inputPiece, outputRoom) in [(1, 1), (5, 3), (1 << 20, 1 << 20)] {
            let decoder = PackDecoder()
            let headerLength = try packed.withUnsafeBytes { try decoder.readHeader(UnsafeRawBufferPointer(rebasing: $0[2...])) }
            let start = 2 + (try #require(headerLength))
            var consumedTotal = 0
            let decoded = try Self.decodeInPieces(Array(packed[start...]), inputPiece: inputPiece, outputRoom: outputRoom) { input, output in
                let step = decoder.decode(input, into: output)
                if let failure = step.failure { throw failure }
                consumedTotal += step.consumed
                return (step.consumed, step.produced, step.isEnd)
            }
            let isOriginal = decoded == original
            #expect(isOriginal, "pieces of \(inputPiece), room \(outputRoom)")
            #expect(decoder.originalLength == UInt32(original.count))
            // The bytes after the end-of-block code's last byte are the next member's, untouched.
            #expect(start + consumedTotal == packed.count - trailing.count)
        }
    }

    @Test func packHeadersGzipRefusesAreRefused() throws {
        func read(_ header: [UInt8]) throws -> Int? {
            try header.withUnsafeBytes { try PackDecoder().readHeader($0) }
        }
        #expect(throws: GzipFormatError.invalidPack("invalid compressed data -- Huffman code bit length out of range")) {
            try read([0, 0, 0, 1, 26])
        }
        #expect(throws: GzipFormatError.invalidPack("too many leaves in Huffman tree")) { try read([0, 0, 0, 1, 1, 1]) }
        #expect(throws: GzipFormatError.invalidPack("too few leaves in Huffman tree")) { try read([0, 0, 0, 1, 2, 0, 0, 0x41]) }
        #expect(try read([0, 0, 0, 1, 1]) == nil)
    }
}
