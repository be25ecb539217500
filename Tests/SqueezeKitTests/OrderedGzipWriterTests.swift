import Foundation
import Synchronization
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// A stream cut short where its bytes cannot be taken back (standard output, a FIFO) ends with a
/// bare member header, which every gzip reader fails on; a whole stream is as it always was.
@Suite struct OrderedGzipWriterTests {
    /// An output that keeps every byte it was given, as standard output or a FIFO does; it can be
    /// made to fail every write after `failAfter` bytes, as a full device or a gone reader does.
    final class KeptOutput: OutputFile {
        private(set) var bytes: [UInt8] = []
        let keepsWrittenBytes: Bool
        let failAfter: Int

        init(keepsWrittenBytes: Bool = true, failAfter: Int = .max) {
            self.keepsWrittenBytes = keepsWrittenBytes
            self.failAfter = failAfter
        }

        func write(_ bytes: UnsafeRawBufferPointer) throws {
            guard self.bytes.count + bytes.count <= failAfter else { throw SystemError("write to", "kept", code: ENOSPC) }
            self.bytes += bytes
        }

        func commit(attributes: FileStatus, replacingExisting: Bool) throws {}
        func discard() {}
    }

    struct ReadFailure: Error {}

    /// A writer under a lock, as a task keeps it, given blocks as a task's workers give them.
    struct Held: OrderedWriterHolder {
        var writer: OrderedGzipWriter
    }

    static func deposit(_ block: EncodedBlock?, at index: Int, to held: Locked<Held>) {
        _ = held.depositInOrder(block, at: index, passed: { _, _ in }, isComplete: { _ in false })
    }

    /// Three blocks of 64 KiB of text, encoded by `codec`, for block `index` of a stream of more.
    static func blocks(_ codec: Codec) throws -> (input: [UInt8], encoded: [EncodedBlock], encoder: any BlockEncoder) {
        var data = TestData(seed: 95)
        let input = data.text(3 << 16)
        let encoder = codec.makeEncoder(level: 6)
        let encoded = try (0..<3).map { index in
            try input.withUnsafeBytes { buffer in
                let start = index << 16
                return try encoder.encode(
                    UnsafeRawBufferPointer(rebasing: buffer[start..<start + (1 << 16)]),
                    context: UnsafeRawBufferPointer(rebasing: buffer[max(0, start - encoder.contextLength)..<start]),
                    block: index, of: 4, origin: GzipOrigin(name: [], modificationTime: 0))
            }
        }
        return (input, encoded, encoder)
    }

    static func readersAccept(_ bytes: [UInt8]) throws -> [Bool] {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write(bytes, to: scratch("stream.gz"))
        return try [["gzip", "-t"], ["pigz", "-t"], ["zcat"]].map { tool in
            try CommandRunner.run(tool[0], Array(tool.dropFirst()) + [scratch("stream.gz")]).status == 0
        }
    }

    @Test(arguments: [Codec.libdeflate, .zlib])
    func aStreamThatFailedEndsWithTheMark(codec: Codec) throws {
        let (_, encoded, encoder) = try Self.blocks(codec)
        let output = KeptOutput()
        let held = Locked(Held(writer: OrderedGzipWriter(encoder: encoder, origin: GzipOrigin(name: [], modificationTime: 0)) { output }))
        Self.deposit(encoded[1], at: 1, to: held)
        Self.deposit(encoded[0], at: 0, to: held)
        held.withLock { $0.writer.fail(ReadFailure()) }
        #expect(throws: ReadFailure.self) { try held.withLock { try $0.writer.commit(attributes: FileStatus.newFile(), replacingExisting: false) } }
        let whole = encoder.prologue(for: GzipOrigin(name: [], modificationTime: 0)) + encoded[0].bytes + encoded[1].bytes
        #expect(output.bytes == whole + GzipHeader.truncationMark)
        #expect(try Self.readersAccept(output.bytes) == [false, false, false])
    }

    @Test func aWholeStreamHasNoMark() throws {
        let (input, encoded, encoder) = try Self.blocks(.libdeflate)
        let kept = KeptOutput(), replaceable = KeptOutput(keepsWrittenBytes: false)
        for output in [kept, replaceable] {
            let held = Locked(Held(writer: OrderedGzipWriter(encoder: encoder, origin: GzipOrigin(name: [], modificationTime: 0), marksEmptyStream: true) { output }))
            for index in [2, 0, 1] { Self.deposit(encoded[index], at: index, to: held) }
            try held.withLock { try $0.writer.commit(attributes: FileStatus.newFile(), replacingExisting: false) }
            held.withLock { $0.writer.discard() }
        }
        #expect(kept.bytes == replaceable.bytes)
        #expect(try Self.readersAccept(kept.bytes) == [true, true, true])
        #expect(try BlockEncoderTests.gunzip(kept.bytes) == input)
    }

    /// Nothing written yet: a stream's writer still marks it, so that what went before on the
    /// same output does not read as all; a file's (which would have to make its output) does not.
    @Test func anEmptyStreamIsMarkedOnlyWhenAsked() throws {
        let (_, _, encoder) = try Self.blocks(.libdeflate)
        let stream = KeptOutput(), file = KeptOutput()
        var streamWriter = OrderedGzipWriter(encoder: encoder, origin: GzipOrigin(name: [], modificationTime: 0), marksEmptyStream: true) { stream }
        streamWriter.discard()
        var made = false
        var fileWriter = OrderedGzipWriter(encoder: encoder, origin: GzipOrigin(name: [], modificationTime: 0)) {
            made = true
            return file
        }
        fileWriter.discard()
        #expect(stream.bytes == GzipHeader.truncationMark)
        #expect(file.bytes.isEmpty && !made)
    }

