/// Everything `squeeze compress` was asked to do.
public struct CompressionRequest: Sendable {
    public var roots: [PathName]
    public var filter: PathFilter
    public var followSymlinks: Bool
    public var settings: CompressionSettings
    public var scheduling: SchedulingOptions
    public var output: OutputOptions
    /// `--shard K/N` without a plan: only this task's part of what the scan finds.
    public var shard: ShardSlice?
    /// `--resume`: outputs already complete are counted as done instead of redone.
    public var resume: ResumeMode?
    /// What each output's name ends with (gzip's `-S`).
    public var suffix: String

    public init(
        roots: [PathName], filter: PathFilter = PathFilter(), followSymlinks: Bool = false,
        settings: CompressionSettings = CompressionSettings(), scheduling: SchedulingOptions = SchedulingOptions(),
        output: OutputOptions = OutputOptions(), shard: ShardSlice? = nil, resume: ResumeMode? = nil,
        suffix: String = ".gz"
    ) {
        self.suffix = suffix
        self.roots = roots
        self.filter = filter
        self.followSymlinks = followSymlinks
        self.settings = settings
        self.scheduling = scheduling
        self.output = output
        self.shard = shard
        self.resume = resume
    }
}

/// One `squeeze compress`: scan, plan, schedule, collect, report.
public final class CompressionRun: BatchRun, Sendable {
    public let request: CompressionRequest
    public let environment: RunEnvironment

    public init(request: CompressionRequest, environment: RunEnvironment = RunEnvironment()) {
        self.request = request
        self.environment = environment
    }

    public func run() -> RunReport {
        var report = RunReportBuilder(
            command: "compress",
            settings: RunReport.Settings(scheduling: request.scheduling, compression: request.settings),
            compressedSide: .output)
        let files = scanCompactly(
            request.roots, selecting: .uncompressed, filter: request.filter, followSymlinks: request.followSymlinks,
            removingLeftoverTemporaries: !request.output.discard)
        // `--shard K/N`: this task's part of the partition of everything the scan found.
        let candidates = request.shard.map { $0.indices(ofSizes: files.indices.map { files.size(at: $0) }) }
            ?? Array(files.indices)
        let window = makeWindow(jobs: request.scheduling.jobs, blockSize: request.settings.blockSize)
        let context = TaskContext(
            collector: collector, registry: registry, window: window, cancellation: cancellation, output: request.output)
        let (settings, output) = (request.settings, request.output)
        let suffix = request.suffix
        let destination: @Sendable (ScannedFile) -> PathName = { file in output.destination(for: file) { $0.appendingSuffix(suffix) } }
        let planned = plan(files, candidates: candidates)
        collector.plan(files: planned.count, bytes: planned.reduce(0) { $0 + files.size(at: Int($1)) })
        let collector = collector
        let (order, resumedFiles, resumedBytes) = request.resume.map {
            ResumeCheck(mode: $0).split(planned, of: files, destination: destination) { collector.record($0) }
        } ?? (planned, 0, 0)

        // Each file's task and items are made when its turn comes.
        let encoder = settings.codec.makeEncoder(level: settings.level)
        let work = PlannedTasks(taskCount: order.count, window: window) { position in
            let file = files[Int(order[position])]
            let task = CompressionTask(
                source: file, destination: destination(file), settings: settings, encoder: encoder, context: context)
            return (0..<task.blockCount).map { block in
                WorkItem(task: task, block: block, taskSize: file.status.size, weight: task.weight(ofBlock: block))
            }
        }
        schedule(work, request.scheduling)
        report.failures += context.commits.finish()

        if cancellation.isCancelled { registry.removeAll() }
        var built = report.build(collector: collector, interrupted: cancellation.isCancelled)
        if request.resume != nil {
            built.filesResumed = resumedFiles
            built.bytesResumed = resumedBytes
        }
        return built
    }

    /// The files to compress, as indices into `files`, largest first (each task checks for an
    /// existing output when it starts). Files whose output another file already claimed, or that
    /// `--rm` must not unlink, are skipped. Within one root no two files can claim one output, so
    /// names are only kept (as hashes) when there are several roots.
    private func plan(_ files: ScannedFiles, candidates: [Int]) -> [Int32] {
        let (output, suffix) = (request.output, request.suffix)
        var chosen: [Int32] = []
        chosen.reserveCapacity(candidates.count)
        var claimed = request.roots.count > 1 ? ClaimedNames() : nil
        let destination = { (index: Int32) in output.destination(for: files[Int(index)]) { $0.appendingSuffix(suffix) } }
        for index in candidates {
            let position = Int32(index)
            let status = files.status(at: index)
            if output.removeSources && !output.force && status.linkCount > 1 {
                record(skipped: [SkippedPath(path: files[index].path, reason: .hardLinked(otherLinks: status.linkCount - 1))])
                continue
            }
            if claimed != nil {
                let name = destination(position)
                if let first = claimed?.claim(name, by: position, nameOf: destination) {
                    record(skipped: [SkippedPath(path: files[index].path, reason: .nameTaken(name, by: files[Int(first)].path))])
                    continue
                }
            }
            chosen.append(position)
        }
        return files.indicesLargestFirst(chosen)
    }
}
