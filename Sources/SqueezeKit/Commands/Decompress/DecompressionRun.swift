/// Everything `squeeze decompress` or `squeeze test` was asked to do.
public struct DecompressionRequest: Sendable {
    /// What becomes of the decoded bytes.
    public enum Purpose: String, Sendable {
        /// Written to files (`NAME.gz` becomes `NAME`), or to standard output.
        case decompress
        /// Checked and dropped: every member's CRC-32 and length.
        case test
    }

    public var roots: [PathName]
    public var purpose: Purpose
    public var filter: PathFilter
    public var followSymlinks: Bool
    public var scheduling: SchedulingOptions
    /// Where outputs go (`decompress` only).
    public var output: OutputOptions
    /// `--stdout`: every file's bytes to standard output, in the order the files were named.
    public var toStandardOutput: Bool
    /// With `toStandardOutput`, a file that is not compressed is copied as it is (`gzip -dcf`,
    /// `zcat -f`: `PlainPassthrough`) rather than reported as not gzip.
    public var passesPlainInputThrough: Bool
    /// Which names are taken as compressed, and what each decompresses to.
    public var suffixes: CompressedSuffixes
    /// gzip's `-N`: an output to a file takes the name stored in the header (its last component,
    /// in the source's directory) and its time, where the header has them.
    public var restoresHeaderFields: StoredHeaderFields
    /// Which checkpoint indexes a single-member file is decoded in parallel through.
    public var checkpointIndexes: CheckpointIndexUse
    /// `--write-index`: each gzip file read from a path gets its checkpoint index (`FILE.gz.gzidx`,
    /// as `squeeze index` writes it) from its one decode, once read whole and checked. Files
    /// squeeze wrote in indexed members need none and get none; a file whose index is there and
    /// not stale is decoded through it, and the index kept.
    public var writesCheckpointIndexes: Bool

    /// Where a file's checkpoint index is looked for.
    public enum CheckpointIndexUse: Sendable, Equatable {
        /// None: under gzip's names, which read what gzip reads.
        case none
        /// `FILE.gz.gzidx` beside each file, if it is there and not stale; passed by without a
        /// word otherwise (the file decodes as it does without one).
        case sidecars
        /// This index, for the one file named (nothing under a directory named): if it cannot be
        /// used, the file is decoded without it, with a warning.
        case named(PathName)
    }

    public init(
        roots: [PathName], purpose: Purpose = .decompress, filter: PathFilter = PathFilter(), followSymlinks: Bool = false,
        scheduling: SchedulingOptions = SchedulingOptions(), output: OutputOptions = OutputOptions(),
        toStandardOutput: Bool = false, passesPlainInputThrough: Bool = false, suffixes: CompressedSuffixes = .squeeze,
        restoresHeaderFields: StoredHeaderFields = .none, checkpointIndexes: CheckpointIndexUse = .none,
        writesCheckpointIndexes: Bool = false
    ) {
        self.writesCheckpointIndexes = writesCheckpointIndexes
        self.checkpointIndexes = checkpointIndexes
        self.suffixes = suffixes
        self.restoresHeaderFields = restoresHeaderFields
        self.roots = roots
        self.purpose = purpose
        self.filter = filter
        self.followSymlinks = followSymlinks
        self.scheduling = scheduling
        self.output = output
        self.toStandardOutput = toStandardOutput
        self.passesPlainInputThrough = passesPlainInputThrough && toStandardOutput && purpose == .decompress
    }
}

/// Where one file's decoded bytes go.
enum DecompressedTarget: Sendable {
    /// An atomic file at this path.
    case file(PathName)
    /// Standard output (`--stdout`).
    case standardOutput
    /// Nowhere: `test`.
    case nowhere
}

extension DecompressedTarget {
    /// Whether the output is a file, the only case where `--rm` may delete the source.
    var isFile: Bool {
        if case .file = self { true } else { false }
    }
}

/// One `squeeze decompress` or `squeeze test`: scan for gzip files, plan a task per file (a block
/// per member for indexed files), schedule, collect, report.
public final class DecompressionRun: BatchRun, Sendable {
    public let request: DecompressionRequest
    public let environment: RunEnvironment

    public init(request: DecompressionRequest, environment: RunEnvironment = RunEnvironment()) {
        self.request = request
        self.environment = environment
    }

