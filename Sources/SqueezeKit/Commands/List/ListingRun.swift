/// Everything `squeeze list` was asked to do.
public struct ListingRequest: Sendable {
    public var roots: [PathName]
    public var filter: PathFilter
    public var followSymlinks: Bool
    public var scheduling: SchedulingOptions
    /// Where each archive's entries go as they are read; nil keeps them in the report's listing.
    public var entryHandler: ArchiveEntryHandler?

    public init(
        roots: [PathName], filter: PathFilter = PathFilter(), followSymlinks: Bool = false,
        scheduling: SchedulingOptions = SchedulingOptions(), entryHandler: ArchiveEntryHandler? = nil
    ) {
        self.roots = roots
        self.filter = filter
        self.followSymlinks = followSymlinks
        self.scheduling = scheduling
        self.entryHandler = entryHandler
    }
}

/// One `squeeze list`: scan for gzip files (any file named on the command line), list each on a
/// worker, and report; each file's listing is in its entry of the report.
public final class ListingRun: BatchRun, Sendable {
    public let request: ListingRequest
    public let environment: RunEnvironment

    public init(request: ListingRequest, environment: RunEnvironment = RunEnvironment()) {
        self.request = request
        self.environment = environment
    }

    public func run() -> RunReport {
        var report = RunReportBuilder(
            command: "list", settings: RunReport.Settings(scheduling: request.scheduling), compressedSide: .input)
        report.rateOf = nil
        let found = inputs(request.roots) { roots in
            scan(
                roots, selecting: .gzipFiles(acceptingNamedFiles: true), filter: request.filter,
                followSymlinks: request.followSymlinks, readingNamedStreams: true)
        }
        let scheduling = request.scheduling
        let window = makeWindow(jobs: scheduling.jobs)
        // Listers that recognize a format go first; the gzip lister takes the rest.
        let pools = DecoderPools()
        let listers: [any FileLister] = [
            ArchiveFileLister(scheduling: scheduling, entryHandler: request.entryHandler), ZstdFileLister(pools: pools),
            GzipFileLister(pools: pools)]
        let tasks = found.map {
            ListingTask(input: $0, listers: listers, collector: collector, window: window, cancellation: cancellation)
        }
        collector.plan(files: tasks.count, bytes: tasks.reduce(0) { $0 + $1.source.status.size })
        scheduleFilesThenStreams(
            tasks, isStream: \.input.isStream, size: \.source.status.size, path: \.source.path, window: window, scheduling
        ) { task in
            [WorkItem(task: task, block: 0, taskSize: task.source.status.size, weight: task.weight)]
        }
        return report.build(collector: collector, interrupted: cancellation.isCancelled)
    }
}

/// Lists one file, as a single-block `BlockTask`: opens it, lets the first lister that recognizes
/// its first bytes list it, and records the outcome (with the listing) in `finish()`.
final class ListingTask: BlockTask {
    /// A file the scan found, or standard input, taken for its `-`.
    let input: ScannedInput
    private let listers: [any FileLister]
    private let collector: any ResultRecording
    private let window: WorkWindow
    private let cancellation: CancellationFlag
    private let outcome = OneFileOutcome()

    init(
        input: ScannedInput, listers: [any FileLister], collector: any ResultRecording, window: WorkWindow,
        cancellation: CancellationFlag
    ) {
        precondition(!listers.isEmpty)
        self.input = input
        self.listers = listers
        self.collector = collector
        self.window = window
        self.cancellation = cancellation
    }

    var source: ScannedFile { input.file }

    var blockCount: Int { 1 }

    /// Listing holds a pooled decoder at most: the smallest credit.
    var weight: Int { window.weight(ofLength: 0) }

    func runBlock(_ index: Int) -> Bool {
        defer { window.release(weight) }
        guard !cancellation.isCancelled else { return true }
        outcome.work(on: source.path, progressBytes: source.status.size) { start in
            let file = try input.open(until: cancellation)
            let prefix = try file.read(count: GzipFileLister.prefixLength, at: 0)
            // The last lister takes whatever no other recognizes, and says what is wrong with it.
            let lister = listers.first { $0.recognizes(prefix, path: source.path) } ?? listers.last!
            let listing = try lister.list(file, status: source.status, cancellation: cancellation)
            let garbage = listing.trailingGarbageBytes
            // The listing's compressed size is the file's (for a pipe, what was read of it).
            return FileOutcome(
                source: source.path, output: nil, bytesIn: listing.compressedBytes,
                bytesOut: listing.uncompressedBytes,
                seconds: MonotonicClock.now() - start, status: .done,
                warning: garbage > 0 ? TrailingBytes.garbage(count: garbage).warning : listing.notice, listing: listing)
        }
        return true
    }

    func finish() { outcome.record(to: collector, unless: cancellation) }
}
