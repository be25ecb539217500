import Glibc
import SqueezeTestSupport
import Testing
@testable import SqueezeKit

/// `gzip -dcf`'s choice between decoding and copying, and the copy itself.
@Suite struct PlainPassthroughTests {
    @Test(arguments: [
        ([], true), ([0x1F], true), ([0x1F, 0x8B], false), ([0x1F, 0x8B, 0x08, 0x00], false),
        ([0x1F, 0x9D, 0x90], false), ([0x1F, 0x9E], false), ([0x1F, 0x1E], false), ([0x1F, 0xA0], false),
        ([0x50, 0x4B, 0x03, 0x04, 0x14], false), ([0x50, 0x4B, 0x03], true), ([0x1F, 0x8C], true),
        (Array("hello\n".utf8), true),
    ] as [([UInt8], Bool)])
    func theFirstBytesDecide(head: [UInt8], isPlain: Bool) throws {
        let scratch = try TemporaryDirectory()
        #expect(try PlainPassthrough.isPlain(GzipBytes.file(head, in: scratch)) == isPlain, "\(head)")
    }

    /// A pipe cannot be rewound: the bytes looked at are read again from its start by the copy,
    /// however large the input (past the pipe's kept head and the copy's buffer).
    @Test(arguments: [0, 1, 3, 70_000, 1_000_000])
    func aPipeIsLookedAtThenCopiedWhole(length: Int) throws {
        var data = TestData(seed: 93)
        let bytes = data.text(length)
        let readEnd = FedPipe.readEnd(feeding: bytes)
        defer { close(readEnd) }
        let file = try ReadableFile(PathName("/proc/self/fd/\(readEnd)"))
        #expect(file.isSequential)
        #expect(try PlainPassthrough.isPlain(file))
        let (task, destination, progress) = Self.copyTask(of: file)
        #expect(task.blockCount == 1)
        #expect(task.runBlock(0))
        task.finish()
        let summary = try #require(try destination.finished.withLock { $0 }?.get())
        #expect(summary.members == 0 && summary.compressedBytes == Int64(length) && summary.uncompressedBytes == Int64(length))
        #expect(ByteDifference.between(destination.output.bytes, bytes) == nil)
        #expect(progress.withLock { $0 } == Int64(length))
    }

    @Test func aCancelledRunCopiesNothing() throws {
        let scratch = try TemporaryDirectory()
        let (task, destination, _) = Self.copyTask(of: try GzipBytes.file(Array("text\n".utf8), in: scratch), cancelled: true)
        #expect(task.runBlock(0))
        task.finish()
        let result = try #require(destination.finished.withLock { $0 })
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(destination.output.bytes.isEmpty)
    }

    static func copyTask(
        of file: ReadableFile, cancelled: Bool = false
    ) -> (PlainCopyTask, GzipDecodingTaskTests.RecordingDestination<WriteBehindOutputTests.RecordingOutput>, Locked<Int64>) {
        let destination = GzipDecodingTaskTests.RecordingDestination(WriteBehindOutputTests.RecordingOutput())
        let progress = Locked<Int64>(0)
        let cancellation = CancellationFlag()
        if cancelled { cancellation.cancel() }
        let context = DecodingContext(
            window: WorkWindow(capacity: 64 << 20, cancellation: cancellation), pools: DecoderPools(),
            cancellation: cancellation, progress: { bytes in progress.withLock { $0 += bytes } })
        return (PlainCopyTask(reader: file, destination: destination, context: context), destination, progress)
    }
}
