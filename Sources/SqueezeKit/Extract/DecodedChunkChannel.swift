import Dispatch

/// Hands decoded chunks from one producer thread to one consumer, at most `capacity` waiting, so
/// the producer runs ahead by a bounded amount of memory. Either side may end it: the producer
/// with the end of the data or a failure, the consumer by closing (the producer then stops).
final class DecodedChunkChannel: Sendable {
    enum Chunk: Sendable {
        case data([UInt8])
        case end
        case failure(any Error)
    }

    private let state = Locked(State())
    /// Free places in the queue. Created at 0 and raised to `capacity`: libdispatch traps when a
    /// semaphore is freed below its initial value.
    private let places = DispatchSemaphore(value: 0)
    private let chunks = DispatchSemaphore(value: 0)

    private struct State {
        var queue: [Chunk] = []
        var isClosed = false
    }

    init(capacity: Int) {
        precondition(capacity >= 1)
        for _ in 0..<capacity { places.signal() }
    }

    /// Waits for a free place and queues `chunk`; false when the consumer has closed the channel.
    func send(_ chunk: Chunk) -> Bool {
        places.wait()
        return state.withLock { state in
            guard !state.isClosed else { return false }
            state.queue.append(chunk)
            chunks.signal()
            return true
        }
    }

    /// Waits for the next chunk.
    func receive() -> Chunk {
        chunks.wait()
        let chunk = state.withLock { $0.queue.removeFirst() }
        places.signal()
        return chunk
    }

    /// The consumer wants no more: a producer waiting for a place is let go and stops.
    func close() {
        state.withLock { $0.isClosed = true }
        places.signal()
    }
}
