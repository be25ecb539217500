import Dispatch

/// Lets a decoder go on while its output is written, as `pigz -d` does with its writer thread:
/// the decoder fills one of two buffers, which a private serial queue then writes to the wrapped
/// output, in order, while the decoder fills the other. The streaming decoder decodes straight
/// into them (`DecodeBufferLender`); `write` copies bytes in. At most two buffers are in flight,
/// so memory stays bounded; the first write error is thrown by a later `write`, `borrowBuffer`,
/// `returnBuffer` or by `commit`.
final class WriteBehindOutput: OutputFile, DecodeBufferLender {
    static let bufferSize = 1 << 20

    private let queue = DispatchQueue(label: "squeeze.write-behind")
    private let target: QueueConfinedOutput
    private let buffers = WriteBehindBuffers(count: 2, size: bufferSize)
    /// The buffer lent out, between `borrowBuffer` and `returnBuffer` (only the writing thread
    /// touches this).
    private var lent: Int?

    init(wrapping output: any OutputFile) {
        target = QueueConfinedOutput(output)
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

    func returnBuffer(filled count: Int) throws {
        guard let index = lent else { preconditionFailure("a buffer returned that was not borrowed") }
        lent = nil
        precondition(count <= Self.bufferSize, "more bytes than the buffer holds")
        guard count > 0 else {
            buffers.giveBack(index)
            return
        }
        queue.async { [target, buffers] in
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
/// `@unchecked Sendable` for `buffers`: a buffer is filled by the writing thread only between
/// `takeIdle` and the block it queues, and read by the queue only within that block, after
/// which `giveBack` returns it; the channel of idle buffers hands each one over, so no buffer is
/// touched by two threads at once. The rest is Sendable.
private final class WriteBehindBuffers: @unchecked Sendable {
    private let buffers: [UnsafeMutableRawBufferPointer]
    /// The indices of the buffers no write is using: a pool, never finished or closed.
    private let idle: BoundedChannel<Int>
    private let failure = Locked<(any Error)?>(nil)

    init(count: Int, size: Int) {
        buffers = (0..<count).map { _ in .allocate(byteCount: size, alignment: 16) }
        idle = BoundedChannel(capacity: count)
        for index in 0..<count { idle.send(index) }
    }

    deinit { for buffer in buffers { buffer.deallocate() } }

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
