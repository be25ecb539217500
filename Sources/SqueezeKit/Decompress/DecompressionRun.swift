/// One `squeeze decompress` or `squeeze test`: scan for gzip files, plan a task per file (a block
/// per member for indexed files), schedule, collect, report.
public final class DecompressionRun: BatchRun, Sendable {
    public let request: DecompressionRequest
    public let collector: any ResultRecording
    public let cancellation: CancellationFlag
    public let registry: TemporaryFileRegistry

    public init(
        request: DecompressionRequest, collector: any ResultRecording = ResultCollector(),
        cancellation: CancellationFlag = CancellationFlag(), registry: TemporaryFileRegistry = TemporaryFileRegistry()
    ) {
        self.request = request
        self.collector = collector
        self.cancellation = cancellation
        self.registry = registry
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
        let files = scan(
            request.roots, selecting: .gzipFiles(acceptingNamedFiles: acceptsAnyName), filter: request.filter,
            followSymlinks: request.followSymlinks, into: &report)
        let scheduling = request.scheduling
        let window = makeWindow(jobs: scheduling.jobs)
        let taskContext = TaskContext(
            collector: collector, registry: registry, window: window, cancellation: cancellation, output: output)
        let collector = collector
        let decoding = DecodingContext(
            window: window, pools: DecoderPools(), cancellation: cancellation,
            progress: { collector.recordProgress(bytes: $0) })

        let (tasks, planSkips) = plan(files, taskContext: taskContext, decoding: decoding)
        report.skipped += planSkips
        collector.plan(files: tasks.count, bytes: tasks.reduce(0) { $0 + $1.size })
        if request.toStandardOutput {
            // One file after another, in the order named, each with all the workers.
            for task in tasks where !cancellation.isCancelled {
                schedule(PlannedWork(items: task.items, window: window), scheduling)
            }
        } else {
            let ordered = tasks.sortedLargestFirst(size: \.size, path: \.task.path)
            schedule(PlannedWork(items: ordered.flatMap(\.items), window: window), scheduling)
        }

        if cancellation.isCancelled { registry.removeAll() }
        return report.build(collector: collector, interrupted: cancellation.isCancelled)
    }

    /// A decoding task and the size its items are ordered by.
    private struct PlannedTask {
        let task: GzipDecodingTask
        let size: Int64

        var items: [WorkItem] {
            (0..<task.blockCount).map { block in
                WorkItem(task: task, block: block, taskSize: size, weight: task.weight(ofBlock: block))
            }
        }
    }

    /// A task per file, in scan order; files whose output exists (without `--force`), whose output
    /// another file already claimed, or that `--rm` must not unlink, are skipped.
    private func plan(
        _ files: [ScannedFile], taskContext: TaskContext, decoding: DecodingContext
    ) -> ([PlannedTask], [SkippedPath]) {
        var tasks: [PlannedTask] = []
        var skipped: [SkippedPath] = []
        var claimed: [PathName: PathName] = [:]
        for file in files {
            let target: DecompressedTarget
            if request.purpose == .test {
                target = .nowhere
            } else if request.toStandardOutput {
                target = .standardOutput
            } else {
                guard let name = file.relativePath.decompressedPath, let sourceName = file.path.decompressedPath else {
                    skipped.append(SkippedPath(path: file.path, reason: .unknownSuffix))
                    continue
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
            let task = GzipDecodingTask(
                path: file.path, plan: DecodingPlan.make(forPath: file.path, size: file.status.size),
                destination: DecompressedFileDestination(source: file, target: target, context: taskContext),
                context: decoding)
            tasks.append(PlannedTask(task: task, size: file.status.size))
        }
        return (tasks, skipped)
    }
}
