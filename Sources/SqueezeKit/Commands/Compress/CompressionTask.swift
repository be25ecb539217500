import Glibc

/// Compresses one file: its blocks are read with `pread` and encoded independently (possibly on
/// several threads at once), then written in order to a temporary beside the destination, which
/// `finish()` completes and renames into place.
///
/// A file of one block (most files of a tree) is read, encoded, written and committed by the one
/// worker that runs its block: its state is that worker's alone (`ownState`), with no lock and no
/// writing turn. A split file's blocks share theirs under a lock (`sharedState`). Both go through
/// the same steps below (`withState`): one open, one commit, one error path.
///
/// `@unchecked Sendable`: the state holds the writer's output file, which is not `Sendable`. A
/// split file's is used only inside `sharedState.withLock`, or by the holder of the writing turn,
/// which the lock hands over (`OrderedGzipWriter`). A file of one block's (`ownState`) is set by
/// `init` on the feeder, which hands the task to the scheduler before any worker sees it, and then
/// touched only by the worker running its one block, in `runBlock` and the `finish()` that follows
/// it on the same thread (`WorkItem.perform`). The other fields are `let` and `Sendable`.
final class CompressionTask: BlockTask, @unchecked Sendable {
    let source: ScannedFile
    let destination: PathName
    let layout: BlockLayout
    let encoder: any BlockEncoder
    /// `--rsyncable`, for a file large enough to split: where its members (or its stream's
    /// blocks) start (`layout` then cuts the work, not the output).
    let contentBoundaries: ContentBoundaries?
    let origin: GzipOrigin
    private let context: TaskContext
    /// Whether an existing output is judged (found done when it is the source's) rather than
    /// refused outright (`CompressionRequest.findsDoneOutputs`).
    private let findsDoneOutput: Bool
    /// What the output is, for judging one that exists.
    private let outputFormat: OutputFormat
    /// Whether a file whose content is compressed already (`CompressedContent`) is passed by.
    private let skipsCompressedContent: Bool
    /// A split file's state, shared by the workers of its blocks; nil for a file of one block.
    private let sharedState: Locked<State>?
    /// A file of one block's state, its one worker's alone (see the type's comment); nil for a
    /// split file. Not checked for exclusive access at run time: one thread at a time reaches it,
    /// through `withState`, which is never entered again from inside (as a lock would deadlock):
    /// keep each `withState` call (in `openSource`, `encodeWhole`, `deposit`, `runBlock`'s catch
    /// and `finish`) outside the others' closures.
    @exclusivity(unchecked) private var ownState: State?

    /// Reached only through `withState`; the writer's output file (not `Sendable`) leaves a split
    /// file's only to the holder of the writing turn.
    private struct State: OrderedWriterHolder {
        var reader: ReadableFile?
        var startTime: Double?
        var writer: OrderedGzipWriter
        /// Set when the task found it had nothing to do: its output exists, and is not the
        /// source's (`skipReason`), or is the source's, complete (`foundDone`).
        var skipReason: SkipReason?
        var foundDone: FileOutcome?
    }

    init(
        source: ScannedFile, destination: PathName, settings: CompressionSettings, headerFields: StoredHeaderFields,
        encoder: any BlockEncoder, context: TaskContext, findsDoneOutput: Bool = false, skipsCompressedContent: Bool = false
    ) {
        self.source = source
        self.findsDoneOutput = findsDoneOutput
        outputFormat = settings.format
        self.skipsCompressedContent = skipsCompressedContent
        self.destination = destination
        let layout = BlockLayout(fileSize: source.status.size, blockSize: settings.blockSize)
        self.encoder = encoder
        // A file split into members where its bytes say is worked on in larger items.
        if layout.isSplit, let boundaries = settings.contentBoundaries {
            contentBoundaries = boundaries
            self.layout = BlockLayout(fileSize: source.status.size, blockSize: settings.workBlockSize)
        } else {
            contentBoundaries = nil
            self.layout = layout
        }
        self.context = context
        let origin = GzipOrigin(
            name: source.path, modificationTime: source.status.modificationTime, keeping: headerFields, length: source.status.size)
        self.origin = origin
        let state = State(writer: OrderedGzipWriter(
            encoder: encoder, origin: origin,
            outputMaker: Output(context: context, destination: destination, directory: source.directory)))
        if !self.layout.isSplit {
            (sharedState, ownState) = (nil, state)
        } else {
            (sharedState, ownState) = (Locked(state), nil)
        }
    }

