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

    /// An output that keeps what it is given takes an array the decoder is done with as it is,
    /// and a copy of borrowed bytes; one that borrows sees both.
    @Test func aKeepingConsumerGetsTheDecodersArraysUncopied() throws {
        let block: [UInt8] = Array(repeating: 7, count: 4096)
        let kept = Locked<[[UInt8]]>([]), seen = Locked<[UInt8]>([])
        let keeping = ConsumerOutput(.keeping { bytes in kept.withLock { $0.append(bytes) } })
        try keeping.write(block)
        try block.withUnsafeBytes { try keeping.write($0) }
        let borrowing = ConsumerOutput(.borrowing { bytes in seen.withLock { $0 += bytes } })
        try borrowing.write(block)
        try block.withUnsafeBytes { try borrowing.write($0) }
        let address = { (bytes: [UInt8]) in bytes.withUnsafeBufferPointer { $0.baseAddress } }
        let arrays = kept.withLock { $0 }
        #expect(arrays == [block, block] && seen.withLock { $0 } == block + block)
        #expect(address(arrays[0]) == address(block))
        #expect(address(arrays[1]) != address(block))
        // An array that is mostly room (made for a bound, not a length) is kept as a copy of its
        // bytes, so that what a reader weighs by its count is what it holds.
        var roomy = [UInt8](); roomy.reserveCapacity(1 << 20); roomy += block
        try keeping.write(roomy)
        let copy = kept.withLock { $0.last! }
        #expect(copy == block && address(copy) != address(roomy) && copy.capacity < 2 * block.count)
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