    /// Outputs exist only for `decompress` to files.
    private var output: OutputOptions {
        var output = request.output
        if request.purpose == .test || request.toStandardOutput {
            output.discard = request.purpose == .test
            output.directory = nil
            output.removeSources = false
        }
        return output
    }

    public func run() -> RunReport {
        var report = RunReportBuilder(
            command: request.purpose.rawValue, settings: RunReport.Settings(scheduling: request.scheduling),
            compressedSide: .input)
        // Files named on the command line are read whatever their name when no output name is needed.
        let acceptsAnyName = request.purpose == .test || request.toStandardOutput
        let files = inputs(request.roots) { roots in
            scan(
                roots, selecting: .gzipFiles(acceptingNamedFiles: acceptsAnyName, suffixes: request.suffixes), filter: request.filter,
                followSymlinks: request.followSymlinks, removingLeftoverTemporaries: !output.discard && !request.toStandardOutput,
                readingNamedStreams: acceptsAnyName)
        }
        let scheduling = request.scheduling
        let window = makeWindow(jobs: scheduling.jobs)
        let taskContext = TaskContext(
            collector: collector, registry: registry, window: window, cancellation: cancellation, output: output)
        let collector = collector
        let decoding = DecodingContext(
            window: window, pools: DecoderPools(), cancellation: cancellation,
            progress: { collector.recordProgress(bytes: $0) }, scheduling: scheduling)

        let (tasks, planSkips) = plan(files, taskContext: taskContext)
        record(skipped: planSkips)
        collector.plan(files: tasks.count, bytes: tasks.reduce(0) { $0 + $1.size })
        if request.toStandardOutput {
            // One file after another, in the order named, each with all the workers; each file is
            // opened (and, passing plain input through, looked at) only when its turn comes.
            for task in tasks where !cancellation.isCancelled {
                schedule(items(of: task, decoding: decoding), scheduling, window: window)
            }
        } else {
            scheduleFilesThenStreams(tasks, isStream: \.isStream, size: \.size, path: \.file.path, window: window, scheduling) {
                items(of: $0, decoding: decoding)
            }
        }
        report.failures += taskContext.commits.finish()

        if cancellation.isCancelled { registry.removeAll() }
        return report.build(collector: collector, interrupted: cancellation.isCancelled)
    }

    /// A file to decode, and where its bytes go.
    private struct PlannedTask {
        /// A file the scan found, or standard input, already taken, for a `-`.
        let input: ScannedInput
        let destination: DecompressedFileDestination

        var file: ScannedFile { input.file }

        /// What its items are ordered by.
        var size: Int64 { file.status.size }

        /// Standard input or a FIFO: read as it comes, one at a time, in the order named.
        var isStream: Bool { input.isStream }
    }

    /// The work items of a file: a decoding task's blocks or, for a file passed through as it is,
    /// its copy. A file that cannot be opened or read here is left to the decoding task, which
    /// opens it again and reports why it cannot; standard input is read through the reader taken
    /// for its `-`, never opened by a name, and a FIFO is opened here, once its writer comes.
    private func items(of planned: PlannedTask, decoding: DecodingContext) -> [WorkItem] {
        let (input, size, destination) = (planned.input, planned.size, planned.destination)
        let needsReader = input.isStream || request.passesPlainInputThrough
        let reader = needsReader ? try? input.open(until: cancellation) : nil
        if request.passesPlainInputThrough, let reader, (try? PlainPassthrough.isPlain(reader)) == true {
            let task = PlainCopyTask(reader: reader, destination: destination, context: decoding)
            return [WorkItem(task: task, block: 0, taskSize: size, weight: task.weight)]
        }
        // A file large enough to decode in parallel is opened to plan it (and closed again until
        // its turn: a tree of large files must not hold a descriptor each); a zstd file whose
        // frames can be found decodes them in parallel.
        let file = input.file
        let isPlanned = size >= DecodingPlan.parallelThreshold || request.writesCheckpointIndexes
        let opened = reader ?? (isPlanned ? try? ReadableFile(file.path) : nil)
        if let opened, let index = ZstdDecodingTask.index(of: opened, size: size) {
            let task = ZstdDecodingTask(path: file.path, index: index, reader: reader, destination: destination, context: decoding)
            return (0..<task.blockCount).map { WorkItem(task: task, block: $0, taskSize: size, weight: task.weight(ofBlock: $0)) }
        }
        // A stream is planned as one (its members read ahead as they come: `PipedGzipReader`).
        let plan = opened.map { opened in
            if opened.isSequential { return DecodingPlan.stream }
            let plan = DecodingPlan.make(for: opened, size: size, checkpointIndex: checkpointIndex(of: file, opened: opened))
            return request.writesCheckpointIndexes ? plan.buildingCheckpointIndex(of: opened, size: size) : plan
        } ?? .stream
        let task = GzipDecodingTask(path: file.path, plan: plan, reader: reader, destination: destination, context: decoding)
        return (0..<task.blockCount).map { block in
            WorkItem(task: task, block: block, taskSize: size, weight: task.weight(ofBlock: block))
        }
    }