    /// The task's state: under the lock for a split file, its worker's own for a file of one block.
    private func withState<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        if let sharedState { return try sharedState.withLock(body) }
        return try body(&ownState!)
    }

    /// The task's output: made beside its source in the directory the walk found the source in.
    private struct Output: OutputMaker {
        let context: TaskContext
        let destination: PathName
        let directory: PinnedDirectory?

        func makeOutput() throws -> any OutputFile { try context.makeOutput(for: destination, in: directory) }
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
            guard let reader = try openSource(), let block = try encode(index, from: reader) else { return deposit(nil, at: index) }
            // A whole file's progress arrives with its outcome; only blocks of split files report alone.
            if layout.isSplit { context.collector.recordProgress(bytes: Int64(block.inputLength)) }
            return deposit(block, at: index)
        } catch {
            withState { $0.writer.fail(error) }
            return deposit(nil, at: index)
        }
    }

    func finish() {
        let outcome = withState { state -> FileOutcome? in
            defer { state.reader = nil }
            if context.cancellation.isCancelled && !state.writer.hasFailedOnItsOwn {
                state.writer.discard()
                return nil
            }
            let seconds = MonotonicClock.now() - (state.startTime ?? MonotonicClock.now())
            if let found = state.foundDone { return found }
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
                    // was there all along: it is kept as it is, found done if it is this source's.
                    return judgeExistingOutput() ?? FileOutcome(
                        source: source.path, output: nil, bytesIn: 0, bytesOut: 0, seconds: 0,
                        status: .skipped(findsDoneOutput ? .outputDiffers(destination) : .outputExists(destination)))
                }
                return FileOutcome(
                    source: source.path, output: nil, bytesIn: 0, bytesOut: 0, seconds: seconds,
                    status: .failed("\(error)"))
            }
        }
        guard var outcome else { return }
        // Split files reported their blocks as they went; a skipped one reported none.
        if !layout.isSplit || outcome.status != .done || outcome.isFoundDone {
            outcome.progressBytes = source.status.size
        }
        // A source whose output was found done is kept, even under --rm: this run did not make
        // the output, and the check reads its ends only.
        if outcome.isFoundDone { return context.collector.record(outcome) }
        context.commits.record(outcome, output: outcome.output, source: source.path)
    }

    /// The source's outcome when its output exists: found done when the output is the source's,
    /// complete (as `--resume` checks it); nil when it is something else, or when outputs are not
    /// judged (gzip's semantics: any existing output is refused). (Nothing there, it was
    /// removed since: the skip says so all the same, and a rerun compresses it.)
    private func judgeExistingOutput() -> FileOutcome? {
        guard findsDoneOutput else { return nil }
        var head = [UInt8](repeating: 0, count: ResumeCheck.wholeRead)
        if case .complete(let outcome) = ResumeCheck(mode: .check, format: outputFormat).judge(source, at: destination, in: ParentDirectory(), head: &head) {
            return outcome
        }
        return nil
    }

    /// Files from this size on are skipped before they are read when their output exists; below
    /// it, looking costs more than it saves: the commit's `link` fails when the output exists, and
    /// the file is skipped then.
    static let existingOutputCheckSize: Int64 = 64 << 10

    /// Opens the source on first use; nil once the task has failed, is skipped or found done (its
    /// other blocks are dropped). A large file first checks that the output does not exist (and
    /// judges it if it does): on the worker, so that thousands of these checks do not add up
    /// before the first file starts.
    /// (The commit refuses to replace a file that appears later all the same.)
    private func openSource() throws -> ReadableFile? {
        try withState { state in
            if state.writer.failure != nil || state.skipReason != nil || state.foundDone != nil { return nil }
            if state.startTime == nil {
                state.startTime = MonotonicClock.now()
                if !context.output.force && !context.output.discard && source.status.size >= Self.existingOutputCheckSize
                    && FileStatus.exists(destination) {
                    if let found = judgeExistingOutput() {
                        state.foundDone = found
                    } else {
                        state.skipReason = findsDoneOutput ? .outputDiffers(destination) : .outputExists(destination)
                    }
                    return nil
                }
            }
            if let reader = state.reader { return reader }
            let status = source.status
            let reader = if status.kind == .regular && status.size > 0 {
                if let directory = source.directory {
                    try ReadableFile(regularFile: source.path, in: directory)
                } else {
                    try ReadableFile(regularFile: source.path)
                }
            } else {
                try ReadableFile(source.path)
            }
            state.reader = reader
            // A split file's first bytes, read apart (one small read for a file of megabytes);
            // a file of one block is judged from the bytes its block reads (`encodeWhole`), but
            // not one cut by content (`--rsyncable`), whose pieces are read apart.
            if skipsCompressedContent && (layout.isSplit || contentBoundaries != nil) {
                let head = try reader.read(count: CompressedContent.headLength, at: 0)
                if let format = head.withUnsafeBytes(CompressedContent.format(of:)) {
                    state.skipReason = .compressedContent(format)
                    return nil
                }
            }
            return reader
        }
    }

    /// Reads block `index` (with the context the encoder wants before it) and encodes it. A file
    /// of one block is read to its end, whatever `stat` said of its size (files of /proc say 0);
    /// a real change of size shows in `finish()`'s `fstat`. A short read of a split file means
    /// it shrank; growth and rewrites show in `finish()` too. Nil, the file skipped, when a file
    /// of one block turns out to be compressed already: judged from the bytes read for it, with
    /// no read of its own.
    private func encode(_ index: Int, from reader: ReadableFile) throws -> EncodedBlock? {
        if let contentBoundaries {
            return try encodePiecesStarting(inBlock: index, from: reader, boundaries: contentBoundaries)
        }
        let range = layout.range(ofBlock: index)
        guard layout.isSplit else {
            // Most files of a tree are small: read into this thread's scratch array, reused.
            if range.length <= Self.scratchReadLimit {
                return try ScratchBytes.withCallingThreads { bytes in
                    let count = try reader.readToEnd(into: &bytes, from: 0, expected: range.length, limit: Self.unsplitReadLimit)
                    return try bytes.withUnsafeBytes { try encodeWhole(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                }
            }
            return try reader.readToEnd(from: 0, expected: range.length, limit: Self.unsplitReadLimit).withUnsafeBytes { try encodeWhole($0) }
        }
        let contextStart = max(0, range.offset - Int64(encoder.contextLength))
        let contextLength = Int(range.offset - contextStart)
        let expected = contextLength + range.length
        let bytes = try reader.read(count: expected, at: contextStart)
        guard bytes.count == expected else {
            throw SourceChangedError(path: source.path, detail: "it shrank")
        }
        return try bytes.withUnsafeBytes { buffer in
            try encoder.encode(
                UnsafeRawBufferPointer(rebasing: buffer[contextLength...]),
                context: UnsafeRawBufferPointer(rebasing: buffer[..<contextLength]),
                block: index, of: layout.count, origin: origin)
        }
    }

    /// Files of one block up to this size are read into their worker's scratch array
    /// (`ScratchBytes`); larger ones into an array of their own.
    static let scratchReadLimit = 64 << 10

    /// Encodes `bytes`, the whole of a file of one block; nil, the file skipped, when they are
    /// compressed already.
    private func encodeWhole(_ bytes: UnsafeRawBufferPointer) throws -> EncodedBlock? {
        if skipsCompressedContent,
           let format = CompressedContent.format(of: UnsafeRawBufferPointer(rebasing: bytes.prefix(CompressedContent.headLength))) {
            withState { $0.skipReason = .compressedContent(format) }
            return nil
        }
        return try encoder.encode(bytes, context: UnsafeRawBufferPointer(rebasing: bytes[..<0]), block: 0, of: 1, origin: origin)
    }

    /// Hands block `index` to the ordered output (`depositInOrder`: written now by this thread,
    /// or by the one writing the file); each passed block's window credit goes back. True when
    /// the last block has been written. A file of one block is written at once, by its worker.
    private func deposit(_ block: EncodedBlock?, at index: Int) -> Bool {
        guard let sharedState else {
            withState { $0.writer.writeAlone(block) }
            context.window.release(weight(ofBlock: index))
            return true
        }
        return sharedState.depositInOrder(
            block, at: index, passed: { [context] _, passed in context.window.release(weight(ofBlock: passed)) },
            isComplete: { [layout] state in state.writer.blocksPassed == layout.count })
    }
}
