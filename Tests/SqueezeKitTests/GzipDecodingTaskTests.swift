import Synchronization
import SqueezeTestSupport
import Testing
@testable import SqueezeKit

@Suite struct GzipDecodingTaskTests {
    /// Keeps what a task hands over: the bytes (in `output`) and how the decode ended.
    final class RecordingDestination<Output: OutputFile>: DecodedFileDestination, @unchecked Sendable {
        let output: Output
        let finished = Locked<Result<GzipDecodeSummary, any Error>?>(nil)
        /// How often a stream took over the output from workers.
        let continuedAsStream = Locked(0)

        init(_ output: Output) {
            self.output = output
        }

        func makeOutput(decodedInParallel: Bool) throws -> any OutputFile { output }

        func continuingAsStream(_ output: any OutputFile) -> any OutputFile {
            continuedAsStream.withLock { $0 += 1 }
            return output
        }

        func complete(_ decoding: FinishedDecoding) {
            finished.withLock { $0 = decoding.result }
        }
    }

    static func makeTask(_ bytes: [UInt8], in scratch: TemporaryDirectory, progress: Locked<Int64>) throws -> (GzipDecodingTask, RecordingDestination<WriteBehindOutputTests.RecordingOutput>) {
        let file = try GzipBytes.file(bytes, in: scratch)
        let destination = RecordingDestination(WriteBehindOutputTests.RecordingOutput())
        let cancellation = CancellationFlag()
        let context = DecodingContext(
            window: WorkWindow(capacity: 64 << 20, cancellation: cancellation), pools: DecoderPools(),
            cancellation: cancellation, progress: { bytes in progress.withLock { $0 += bytes } })
        let task = GzipDecodingTask(
            path: file.path, plan: DecodingPlan.make(for: file, size: Int64(bytes.count), threshold: 0, runLimit: 0),
            destination: destination, context: context)
        return (task, destination)
    }

