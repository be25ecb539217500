import Dispatch

/// Lets a decoder go on while its output is written, as `pigz -d` does with its writer thread:
/// the decoder fills one of `bufferCount` buffers, which a private serial queue then writes to
/// the wrapped output, in order, while the decoder fills the next. The streaming decoders (gzip's
/// and zstd's) decode straight into them (`DecodeBufferLender`); `write` copies bytes in. The buffers are a fixed
/// ring, so memory stays bounded; more than two let the decoder go on through a moment when the
/// writing thread does not get a core (a busy machine), and they are touched first by the queue
/// (`WriteBehindBuffers.prefault`), so their page faults are not taken by the decoding thread.
/// The queue also keeps the running CRC-32 a decoder asks for (`ChecksumSpan`), computing each
/// buffer's share before writing it. The first write error is thrown by a later `write`,
/// `borrowBuffer`, `returnBuffer` or by `commit`.
final class WriteBehindOutput: OutputFile, DecodeBufferLender {
    static let bufferSize = 1 << 20
    static let bufferCount = 4

    private let queue = DispatchQueue(label: "squeeze.write-behind")
    private let target: QueueConfinedOutput
    private let buffers = WriteBehindBuffers()
    /// The CRC-32 the decoder's spans add up to, as far as the queue has got.
    private let checksum = Locked<UInt32>(0)
    /// One credit is held for each buffer given back whose share of the checksum the queue has
    /// not yet added: all of them are free once it is up to date.
    private let checksumsPending = Credits(capacity: bufferCount)
    /// The buffer lent out, between `borrowBuffer` and `returnBuffer` (only the writing thread
    /// touches this).
    private var lent: Int?

    init(wrapping output: any OutputFile) {
        target = QueueConfinedOutput(output)
        queue.async { [buffers] in buffers.prefault() }
    }

    /// Writes still queued hold the buffers: wait for them before the buffers go.
    deinit { queue.sync {} }

    var bufferLender: (any DecodeBufferLender)? { self }

    func borrowBuffer() throws -> UnsafeMutableRawBufferPointer {
        precondition(lent == nil, "a buffer borrowed before the last one came back")
        try buffers.throwIfFailed()
        let index = buffers.takeIdle()
        lent = index
        return buffers[index]
    }

    func returnBuffer(filled count: Int, checksumming span: ChecksumSpan) throws {
        guard let index = lent else { preconditionFailure("a buffer returned that was not borrowed") }
        lent = nil
        precondition(count <= Self.bufferSize && span.start <= count, "more bytes than the buffer holds")
        guard count > 0 else {
            buffers.giveBack(index)
            return
        }
        let addsToChecksum = span.seed != nil || span.start < count
        // Never waits: a buffer's credit is freed before the buffer is.
        if addsToChecksum { _ = checksumsPending.acquire(1) }
        queue.async { [target, buffers, checksum, checksumsPending] in
            if addsToChecksum {
                let bytes = UnsafeRawBufferPointer(rebasing: buffers[index][span.start..<count])
                let updated = CRC32.update(span.seed ?? checksum.withLock { $0 }, bytes)
                checksum.withLock { $0 = updated }
                checksumsPending.release(1)
            }
            if !buffers.hasFailed {
                do {
                    try target.output.write(UnsafeRawBufferPointer(start: buffers[index].baseAddress, count: count))
                } catch {
                    buffers.recordFailure(error)
                }
            }
            buffers.giveBack(index)
        }
        try buffers.throwIfFailed()
    }

    func runningChecksum() -> UInt32 {
        _ = checksumsPending.acquire(Self.bufferCount)
        checksumsPending.release(Self.bufferCount)
        return checksum.withLock { $0 }
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let buffer = try borrowBuffer()
            let count = min(buffer.count, bytes.count - offset)
            buffer.baseAddress!.copyMemory(from: bytes.baseAddress! + offset, byteCount: count)
            offset += count
            try returnBuffer(filled: count)
        }
    }

    func commit(attributes: FileStatus, replacingExisting: Bool) throws {
        precondition(lent == nil, "commit with a buffer still lent")
        try queue.sync {
            try buffers.throwIfFailed()
            try target.output.commit(attributes: attributes, replacingExisting: replacingExisting)
        }
    }

    func discard() {
        queue.sync { target.output.discard() }
    }
}

