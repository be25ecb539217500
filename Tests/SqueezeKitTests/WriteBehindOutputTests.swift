import Synchronization
import SqueezeTestSupport
import Testing
@testable import SqueezeKit

@Suite struct WriteBehindOutputTests {
    /// An output that keeps what it is given, and fails once it holds `limit` bytes.
    final class RecordingOutput: OutputFile, @unchecked Sendable {
        struct Full: Error {}
        var bytes: [UInt8] = []
        var committed = false
        var discarded = false
        let limit: Int

        init(limit: Int = .max) { self.limit = limit }

        func write(_ bytes: UnsafeRawBufferPointer) throws {
            guard self.bytes.count + bytes.count <= limit else { throw Full() }
            self.bytes += bytes
        }

        func commit(attributes: FileStatus, replacingExisting: Bool) throws { committed = true }

        func discard() { discarded = true }
    }

    static let attributes = try! FileStatus.of("/", followingSymlinks: true)

    /// Runs `decode` with a `WriteBehindOutput`, whose buffers it lends after the sink's first
    /// bytes, and a sink that counts its calls; returns what the output wrote, the sink's calls,
    /// and the error `decode` threw. Shared by the gzip and zstd stream decoders' tests.
    static func decodeIntoLender(
        _ decode: (_ lender: () -> (any DecodeBufferLender)?, _ sink: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws -> (written: [UInt8], sinkCalls: Int, failure: (any Error)?) {
        let target = RecordingOutput()
        let output = WriteBehindOutput(wrapping: target)
        var sinkCalls = 0
        var failure: (any Error)?
        do {
            try decode({ output.bufferLender }) { bytes in
                sinkCalls += 1
                try output.write(bytes)
            }
        } catch {
            failure = error
        }
        // Every borrowed buffer came back: commit would stop on one still lent.
        try output.commit(attributes: attributes, replacingExisting: false)
        return (target.bytes, sinkCalls, failure)
    }

    @Test func writesEverythingInOrder() throws {
        let target = RecordingOutput()
        let output = WriteBehindOutput(wrapping: target)
        var data = TestData(seed: 51)
        let pool = data.randomBytes(2 * WriteBehindOutput.bufferSize)
        var expected: [UInt8] = []
        for _ in 0..<30 {
            let start = data.int(in: 0...WriteBehindOutput.bufferSize / 2)
            let chunk = pool[start..<start + data.int(in: 0...(3 * WriteBehindOutput.bufferSize / 2))]
            try chunk.withUnsafeBytes { try output.write($0) }
            expected += chunk
        }
        try output.commit(attributes: Self.attributes, replacingExisting: false)
        #expect(target.committed)
        #expect(ByteDifference.between(target.bytes, expected) == nil)
    }

    @Test func reportsTheFirstWriteErrorAndDoesNotCommit() throws {
        let target = RecordingOutput(limit: 3 << 20)
        let output = WriteBehindOutput(wrapping: target)
        let chunk = [UInt8](repeating: 7, count: 1 << 20)
        #expect(throws: RecordingOutput.Full.self) {
            for _ in 0..<10 { try output.write(chunk) }
            try output.commit(attributes: Self.attributes, replacingExisting: false)
        }
        #expect(!target.committed)
        output.discard()
        #expect(target.discarded)
    }

    @Test func writesLentBuffersInOrderWithCopiedBytes() throws {
        let target = RecordingOutput()
        let output = WriteBehindOutput(wrapping: target)
        var data = TestData(seed: 52)
        var expected: [UInt8] = []
        for round in 0..<12 {
            let bytes = data.randomBytes(data.int(in: 0...WriteBehindOutput.bufferSize))
            if round % 3 == 0 {
                try bytes.withUnsafeBytes { try output.write($0) }
            } else {
                let buffer = try output.borrowBuffer()
                #expect(buffer.count == WriteBehindOutput.bufferSize)
                buffer.copyBytes(from: bytes)
                try output.returnBuffer(filled: bytes.count)
            }
            expected += bytes
            // A buffer returned empty writes nothing.
            _ = try output.borrowBuffer()
            try output.returnBuffer(filled: 0)
        }
        try output.commit(attributes: Self.attributes, replacingExisting: false)
        #expect(ByteDifference.between(target.bytes, expected) == nil)
    }

    @Test func lendingStopsAtTheFirstWriteError() throws {
        let target = RecordingOutput(limit: 1 << 20)
        let output = WriteBehindOutput(wrapping: target)
        #expect(throws: RecordingOutput.Full.self) {
            for _ in 0..<10 {
                let buffer = try output.borrowBuffer()
                buffer.initializeMemory(as: UInt8.self, repeating: 9)
                try output.returnBuffer(filled: buffer.count)
            }
        }
        #expect(throws: RecordingOutput.Full.self) { try output.commit(attributes: Self.attributes, replacingExisting: false) }
        #expect(!target.committed)
        #expect(target.bytes.count == 1 << 20)
    }
}
