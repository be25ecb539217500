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
