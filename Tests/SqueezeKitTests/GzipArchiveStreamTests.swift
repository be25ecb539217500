import Foundation
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

@Suite struct GzipArchiveStreamTests {
    static func readAll(_ stream: any DecodedStream) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 7_777)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
            if count == 0 { return bytes }
            bytes += buffer[..<count]
        }
    }

    /// squeeze's own archive goes through its decoder, member by member in parallel, and comes
    /// out as the tar GNU tar would have made of the same bytes.
    @Test func squeezeArchivesAreDecodedInParallel() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 31)
        try TreeBuilder.write(data.text(3_000_000), to: scratch("tree/big.log"))
        try TreeBuilder.write("small\n", to: scratch("tree/small.txt"))
        let archived = try Squeeze.run(["archive", scratch("tree"), "-o", scratch("t.tar.gz"), "--block-size", "256KiB", "-q"])
        #expect(archived.status == 0, "\(archived.standardError)")
        let stream = try DecodedStreamOpeners.automatic(scheduling: SchedulingOptions(mode: .apply, jobs: 2))(PathName(scratch("t.tar.gz")))
        let gzipStream = try #require(stream as? GzipArchiveStream)
        let decoded = try Self.readAll(gzipStream)
        #expect(try gzipStream.finishReading() == nil)
        #expect(gzipStream.summary?.decodedInParallel == true)
        #expect(gzipStream.bytesConsumed == Int64(try TreeBuilder.read(scratch("t.tar.gz")).count))
        let gunzip = try CommandRunner.run("gzip", ["-dc", scratch("t.tar.gz")])
        #expect(decoded == Array(gunzip.standardOutput))
    }

    /// Bytes it lent are found in the chunk that holds them, which stays what it was after the
    /// stream has moved on; bytes it did not lend are not.
    @Test func lentBytesAreKeptInTheirChunk() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 32)
        try TreeBuilder.write(data.text(3_000_000), to: scratch("tree/big.log"))
        let archived = try Squeeze.run(["archive", scratch("tree"), "-o", scratch("t.tar.gz"), "--block-size", "256KiB", "-q"])
        #expect(archived.status == 0, "\(archived.standardError)")
        let stream = try DecodedStreamOpeners.automatic(scheduling: SchedulingOptions(mode: .apply, jobs: 2))(PathName(scratch("t.tar.gz")))
        let scratchBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1024, alignment: 16)
        defer { scratchBuffer.deallocate() }
        var kept: [(LentChunk, [UInt8])] = []
        while true {
            let bytes = try stream.read(lendingOr: scratchBuffer)
            if bytes.isEmpty { break }
            let lent = try #require(stream.lentChunk(holding: UnsafeRawBufferPointer(rebasing: bytes[7..<bytes.count])))
            #expect(lent.range.count == bytes.count - 7 && lent.number == kept.count)
            kept.append((lent, Array(bytes[7...])))
            #expect(stream.lentChunk(holding: UnsafeRawBufferPointer(scratchBuffer)) == nil)
        }
        #expect(kept.count > 3)
        for (lent, bytes) in kept { #expect(Array(lent.chunk[lent.range]) == bytes) }
    }

    @Test func otherCompressionStaysWithLibarchive() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("x\n", to: scratch("tree/x"))
        #expect(try CommandRunner.run("tar", ["cJf", scratch("t.tar.xz"), "-C", scratch("tree"), "x"]).status == 0)
        #expect(try CommandRunner.run("tar", ["cf", scratch("t.tar"), "-C", scratch("tree"), "x"]).status == 0)
        let opener = DecodedStreamOpeners.automatic()
        #expect(try opener(PathName(scratch("t.tar.xz"))) is ReadAheadDecodingStream)
        #expect(try opener(PathName(scratch("t.tar"))) is RawFileStream)
    }
}
