import Dispatch

/// Compresses the tar stream of `squeeze archive` into one gzip file: its blocks arrive from the
/// producer as the stream is cut, are encoded independently (possibly on several threads at once),
/// then written in order to a temporary beside the destination, which `finish()` completes and
/// renames into place. The same encoders as `squeeze compress`, so the output is the same format
/// as a compressed file: an indexed multi-member gzip (libdeflate) or one pigz-style member (zlib).
///
/// `@unchecked Sendable`: `state` holds the writer's output file, which is not `Sendable`; it is
/// used only inside `state.withLock` and never handed out of it. The other fields are `let` and
/// `Sendable`.
final class ArchiveStreamTask: BlockTask, @unchecked Sendable {
    let destination: PathName
    private let encoder: any BlockEncoder
    private let origin: GzipOrigin
    private let context: TaskContext
    private let state: Locked<State>

    /// Reached only inside `state.withLock`; the writer's output file (not `Sendable`) never
    /// leaves it.
    private struct State {
        /// Blocks handed in and not yet taken by a worker.
        var inputs: [Int: StreamedBlock] = [:]
        /// The window credits each block holds until it is written.
        var weights: [Int: Int] = [:]
        var blocksHandedIn = 0
        var lastBlockHandedIn = false
        var writer: OrderedGzipWriter
        var startTime = MonotonicClock.now()
        /// What became of each entry, known once the producer is done; recorded with the archive.
        var entryOutcomes = ArchiveEntryOutcomes(items: ScannedFiles())
    }

    /// `output` is the temporary the archive is written to; the task owns it from now on.
    init(destination: PathName, output: any OutputFile, encoder: any BlockEncoder, context: TaskContext) {
        self.destination = destination
        self.encoder = encoder
        self.context = context
        let origin = GzipOrigin(name: Self.tarName(of: destination).bytes, modificationTime: 0)
        self.origin = origin
        state = Locked(State(writer: OrderedGzipWriter(encoder: encoder, origin: origin) { output }))
    }

    /// FNAME: the name of the tar inside, as gzip records `x.tar` compressed to `x.tar.gz`. MTIME
    /// stays 0 (as `gzip -n`), so that the same tree gives the same archive.
    static func tarName(of destination: PathName) -> PathName {
        let name = destination.lastComponent
        return name.hasSuffix(".tgz") ? name.removingSuffix(".tgz").appendingSuffix(".tar") : name.removingSuffix(".gz")
    }

    /// The blocks known so far: every block handed in, plus one while the stream goes on. Exact
    /// once the last block is in; before that, larger than the index of any block handed out, so
    /// that a scheduler sees `block == blockCount - 1` exactly for the last block, and
    /// `blockCount > 1` for every block of a stream of several.
    var blockCount: Int {
        state.withLock { $0.blocksHandedIn + ($0.lastBlockHandedIn ? 0 : 1) }
    }

    /// The first failure, if any: the producer stops early rather than feed a task that failed.
    var failure: (any Error)? { state.withLock { $0.writer.failure } }

    /// The producer hands in the next block (its credits taken), before its work item goes out.
    func accept(_ block: StreamedBlock, weight: Int) {
        state.withLock { state in
            precondition(block.index == state.blocksHandedIn && !state.lastBlockHandedIn, "block \(block.index) out of order")
            state.inputs[block.index] = block
            state.weights[block.index] = weight
            state.blocksHandedIn += 1
            state.lastBlockHandedIn = block.isLast
        }
    }

    /// The producer failed: the archive will be discarded once its last block is through.
    func fail(_ error: any Error) {
        state.withLock { $0.writer.fail(error) }
    }

    /// The producer's account of every entry, handed in before the last block.
    func attach(entryOutcomes: ArchiveEntryOutcomes) {
        state.withLock { $0.entryOutcomes = entryOutcomes }
    }

    func runBlock(_ index: Int) -> Bool {
        let (block, hasFailed) = state.withLock { state in (state.inputs.removeValue(forKey: index), state.writer.failure != nil) }
        guard let block else { preconditionFailure("block \(index) run before it was handed in") }
        guard !context.cancellation.isCancelled && !hasFailed else { return deposit(nil, at: index) }
        do {
            let encoded = try block.storage.withUnsafeBytes { bytes in
                try encoder.encode(
                    UnsafeRawBufferPointer(rebasing: bytes[block.contextLength...]),
                    context: UnsafeRawBufferPointer(rebasing: bytes[..<block.contextLength]),
                    // Until the stream ends only a lower bound of the count is known: enough,
                    // as encoders only ask whether there are several blocks and which is last.
                    block: index, of: block.isLast ? index + 1 : index + 2, origin: origin)
            }
            return deposit(encoded, at: index)
        } catch {
            fail(error)
            return deposit(nil, at: index)
        }
    }

    func finish() {
        // The entries' outcomes are recorded one at a time, after the lock, as the archive's.
        let (outcome, entries, entriesDone) = state.withLock { state -> (FileOutcome?, ArchiveEntryOutcomes, Bool) in
            if context.cancellation.isCancelled && state.writer.failure == nil {
                state.writer.discard()
                return (nil, ArchiveEntryOutcomes(items: ScannedFiles()), false)
            }
            let seconds = MonotonicClock.now() - state.startTime
            do {
                try state.writer.commit(attributes: FileStatus.newFile(), replacingExisting: context.output.force)
                // The archive's bytes in are those of entries that failed but whose data it holds
                // all the same (each entry done counts its own): every byte out has its bytes in.
                var outcome = FileOutcome(
                    source: destination, output: destination, bytesIn: state.entryOutcomes.failedBytesStored,
                    bytesOut: state.writer.bytesOut, seconds: seconds, status: .done)
                outcome.isArchive = true
                return (outcome, state.entryOutcomes, true)
            } catch {
                var outcome = FileOutcome(
                    source: destination, output: nil, bytesIn: 0, bytesOut: 0, seconds: seconds,
                    status: .failed("\(error); the archive was not written"))
                outcome.isArchive = true
                return (outcome, state.entryOutcomes, false)
            }
        }
        if entriesDone {
            // Each entry done went into the archive; its bytes out are the archive's.
            entries.forEach(archive: destination) { context.collector.record($0) }
        } else {
            // Entries are done only once the archive holding them is; their own failures stand.
            for entry in entries.failed { context.collector.record(entry) }
        }
        if let outcome { context.collector.record(outcome) }
    }

    /// Hands block `index` to the ordered output, which writes every block now in order; returns
    /// each passed block's window credit. True when the last block has been written.
    private func deposit(_ block: EncodedBlock?, at index: Int) -> Bool {
        state.withLock { state in
            for passed in state.writer.deposit(block, at: index) {
                context.window.release(state.weights.removeValue(forKey: passed) ?? 0)
            }
            return state.lastBlockHandedIn && state.writer.blocksPassed == state.blocksHandedIn
        }
    }
}
