/// Everything `squeeze compress` was asked to do.
public struct CompressionRequest: Sendable {
    public var roots: [PathName]
    public var filter: PathFilter
    public var followSymlinks: Bool
    public var settings: CompressionSettings
    public var scheduling: SchedulingOptions
    public var output: OutputOptions

    public init(
        roots: [PathName], filter: PathFilter = PathFilter(), followSymlinks: Bool = false,
        settings: CompressionSettings = CompressionSettings(), scheduling: SchedulingOptions = SchedulingOptions(),
        output: OutputOptions = OutputOptions()
    ) {
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
        let files = scanCompactly(
            request.roots, selecting: .uncompressed, filter: request.filter, followSymlinks: request.followSymlinks,
            removingLeftoverTemporaries: !request.output.discard)
        let window = makeWindow(jobs: request.scheduling.jobs, blockSize: request.settings.blockSize)
        let context = TaskContext(
            collector: collector, registry: registry, window: window, cancellation: cancellation, output: request.output)
        let order = plan(files)
        collector.plan(files: order.count, bytes: order.reduce(0) { $0 + files.size(at: Int($1)) })

        // Each file's task and items are made when its turn comes.
        let (settings, output) = (request.settings, request.output)
        let encoder = settings.codec.makeEncoder(level: settings.level)
        let work = PlannedTasks(taskCount: order.count, window: window) { position in
            let file = files[Int(order[position])]
            let task = CompressionTask(
                source: file, destination: output.destination(for: file) { $0.appendingSuffix(".gz") },
                settings: settings, encoder: encoder, context: context)
            return (0..<task.blockCount).map { block in
                WorkItem(task: task, block: block, taskSize: file.status.size, weight: task.weight(ofBlock: block))
            }
        }
        schedule(work, request.scheduling)
        report.failures += context.commits.finish()

        if cancellation.isCancelled { registry.removeAll() }
        return report.build(collector: collector, interrupted: cancellation.isCancelled)
    }

    /// The files to compress, as indices into `files`, largest first (each task checks for an
    /// existing output when it starts). Files whose output another file already claimed, or that
    /// `--rm` must not unlink, are skipped. Within one root no two files can claim one output, so
    /// names are only kept (as hashes) when there are several roots.
    private func plan(_ files: ScannedFiles) -> [Int32] {
        let output = request.output
        var chosen: [Int32] = []
        chosen.reserveCapacity(files.count)
        var claimed = request.roots.count > 1 ? ClaimedNames() : nil
        let destination = { (index: Int32) in output.destination(for: files[Int(index)]) { $0.appendingSuffix(".gz") } }
        for index in files.indices {
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
