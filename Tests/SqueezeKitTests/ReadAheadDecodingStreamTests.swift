import Foundation
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

@Suite struct ReadAheadDecodingStreamTests {
    static func readAll(_ stream: any DecodedStream, bufferSize: Int) throws -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: bufferSize)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
            if count == 0 { return result }
            result += buffer[..<count]
        }
    }

    @Test(arguments: [("gzip", ["-c"]), ("xz", ["-c", "-0"]), ("bzip2", ["-c"]), ("cat", [])])
    func decodesWhatTheToolEncoded(tool: String, arguments: [String]) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 5)
        let original = data.text(3_000_000)
        let encoded = try CommandRunner.run(tool, arguments, input: Data(original))
        try TreeBuilder.write(Array(encoded.standardOutput), to: scratch("file"))
        for bufferSize in [1, 4093, 1 << 20] where bufferSize > 1 || tool == "gzip" {
            let stream = try ReadAheadDecodingStream(PathName(scratch("file")))
            let decoded = try Self.readAll(stream, bufferSize: bufferSize == 1 ? 70_001 : bufferSize)
            #expect(decoded == original, "\(tool), buffers of \(bufferSize)")
            #expect(stream.bytesConsumed == Int64(encoded.standardOutput.count))
        }
        #expect(DecodedStreamOpeners.isCompressed(Array(encoded.standardOutput.prefix(6))) == (tool != "cat"))
    }

    @Test func aCorruptFileFailsAfterWhatCouldBeDecoded() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 6)
        let original = data.randomBytes(2_500_000)
        let encoded = Array(try CommandRunner.run("gzip", ["-c", "-1"], input: Data(original)).standardOutput)
        try TreeBuilder.write(Array(encoded.prefix(encoded.count * 3 / 4)), to: scratch("cut.gz"))
        let stream = try ReadAheadDecodingStream(PathName(scratch("cut.gz")))
        var decoded: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        #expect(throws: (any Error).self) {
            while true {
                let count = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
                if count == 0 { break }
                decoded += buffer[..<count]
            }
        }
        #expect(decoded.count > 1_000_000 && decoded == Array(original.prefix(decoded.count)))
    }

    /// A reader that stops early must not leave the decoding thread waiting forever: dropping many
    /// such streams in a row would pile up blocked threads. Their decoding threads must end.
    @Test func droppingTheStreamEarlyStopsTheDecoder() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 8)
        let encoded = try CommandRunner.run("gzip", ["-c", "-1"], input: Data(data.text(8_000_000)))
        try TreeBuilder.write(Array(encoded.standardOutput), to: scratch("big.gz"))
        for _ in 0..<30 {
            let stream = try ReadAheadDecodingStream(PathName(scratch("big.gz")))
            var buffer = [UInt8](repeating: 0, count: 100)
            _ = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
        }
        // Each dropped stream's thread notices and ends, letting go of the file only it holds;
        // a stuck one would keep it open.
        #expect(KernelState.waitUntilClosed(scratch("big.gz")), "decoding threads left running")
    }

    @Test func anEmptyFileDecodesToNothing() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write([], to: scratch("empty"))
        #expect(try Self.readAll(ReadAheadDecodingStream(PathName(scratch("empty"))), bufferSize: 100).isEmpty)
    }
}
