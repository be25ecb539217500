import SqueezeTestSupport
import Testing
@testable import SqueezeKit

/// Indexed runs decode into memory the run's pool keeps from run to run (fresh arrays would be
/// faulted in again and again), and a run larger than the pool's buffers into an array of its own:
/// either way the bytes are the run's, and a run whose members changed since the walk fails.
@Suite struct DecoderPoolsTests {
    static func file(_ content: [UInt8], blockSize: Int, in scratch: TemporaryDirectory) throws -> (ReadableFile, [MemberRun]) {
        let bytes = GzipBytes.indexed(content, blockSize: blockSize)
        let file = try GzipBytes.file(bytes, in: scratch)
        // One run per member.
        let index = try #require(try MemberIndexWalker(file: file, fileSize: Int64(bytes.count), runLimit: 0).walk())
        return (file, index.runs)
    }

    @Test func runsDecodeIntoPooledMemoryUsedAgain() throws {
        var data = TestData(seed: 270)
        let content = data.text(600_000) + data.randomBytes(200_000)
        let scratch = try TemporaryDirectory()
        let (file, runs) = try Self.file(content, blockSize: 100_000, in: scratch)
        #expect(runs.count > 3)
        let pools = DecoderPools()
        var decoded: [UInt8] = []
        var addresses = Set<UnsafeMutableRawPointer?>()
        for run in runs {
            let bytes = try pools.decode(run, from: file)
            guard case .lent(let buffer) = bytes else {
                Issue.record("run at \(run.offset) not decoded into pooled memory")
                continue
            }
            addresses.insert(buffer.memory.baseAddress)
            #expect(buffer.count == run.uncompressedLength)
            bytes.withUnsafeBytes { decoded += $0 }
        }
        #expect(ByteDifference.between(decoded, content) == nil)
        // Each run was freed before the next was decoded: one buffer served them all.
        #expect(addresses.count == 1)
    }

    @Test func aRunLargerThanThePoolsBuffersGetsAnArray() throws {
        var data = TestData(seed: 271)
        let content = data.text(500_000)
        let scratch = try TemporaryDirectory()
        let (file, runs) = try Self.file(content, blockSize: 100_000, in: scratch)
        let run = try #require(runs.first)
        let bytes = try DecoderPools(runBufferSize: run.uncompressedLength - 1).decode(run, from: file)
        guard case .array(let array) = bytes else {
            Issue.record("a run larger than the pool's buffers was lent pooled memory")
            return
        }
        #expect(array == Array(content.prefix(run.uncompressedLength)))
    }

    @Test func aRunThatChangedFails() throws {
        var data = TestData(seed: 272)
        let content = data.text(500_000)
        let scratch = try TemporaryDirectory()
        let (file, runs) = try Self.file(content, blockSize: 100_000, in: scratch)
        var run = try #require(runs.first)
        run.uncompressedLength -= 1
        #expect(throws: GzipFormatError.self) { try DecoderPools().decode(run, from: file) }
    }
}