    /// Members decoded out of order around one whose index lies: those before it are written, those
    /// after it are dropped even though they decoded, and the stream takes over from it and finds
    /// the same lie: the task fails, having handed over only the members before it.
    @Test func takesOverFromTheFirstMemberThatFails() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 81)
        let original = data.text(700_000)
        var bytes = GzipBytes.indexed(original, blockSize: 64 << 10)
        let members = try MemberIndexWalkerTests.members(bytes)
        let victim = members[3]
        MemberIndexWalkerTests.rewriteIndex(&bytes, memberAt: Int(victim.offset), uncompressedLength: UInt32(victim.uncompressedLength + 1))
        let progress = Locked<Int64>(0)
        let (task, destination) = try Self.makeTask(bytes, in: scratch, progress: progress)
        #expect(task.blockCount == members.count)

        var isComplete = false
        for block in [5, 4, 3] + Array(6..<task.blockCount) + [0, 1, 2] {
            #expect(!isComplete)
            isComplete = task.runBlock(block)
        }
        #expect(isComplete)
        task.finish()

        let result = try #require(destination.finished.withLock { $0 })
        #expect(throws: GzipFormatError.inconsistentIndex(
            "member at offset \(victim.offset) decodes to 65536 bytes, not the 65537 its index claims")) { try result.get() }
        // The stream hands over the lying member's bytes before it finds the lie (a file output
        // is then discarded); every byte before it is the original's.
        let output = destination.output.bytes
        #expect(output.count >= 3 * (64 << 10))
        #expect(output.elementsEqual(original.prefix(output.count)))
    }

    /// The first member's write stalls (a slow disk, a FIFO nobody reads): every later member is
    /// decoded and left by its worker at once (under the task's lock, it would wait for that
    /// write), and once the write goes on, the turn's holder writes them all, in
    /// order, and its deposit completes the file.
    @Test func workersLeaveTheirMembersWhileTheTurnsHolderWrites() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 83)
        let original = data.text(400_000)
        let bytes = GzipBytes.indexed(original, blockSize: 32 << 10)
        let file = try GzipBytes.file(bytes, in: scratch)
        // The output's first write waits until the test opens its gate.
        let destination = RecordingDestination(WritingTurnTests.GatedOutput())
        let cancellation = CancellationFlag()
        let context = DecodingContext(
            window: WorkWindow(capacity: 64 << 20, cancellation: cancellation), pools: DecoderPools(),
            cancellation: cancellation, progress: { _ in })
        let task = GzipDecodingTask(
            path: file.path, plan: DecodingPlan.make(for: file, size: Int64(bytes.count), threshold: 0, runLimit: 0),
            destination: destination, context: context)
        #expect(task.blockCount > 5)
        let first = JoinableThread(name: "turn-holder") { task.runBlock(0) }
        #expect(KernelState.waitUntil(deadline: 60) { destination.output.writes.load(ordering: .relaxed) == 1 }, "the first write never started")
        // The other members from a thread of their own, so that one waiting on the write fails
        // the test (at the deadline) instead of hanging it.
        let left = Atomic<Bool>(false)
        let others = JoinableThread(name: "others") {
            let completed = (1..<task.blockCount).reversed().filter { task.runBlock($0) }
            left.store(true, ordering: .releasing)
            return completed
        }
        #expect(KernelState.waitUntil(deadline: 60) { left.load(ordering: .acquiring) }, "a worker waited for another member's write")
        destination.output.gate.release(1)
        #expect(others.join().isEmpty, "a member other than the first completed the file")
        #expect(first.join(), "the turn's holder did not complete the file")
        task.finish()
        #expect(try destination.finished.withLock { $0 }?.get().decodedInParallel == true)
        #expect(ByteDifference.between(destination.output.bytes, original) == nil)
    }

    /// `content` as one member cut into small chunks for block search, decoded by running every
    /// chunk before the first (so that none knows its window): how the decode ended, and the bytes.
    static func decodeFirstChunkLast(
        _ content: [UInt8]
    ) throws -> (summary: GzipDecodeSummary, output: [UInt8], continuedAsStream: Int, neededWindow: Int) {
        let scratch = try TemporaryDirectory()
        let bytes = GzipHeader().encoded() + GzipBytes.deflate(content, level: 6) + GzipBytes.trailer(content)
        let file = try GzipBytes.file(bytes, in: scratch)
        let destination = RecordingDestination(WriteBehindOutputTests.RecordingOutput())
        let cancellation = CancellationFlag()
        let context = DecodingContext(
            window: WorkWindow(capacity: 1 << 30, cancellation: cancellation), pools: DecoderPools(),
            cancellation: cancellation, progress: { _ in })
        var chunks = BlockStartDecodingTests.smallChunks
        chunks.lockstepLimit = Int(chunks.chunkLength)
        let plan = DecodingPlan.make(for: file, size: Int64(bytes.count), threshold: 0, blockSplit: chunks)
        let isBlockSearch = if case .speculative(let split) = plan { split.search == .blocks } else { false }
        #expect(isBlockSearch)
        let task = GzipDecodingTask(path: file.path, plan: plan, destination: destination, context: context)
        #expect(task.blockCount > 4)
        let completing = ((1..<task.blockCount).reversed() + [0]).filter { task.runBlock($0) }
        #expect(completing == [0], "the blocks that completed the file")
        task.finish()
        return (
            try #require(destination.finished.withLock { $0 }).get(), destination.output.bytes, destination.continuedAsStream.withLock { $0 },
            task.chunksThatNeededTheirWindow)
    }

    /// Log lines between bytes that are mostly literals: every chunk is decoded before the first
    /// (none knows its window), and the one that starts among the log lines still reaches back
    /// into its window past its lockstep limit. The holder of the writing turn decodes it, with
    /// the window, from where the chunks before it end, and the chunks after it are written as
    /// they were decoded: the content, on the parallel path to the end.
    @Test func aChunkThatNeedsItsWindowIsDecodedWhereTheChunksWrittenEnd() throws {
        var data = TestData(seed: 270)
        // Bytes below 100 at random: Huffman-coded literals and few copies (hardly any copies of
        // copies), so a stretch of them leaves its window within a few dozen KiB.
        func literals(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(data.int(in: 0...99)) } }
        let content = literals(700_000) + BlockStartDecodingTests.logLines(500_000, seed: 271) + literals(900_000)
        let (summary, output, continuedAsStream, neededWindow) = try Self.decodeFirstChunkLast(content)
        #expect(neededWindow == 1)
        #expect(summary.decodedInParallel && continuedAsStream == 0)
        #expect(ByteDifference.between(output, content) == nil)
    }

    /// Log lines all through: two chunks in a row need their window, so the stream takes over
    /// from the first of them (it writes behind its decoder, where the turn's holder would decode
    /// and write by turns: the destination is asked for such an output), and the chunks decoded
    /// after them are dropped.
    @Test func theStreamTakesOverAtTwoChunksInARowThatNeedTheirWindow() throws {
        let content = BlockStartDecodingTests.logLines(2_000_000, seed: 272)
        let (summary, output, continuedAsStream, neededWindow) = try Self.decodeFirstChunkLast(content)
        #expect(neededWindow >= 2)
        #expect(!summary.decodedInParallel)
        #expect(continuedAsStream == 1)
        #expect(ByteDifference.between(output, content) == nil)
    }

    @Test func decodesEveryMemberInAnyOrder() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 82)
        let original = data.text(500_000)
        let bytes = GzipBytes.indexed(original, blockSize: 32 << 10)
        let progress = Locked<Int64>(0)
        let (task, destination) = try Self.makeTask(bytes, in: scratch, progress: progress)
        var order = Array(0..<task.blockCount)
        for position in order.indices.reversed() { order.swapAt(position, data.int(in: 0...position)) }
        let completions = order.map { task.runBlock($0) }
        #expect(completions.filter { $0 }.count == 1 && completions.last == true)
        task.finish()
        let summary = try #require(try destination.finished.withLock { $0 }?.get())
        #expect(summary.decodedInParallel)
        #expect(ByteDifference.between(destination.output.bytes, original) == nil)
        #expect(progress.withLock { $0 } == Int64(bytes.count))
    }
}
