import Glibc

/// Compresses one file: its blocks are read with `pread` and encoded independently (possibly on
/// several threads at once), then written in order to a temporary beside the destination, which
/// `finish()` completes and renames into place.
///
/// `@unchecked Sendable`: `state` holds the writer's output file, which is not `Sendable`; it is
/// used only inside `state.withLock` and never handed out of it. The other fields are `let` and
/// `Sendable`.
final class CompressionTask: BlockTask, @unchecked Sendable {
    let source: ScannedFile
    let destination: PathName
    let layout: BlockLayout
    private let encoder: any BlockEncoder
    /// `--rsyncable`, for a file large enough to split: where members start, and the encoder of
    /// the members cut there (`layout` then cuts the work, not the members).
    let contentMembers: (boundaries: ContentBoundaries, encoder: any MemberEncoder)?
    let origin: GzipOrigin
    private let context: TaskContext
    private let state: Locked<State>

    /// Reached only inside `state.withLock`; the writer's output file (not `Sendable`) never
    /// leaves it.
    private struct State {
        var reader: ReadableFile?
        var startTime: Double?
        var writer: OrderedGzipWriter
        /// Set when the task found it had nothing to do (its output exists).
        var skipReason: SkipReason?
    }

    init(
        source: ScannedFile, destination: PathName, settings: CompressionSettings, headerFields: StoredHeaderFields,
        encoder: any BlockEncoder, context: TaskContext
    ) {
        self.source = source
        self.destination = destination
        let layout = BlockLayout(fileSize: source.status.size, blockSize: settings.blockSize)
        self.encoder = encoder
        // A file split into members where its bytes say is worked on in larger items.
        if layout.isSplit, let boundaries = settings.contentBoundaries, let members = encoder as? any MemberEncoder {
            contentMembers = (boundaries, members)
            self.layout = BlockLayout(fileSize: source.status.size, blockSize: settings.workBlockSize)
        } else {
            contentMembers = nil
            self.layout = layout
        }
        self.context = context
        let origin = GzipOrigin(
            name: source.path, modificationTime: source.status.modificationTime, keeping: headerFields, length: source.status.size)
        self.origin = origin
        state = Locked(State(writer: OrderedGzipWriter(encoder: encoder, origin: origin) { [context] in
            try context.makeOutput(for: destination)
        }))
    }

    var blockCount: Int { layout.count }

    /// The most a file of one block is read to: files whose `stat` size understates them are
    /// small (the kernel's own), and one that is not is refused rather than held in memory.
    static let unsplitReadLimit = 64 << 20

    /// The window credits block `index` holds until it is written.
    func weight(ofBlock index: Int) -> Int {
        context.window.weight(ofLength: layout.range(ofBlock: index).length)
    }

    func runBlock(_ index: Int) -> Bool {
        guard !context.cancellation.isCancelled else { return deposit(nil, at: index) }
        do {
            guard let reader = try openSource() else { return deposit(nil, at: index) }
            let block = try encode(index, from: reader)
            // A whole file's progress arrives with its outcome; only blocks of split files report alone.
            if layout.isSplit { context.collector.recordProgress(bytes: Int64(block.inputLength)) }
            return deposit(block, at: index)
        } catch {
            state.withLock { $0.writer.fail(error) }
            return deposit(nil, at: index)
        }
    }

