/// The runs of members a `PipedGzipReader` reads from a descriptor, as a `BlockTask`: the reader
/// hands each run in with its bytes (the stream cannot be read again), workers decode runs in
/// parallel (`IndexedMemberDecoder`), and the decoded runs go to the consumer in order, one call at
/// a time, from the holder of the writing turn (`WritingTurn`) outside the task's lock, each
/// giving its window credits back once delivered.
///
/// A run that fails to decode (damaged data, or a length field that lied) is not the end: it and
/// every run after it keep their input bytes, and the reader hands those to a streaming decoder,
/// which decodes them again and reports what is really wrong. Nothing after a failed run is
/// delivered by this task.
final class PipedMemberTask: BlockTask, Sendable {
    private let consumer: @Sendable (UnsafeRawBufferPointer) throws -> Void
    private let decoder: IndexedMemberDecoder
    private let window: WorkWindow
    private let cancellation: CancellationFlag
    private let verified: @Sendable (Int64) -> Void
    private let state = Locked(State())

    private struct State: WritingTurnHolder {
        /// Runs handed in and not yet delivered, by block index, with their bytes.
        var inputs: [Int: (run: MemberRun, bytes: [UInt8])] = [:]
        var handedIn = 0
        var lastHandedIn = false
        var turn = WritingTurn<[UInt8]>()
        /// The first run that could not be decoded: it and those after it are left to the stream.
        var firstFailed: Int?
        /// The consumer's own failure: nothing more is delivered, and the reader rethrows it.
        var consumerFailure: (any Error)?
        var delivered = Delivered()

        mutating func insert(_ block: [UInt8]?, at index: Int) -> Bool { turn.insert(block, at: index) }
        mutating func nextInOrder() -> (index: Int, block: [UInt8]?)? { turn.nextInOrder() }
    }

    /// What has gone to the consumer, every byte verified (CRC-32, ISIZE, the length field).
    struct Delivered: Sendable {
        var members = 0
        var compressedBytes: Int64 = 0
        var uncompressedBytes: Int64 = 0
    }

    init(
        decoder: IndexedMemberDecoder, window: WorkWindow, cancellation: CancellationFlag,
        verified: @escaping @Sendable (Int64) -> Void, consumer: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void
    ) {
        self.decoder = decoder
        self.window = window
        self.cancellation = cancellation
        self.verified = verified
        self.consumer = consumer
    }

    /// A lower bound until the last run is handed in, as `BlockTask` allows for streamed tasks.
    var blockCount: Int {
        state.withLock { $0.handedIn + ($0.lastHandedIn ? 0 : 1) }
    }

    /// The window credits a run holds from hand-in to delivery: its bytes and its decoded bytes.
    func weight(of run: MemberRun) -> Int { window.weight(ofLength: run.length + run.uncompressedLength) }

    /// Hands in the next run, whose credits the reader has taken; returns its block index.
    func handIn(_ run: MemberRun, bytes: [UInt8], isLast: Bool) -> Int {
        state.withLock { state in
            precondition(!state.lastHandedIn, "a run handed in after the last")
            let index = state.handedIn
            state.inputs[index] = (run, bytes)
            state.handedIn += 1
            state.lastHandedIn = isLast
            return index
        }
    }

    /// Whether the reader should stop reading ahead: a run failed, or the consumer did.
    var hasStopped: Bool { state.withLock { $0.firstFailed != nil || $0.consumerFailure != nil } }

    func runBlock(_ index: Int) -> Bool {
        let input: (run: MemberRun, bytes: [UInt8])? = state.withLock { state in
            if cancellation.isCancelled || state.consumerFailure != nil { return nil }
            if let failed = state.firstFailed, failed < index { return nil }
            return state.inputs[index]
        }
        guard let input else { return deposit(nil, at: index) }
        return deposit(try? decoder.decode(input.run, bytes: input.bytes), at: index)
    }

    func finish() {}

    /// What was delivered, the consumer's failure if any, and the bytes of the runs left to the
    /// stream, in order. Called once the scheduler has returned.
    func outcome() -> (Delivered, (any Error)?, [UInt8]) {
        state.withLock { state in
            let undelivered = state.inputs.keys.sorted().flatMap { state.inputs[$0]!.bytes }
            return (state.delivered, state.consumerFailure, undelivered)
        }
    }

    /// Puts run `index` in order (`depositInOrder`: delivered now by this thread, or by the holder
    /// of the writing turn) and delivers every run in order until one that failed. Each run's
    /// window credits go back once it has passed.
    private func deposit(_ decoded: [UInt8]?, at index: Int) -> Bool {
        state.depositInOrder(
            decoded, at: index,
            take: { state, next, bytes -> [UInt8]? in
                guard state.firstFailed == nil && state.consumerFailure == nil else { return nil }
                if bytes == nil { state.firstFailed = next }
                return bytes
            },
            write: { [consumer] bytes -> Result<Void, any Error>? in
                bytes.map { bytes in Result { try bytes.withUnsafeBytes { try consumer($0) } } }
            },
            passed: { state, next, delivery in
                let run = state.inputs[next]!.run
                switch delivery {
                case .success:
                    state.inputs[next] = nil
                    state.delivered.members += run.memberCount
                    state.delivered.compressedBytes += Int64(run.length)
                    state.delivered.uncompressedBytes += Int64(run.uncompressedLength)
                    verified(state.delivered.uncompressedBytes)
                case .failure(let error):
                    state.consumerFailure = error
                case nil:
                    break
                }
                window.release(weight(of: run))
            },
            isComplete: { state in state.lastHandedIn && state.turn.blocksPassed == state.handedIn })
    }
}
