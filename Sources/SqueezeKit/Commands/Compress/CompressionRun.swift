/// Everything `squeeze compress` was asked to do.
public struct CompressionRequest: Sendable {
    public var roots: [PathName]
    public var filter: PathFilter
    public var followSymlinks: Bool
    public var settings: CompressionSettings
    public var scheduling: SchedulingOptions
    public var output: OutputOptions
    /// What each output's name ends with (gzip's `-S`).
    public var suffix: String

    public init(
        roots: [PathName], filter: PathFilter = PathFilter(), followSymlinks: Bool = false,
        settings: CompressionSettings = CompressionSettings(), scheduling: SchedulingOptions = SchedulingOptions(),
        output: OutputOptions = OutputOptions(), suffix: String = ".gz"
    ) {
        self.suffix = suffix
        self.roots = roots
        self.filter = filter
        self.followSymlinks = followSymlinks
        self.settings = settings
        self.scheduling = scheduling
        self.output = output
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
        let files = scan(
            request.roots, selecting: .uncompressed, filter: request.filter, followSymlinks: request.followSymlinks,
            removingLeftoverTemporaries: !request.output.discard)
        let window = makeWindow(jobs: request.scheduling.jobs, blockSize: request.settings.blockSize)
        let context = TaskContext(
            collector: collector, registry: registry, window: window, cancellation: cancellation, output: request.output)
        let (tasks, planSkips) = plan(files, context: context)
        record(skipped: planSkips)
        collector.plan(files: tasks.count, bytes: tasks.reduce(0) { $0 + $1.source.status.size })

        let items = tasks.flatMap { task in
            (0..<task.blockCount).map { block in
                WorkItem(task: task, block: block, taskSize: task.source.status.size, weight: task.weight(ofBlock: block))
            }
        }
        schedule(PlannedWork(items: items, window: window), request.scheduling)
        report.failures += context.commits.finish()

        if cancellation.isCancelled { registry.removeAll() }
        return report.build(collector: collector, interrupted: cancellation.isCancelled)
    }

    /// A task per file, largest first (each task checks for an existing output when it starts);
    /// files whose output another file already claimed, or that `--rm` must not unlink, are skipped.
    private func plan(_ files: [ScannedFile], context: TaskContext) -> ([CompressionTask], [SkippedPath]) {
        let output = request.output
        let encoder = request.settings.codec.makeEncoder(level: request.settings.level)
        var tasks: [CompressionTask] = []
        var skipped: [SkippedPath] = []
        var claimed: [PathName: PathName] = [:]
        for file in files {
            let destination = output.destination(for: file) { $0.appendingSuffix(request.suffix) }
            if let first = claimed[destination] {
                skipped.append(SkippedPath(path: file.path, reason: .nameTaken(destination, by: first)))
                continue
            }
            if output.removeSources && !output.force && file.status.linkCount > 1 {
                skipped.append(SkippedPath(path: file.path, reason: .hardLinked(otherLinks: file.status.linkCount - 1)))
                continue
            }
            claimed[destination] = file.path
            tasks.append(CompressionTask(
                source: file, destination: destination, settings: request.settings, encoder: encoder, context: context))
        }
        return (tasks.sortedLargestFirst(size: { $0.source.status.size }, path: { $0.source.path }), skipped)
    }
}