    func finish() {
        let outcome = state.withLock { state -> FileOutcome? in
            defer { state.reader = nil }
            if context.cancellation.isCancelled && !state.writer.hasFailedOnItsOwn {
                state.writer.discard()
                return nil
            }
            let seconds = MonotonicClock.now() - (state.startTime ?? MonotonicClock.now())
            if let reason = state.skipReason {
                return FileOutcome(source: source.path, output: nil, bytesIn: 0, bytesOut: 0, seconds: 0, status: .skipped(reason))
            }
            do {
                if let failure = state.writer.failure { throw failure }
                guard let reader = state.reader else { preconditionFailure("finish() before every block was written") }
                guard try reader.status().isUnchanged(since: source.status) else {
                    throw SourceChangedError(path: source.path, detail: "its size, times or identity changed")
                }
                try state.writer.commit(attributes: source.status, replacingExisting: context.output.force)
                return FileOutcome(
                    source: source.path, output: context.output.discard ? nil : destination,
                    bytesIn: state.writer.bytesIn, bytesOut: state.writer.bytesOut, seconds: seconds, status: .done,
                    outputChecksum: state.writer.discardedChecksum)
            } catch {
                state.writer.discard()
                if let error = error as? SystemError, error.code == EEXIST, !context.output.force {
                    // The output appeared meanwhile, or, for a small file that did not look first,
                    // was there all along: it is kept as it is.
                    return FileOutcome(
                        source: source.path, output: nil, bytesIn: 0, bytesOut: 0, seconds: 0,
                        status: .skipped(.outputExists(destination)))
                }
                return FileOutcome(
                    source: source.path, output: nil, bytesIn: 0, bytesOut: 0, seconds: seconds,
                    status: .failed("\(error)"))
            }
        }
        guard var outcome else { return }
        // Split files reported their blocks as they went; a skipped one reported none.
        if !layout.isSplit || outcome.status == .skipped(.outputExists(destination)) {
            outcome.progressBytes = source.status.size
        }
        context.commits.record(outcome, output: outcome.output, source: source.path)
    }

    /// Files from this size on are skipped before they are read when their output exists; below
    /// it, looking costs more than it saves: the commit's `link` fails when the output exists, and
    /// the file is skipped then.
    static let existingOutputCheckSize: Int64 = 64 << 10

    /// Opens the source on first use; nil once the task has failed or is skipped (its other
    /// blocks are dropped). A large file first checks that the output does not exist: on the
    /// worker, so that thousands of these checks do not add up before the first file starts.
    /// (The commit refuses to replace a file that appears later all the same.)
    private func openSource() throws -> ReadableFile? {
        try state.withLock { state in
            if state.writer.failure != nil || state.skipReason != nil { return nil }
            if state.startTime == nil {
                state.startTime = MonotonicClock.now()
                if !context.output.force && !context.output.discard && source.status.size >= Self.existingOutputCheckSize
                    && FileStatus.exists(destination) {
                    state.skipReason = .outputExists(destination)
                    return nil
                }
            }
            if let reader = state.reader { return reader }
            let status = source.status
            let reader = status.kind == .regular && status.size > 0
                ? try ReadableFile(regularFile: source.path) : try ReadableFile(source.path)
            state.reader = reader
            return reader
        }
    }

    /// Reads block `index` (with the context the encoder wants before it) and encodes it. A file
    /// of one block is read to its end, whatever `stat` said of its size (files of /proc say 0);
    /// a real change of size shows in `finish()`'s `fstat`. A short read of a split file means
    /// it shrank; growth and rewrites show in `finish()` too.
    private func encode(_ index: Int, from reader: ReadableFile) throws -> EncodedBlock {
        if let contentMembers {
            return try encodeMembersStarting(inBlock: index, from: reader, boundaries: contentMembers.boundaries, encoder: contentMembers.encoder)
        }
        let range = layout.range(ofBlock: index)
        let contextStart = max(0, range.offset - Int64(encoder.contextLength))
        let contextLength = Int(range.offset - contextStart)
        let expected = contextLength + range.length
        let bytes: [UInt8]
        if layout.isSplit {
            bytes = try reader.read(count: expected, at: contextStart)
            guard bytes.count == expected else {
                throw SourceChangedError(path: source.path, detail: "it shrank")
            }
        } else {
            bytes = try reader.readToEnd(from: 0, expected: range.length, limit: Self.unsplitReadLimit)
        }
        return try bytes.withUnsafeBytes { buffer in
            try encoder.encode(
                UnsafeRawBufferPointer(rebasing: buffer[contextLength...]),
                context: UnsafeRawBufferPointer(rebasing: buffer[..<contextLength]),
                block: index, of: layout.count, origin: origin)
        }
    }

    /// Hands block `index` to the ordered output, which writes every block now in order; returns
    /// each passed block's window credit. True when the last block has been written.
    private func deposit(_ block: EncodedBlock?, at index: Int) -> Bool {
        state.withLock { state in
            for passed in state.writer.deposit(block, at: index) {
                context.window.release(weight(ofBlock: passed))
            }
            return state.writer.blocksPassed == layout.count
        }
    }
}