/// The wrapped output of a `WriteBehindOutput`.
///
/// `@unchecked Sendable`: after `init`, `output` is touched only by blocks running on the
/// write-behind queue (serially), and by `commit`/`discard` through `queue.sync`.
private final class QueueConfinedOutput: @unchecked Sendable {
    let output: any OutputFile

    init(_ output: any OutputFile) {
        self.output = output
    }
}

/// The buffers of a `WriteBehindOutput`, which are idle or being written, and the first failure.
///
/// A buffer's memory is kept for the next output when the output goes (up to `sparesKept`
/// buffers in the process), so a run of large files takes the buffers' page faults once.
///
/// `@unchecked Sendable` for `buffers`: a buffer is touched by the queue alone until `prefault`
/// makes it idle; then it is filled by the writing thread only between `takeIdle` and the block
/// it queues, and read by the queue only within that block, after which `giveBack` returns it;
/// the channel of idle buffers hands each one over, so no buffer is touched by two threads at
/// once. The rest is Sendable.
private final class WriteBehindBuffers: @unchecked Sendable {
    static let sparesKept = 2 * WriteBehindOutput.bufferCount
    /// The addresses of buffers (of `WriteBehindOutput.bufferSize` bytes, already written once)
    /// that no output holds.
    private static let spares = Locked<[UInt]>([])

    private let buffers: [UnsafeMutableRawBufferPointer]
    /// How many of `buffers`, at the front, came from `spares`.
    private let reused: Int
    /// The indices of the buffers no write is using: a pool, never finished or closed.
    private let idle: BoundedChannel<Int>
    private let failure = Locked<(any Error)?>(nil)

    /// Buffers that are not idle until `prefault` has run.
    init() {
        let count = WriteBehindOutput.bufferCount
        let size = WriteBehindOutput.bufferSize
        let taken = Self.spares.withLock { spares in
            defer { spares.removeLast(min(count, spares.count)) }
            return Array(spares.suffix(count))
        }
        reused = taken.count
        buffers = taken.map { UnsafeMutableRawBufferPointer(start: UnsafeMutableRawPointer(bitPattern: $0), count: size) }
            + (taken.count..<count).map { _ in .allocate(byteCount: size, alignment: 16) }
        idle = BoundedChannel(capacity: count)
    }

    /// Writes every page of every new buffer once (taking their page faults), and makes each idle.
    func prefault() {
        for (index, buffer) in buffers.enumerated() {
            if index >= reused { buffer.initializeMemory(as: UInt8.self, repeating: 0) }
            idle.send(index)
        }
    }

    deinit {
        let kept = Self.spares.withLock { spares in
            let kept = min(buffers.count, Self.sparesKept - spares.count)
            spares += buffers.prefix(kept).map { UInt(bitPattern: $0.baseAddress!) }
            return kept
        }
        for buffer in buffers.dropFirst(kept) { buffer.deallocate() }
    }

    subscript(index: Int) -> UnsafeMutableRawBufferPointer { buffers[index] }

    /// Waits for a buffer no write is using.
    func takeIdle() -> Int {
        guard let index = try? idle.receive() else { preconditionFailure("the pool of idle buffers ended") }
        return index
    }

    func giveBack(_ index: Int) {
        idle.send(index)
    }

    var hasFailed: Bool { failure.withLock { $0 != nil } }

    func recordFailure(_ error: any Error) {
        failure.withLock { if $0 == nil { $0 = error } }
    }

    func throwIfFailed() throws {
        if let error = failure.withLock({ $0 }) { throw error }
    }
}