    /// The output itself failed (full, or its reader gone): the mark cannot go either, and its
    /// failure is not the writer's to report again.
    @Test func anOutputThatFailedTakesNoMark() throws {
        let (_, encoded, encoder) = try Self.blocks(.libdeflate)
        let output = KeptOutput(failAfter: encoded[0].bytes.count + 4)
        let held = Locked(Held(writer: OrderedGzipWriter(encoder: encoder, origin: GzipOrigin(name: [], modificationTime: 0)) { output }))
        Self.deposit(encoded[0], at: 0, to: held)
        Self.deposit(encoded[1], at: 1, to: held)
        #expect(held.withLock { $0.writer.failure } != nil)
        held.withLock { $0.writer.discard() }
        #expect(output.bytes == encoded[0].bytes)
    }
}

/// The writing turn (`depositInOrder`): one thread at a time writes a file's blocks, outside the
/// task's lock, and a worker whose block is not next never waits for a write.
@Suite struct WritingTurnTests {
    /// An output whose first write waits until the test opens `gate`, as a slow disk or a FIFO
    /// with no reader does, and that keeps the bytes it is given.
    final class GatedOutput: OutputFile, @unchecked Sendable {
        // `@unchecked Sendable`: `bytes` is written by the holder of the writing turn only, and
        // read by the test after that thread is joined.
        let gate = Credits(capacity: 1, cancellation: CancellationFlag())
        let writes = Atomic<Int>(0)
        private(set) var bytes: [UInt8] = []
        var keepsWrittenBytes: Bool { true }

        init() { precondition(gate.acquire(1)) }

        func write(_ bytes: UnsafeRawBufferPointer) throws {
            if writes.add(1, ordering: .relaxed).newValue == 1 {
                precondition(gate.acquire(1))
                gate.release(1)
            }
            self.bytes += bytes
        }

        func commit(attributes: FileStatus, replacingExisting: Bool) throws {}
        func discard() {}
    }

    struct Held: OrderedWriterHolder {
        var writer: OrderedGzipWriter
        var passed: [Int] = []
    }

    static func block(_ index: Int) -> EncodedBlock {
        EncodedBlock(bytes: Array("<\(index)>".utf8), checksum: 0, inputLength: 1)
    }

    /// The first block's write stalls: every later block is left by its worker at once (this
    /// thread, which would otherwise wait on the task's lock), and once the write goes on, the
    /// holder of the turn writes them all, in order; exactly that deposit completes the file.
    @Test func workersLeaveTheirBlocksWhileTheTurnsHolderWrites() {
        let output = GatedOutput()
        let encoder = Codec.libdeflate.makeEncoder(level: 6)
        let held = Locked(Held(writer: OrderedGzipWriter(encoder: encoder, origin: GzipOrigin(name: nil, modificationTime: 0)) { output }))
        let count = 100
        let deposit: @Sendable (Int) -> Bool = { index in
            held.depositInOrder(
                Self.block(index), at: index, passed: { $0.passed.append($1) }, isComplete: { $0.writer.blocksPassed == count })
        }
        let first = JoinableThread(name: "turn-holder") { deposit(0) }
        #expect(KernelState.waitUntil(deadline: 60) { output.writes.load(ordering: .relaxed) == 1 }, "the first write never started")
        for index in (1..<count).reversed() { #expect(!deposit(index), "block \(index) completed the file") }
        #expect(held.withLock { $0.passed.isEmpty }, "a block passed while the first was being written")
        output.gate.release(1)
        #expect(first.join(), "the turn's holder did not complete the file")
        #expect(held.withLock { $0.passed } == Array(0..<count))
        let prologue = encoder.prologue(for: GzipOrigin(name: nil, modificationTime: 0))
        #expect(output.bytes == prologue + (0..<count).flatMap { Self.block($0).bytes })
    }

    /// Blocks of one file deposited by eight threads in a scrambled order, many times: each block
    /// passed once, in order, the file completed by exactly one deposit, its bytes in order.
    @Test func manyDepositorsWriteEachBlockOnceInOrder() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<50 {
            let output = GatedOutput()
            output.gate.release(1)
            let encoder = Codec.libdeflate.makeEncoder(level: 6)
            let held = Locked(Held(writer: OrderedGzipWriter(encoder: encoder, origin: GzipOrigin(name: nil, modificationTime: 0)) { output }))
            let count = Int(random.next() % 300) + 1
            var order = Array(0..<count)
            for index in order.indices.reversed() { order.swapAt(index, Int(random.next() % UInt64(index + 1))) }
            let completions = Atomic<Int>(0)
            let scrambled = order
            DispatchQueue.concurrentPerform(iterations: 8) { thread in
                for index in stride(from: thread, to: count, by: 8) {
                    let block = scrambled[index]
                    let completes = held.depositInOrder(
                        Self.block(block), at: block, passed: { $0.passed.append($1) }, isComplete: { $0.writer.blocksPassed == count })
                    if completes { completions.add(1, ordering: .relaxed) }
                }
            }
            #expect(completions.load(ordering: .relaxed) == 1)
            #expect(held.withLock { $0.passed } == Array(0..<count))
            let prologue = encoder.prologue(for: GzipOrigin(name: nil, modificationTime: 0))
            #expect(output.bytes == prologue + (0..<count).flatMap { Self.block($0).bytes })
        }
    }
}