    /// The checkpoint index `file` is to be decoded through, if it has a usable one. A named index
    /// that cannot be used (stale, unreadable, not an index) is said as a warning.
    private func checkpointIndex(of file: ScannedFile, opened: ReadableFile) -> OpenCheckpointIndex? {
        let (path, isNamed): (PathName, Bool)
        switch request.checkpointIndexes {
        case .none: return nil
        case .sidecars: (path, isNamed) = (file.path.checkpointIndexSidecar, false)
        case .named(let named):
            // The index of the file named, not of every file under a directory named.
            guard file.path == request.roots.first else { return nil }
            (path, isNamed) = (named, true)
        }
        guard file.status.size >= DecodingPlan.parallelThreshold else { return nil }
        var notice: String?
        let index: OpenCheckpointIndex?
        do {
            index = try OpenCheckpointIndex.open(path, isNamed: isNamed, for: file.status, of: opened) { notice = $0 }
        } catch {
            index = nil
            notice = "index \(path.escapedForTerminal) cannot be read (\(error)): not used"
        }
        if isNamed, let notice { collector.record(.warning(RunReport.Notice(path: file.path, message: notice))) }
        return index
    }

    /// A task per file, in scan order; files whose output exists (without `--force`), whose output
    /// another file already claimed, or that `--rm` must not unlink, are skipped.
    private func plan(_ inputs: [ScannedInput], taskContext: TaskContext) -> ([PlannedTask], [SkippedPath]) {
        var tasks: [PlannedTask] = []
        var skipped: [SkippedPath] = []
        var claimed: [PathName: PathName] = [:]
        for input in inputs {
            let file = input.file
            let target: DecompressedTarget
            var restoredTime: FileTime?
            if request.purpose == .test {
                target = .nowhere
            } else if request.toStandardOutput {
                target = .standardOutput
            } else {
                guard var name = request.suffixes.decompressedPath(file.relativePath),
                      var sourceName = request.suffixes.decompressedPath(file.path)
                else {
                    skipped.append(SkippedPath(path: file.path, reason: .unknownSuffix))
                    continue
                }
                let restores = request.restoresHeaderFields
                if restores != .none, let (header, _) = GzipHeader.atStart(of: file.path) {
                    if restores.name, let stored = header.name.map({ PathName(bytes: $0).lastComponent }), !stored.isEmpty,
                       stored != ".", stored != ".." {
                        name = name.replacingLastComponent(with: stored)
                        sourceName = sourceName.replacingLastComponent(with: stored)
                    }
                    if restores.time && header.modificationTime != 0 { restoredTime = FileTime(seconds: Int64(header.modificationTime)) }
                }
                let destination = output.directory.map { $0.appending(name) } ?? sourceName
                if let first = claimed[destination] {
                    skipped.append(SkippedPath(path: file.path, reason: .nameTaken(destination, by: first)))
                    continue
                }
                if !output.force && FileStatus.exists(destination) {
                    skipped.append(SkippedPath(path: file.path, reason: .outputExists(destination)))
                    continue
                }
                if output.removeSources && !output.force && file.status.linkCount > 1 {
                    skipped.append(SkippedPath(path: file.path, reason: .hardLinked(otherLinks: file.status.linkCount - 1)))
                    continue
                }
                claimed[destination] = file.path
                target = .file(destination)
            }
            tasks.append(PlannedTask(
                input: input,
                destination: DecompressedFileDestination(
                    source: file, target: target, context: taskContext, restoredTime: restoredTime,
                    copiesTrailingBytes: request.passesPlainInputThrough)))
        }
        return (tasks, skipped)
    }
}

extension PathName {
    /// The path with `component` for its last component, in the same directory.
    func replacingLastComponent(with component: PathName) -> PathName {
        trimmingTrailingSlashes.bytes.contains(UInt8(ascii: "/")) ? parent.appending(component) : component
    }
}
