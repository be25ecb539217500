/// Everything `squeeze gzip -l` was asked to do.
public struct GzipStyleListingRequest: Sendable {
    /// Files, directories (walked for gzip files, as `gzip -lr`), and `PathName.standardInput`.
    public var roots: [PathName]
    /// `-N`: the name and time from the header, where it has them.
    public var usesHeaderName: Bool
    public var scheduling: SchedulingOptions

    public init(roots: [PathName], usesHeaderName: Bool = false, scheduling: SchedulingOptions = SchedulingOptions()) {
        self.roots = roots
        self.usesHeaderName = usesHeaderName
        self.scheduling = scheduling
    }
}

/// One `squeeze gzip -l`: what GNU gzip 1.12's `-l` lists, file by file in the order named. As
/// gzip 1.12 does, each file is decoded whole (every member's CRC-32 and length checked), so a
/// damaged file is an error and gets no line; so does a file with bytes after its last member
/// (garbage with gzip's warning, zeros without a word). Files are decoded in parallel and listed
/// in order once all are done; standard input, after the files.
public final class GzipStyleListingRun: BatchRun, Sendable {
    public let request: GzipStyleListingRequest
    public let environment: RunEnvironment
    private let listed = Locked<[Int: GzipStyleEntry]>([:])

    public init(request: GzipStyleListingRequest, environment: RunEnvironment = RunEnvironment()) {
        self.request = request
        self.environment = environment
    }

    /// The lines to print, in the order the files were named (and walked): after `run()`.
    public var entries: [GzipStyleEntry] {
        listed.withLock { listed in listed.keys.sorted().map { listed[$0]! } }
    }

    public func run() -> RunReport {
        var report = RunReportBuilder(
            command: "list", settings: RunReport.Settings(scheduling: request.scheduling), compressedSide: .input)
        report.rateOf = nil
        let found = inputs(request.roots) { roots in
            scan(roots, selecting: .gzipFiles(acceptingNamedFiles: true), filter: PathFilter(), followSymlinks: false, readingNamedStreams: true)
        }
        let scheduling = request.scheduling
        let window = makeWindow(jobs: scheduling.jobs)
        let pools = DecoderPools()
        let tasks = found.enumerated().map { index, input in
            GzipStyleListingTask(
                input: input, usesHeaderName: request.usesHeaderName, pools: pools, collector: collector, window: window,
                cancellation: cancellation) { [listed] entry in listed.withLock { $0[index] = entry } }
        }
        collector.plan(files: tasks.count, bytes: tasks.reduce(0) { $0 + $1.input.file.status.size })
        scheduleFilesThenStreams(
            tasks, isStream: \.input.isStream, size: \.input.file.status.size, path: \.input.file.path, window: window, scheduling
        ) { task in
            [WorkItem(task: task, block: 0, taskSize: task.input.file.status.size, weight: task.weight)]
        }
        return report.build(collector: collector, interrupted: cancellation.isCancelled)
    }
}
