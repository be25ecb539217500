import SqueezeTestSupport
import Testing
@testable import SqueezeKit

@Suite struct GzipDecodedStreamTests {
    static func readAll(_ stream: GzipDecodedStream) throws -> [UInt8] {
        var bytes: [UInt8] = []
        while let chunk = try stream.next() { bytes += chunk }
        return bytes
    }

    @Test(arguments: [1, 2, 4])
    func givesTheDecodedBytesInOrder(jobs: Int) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 61)
        let original = data.text(3_000_000)
        try TreeBuilder.write(GzipBytes.indexed(original, blockSize: 64 << 10), to: scratch("a.gz"))
        // A small buffer limit: the decoders wait for the reader many times.
        let stream = GzipDecodedStream(path: PathName(scratch("a.gz")), scheduling: SchedulingOptions(jobs: jobs), bufferLimit: 100_000)
        #expect(ByteDifference.between(try Self.readAll(stream), original) == nil)
        #expect(try stream.next() == nil)
        #expect(stream.summary?.members == 46)
        #expect(stream.summary?.decodedInParallel == true)
    }

    @Test func throwsTheDecodeError() throws {
        let scratch = try TemporaryDirectory()
        let good = Array("good member\n".utf8)
        try TreeBuilder.write(GzipBytes.member(good) + GzipBytes.member(good).dropLast(3), to: scratch("b.gz"))
        let stream = GzipDecodedStream(path: PathName(scratch("b.gz")))
        var received: [UInt8] = []
        #expect(throws: GzipFormatError.truncated) {
            while let chunk = try stream.next() { received += chunk }
        }
        #expect(stream.summary == nil)
    }

    /// A reader that stops early: the decoders, waiting for room, are released and finish.
    @Test func closesWhileTheDecodersWait() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 62)
        try TreeBuilder.write(GzipBytes.indexed(data.randomBytes(2_000_000), blockSize: 16 << 10), to: scratch("c.gz"))
        for _ in 0..<20 {
            let stream = GzipDecodedStream(path: PathName(scratch("c.gz")), scheduling: SchedulingOptions(jobs: 3), bufferLimit: 32 << 10)
            _ = try stream.next()
            stream.close()
            #expect(throws: CancellationError.self) { try stream.next() }
            stream.close()
        }
    }
}
