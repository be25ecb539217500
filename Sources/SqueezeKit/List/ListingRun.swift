/// One `squeeze list`: scan for gzip files (any file named on the command line), list each on a
/// worker, and report; each file's listing is in its entry of the report.
public final class ListingRun: BatchRun, Sendable {
    public let request: ListingRequest
    public let collector: any ResultRecording
    public let cancellation: CancellationFlag

    public init(
        request: ListingRequest, collector: any ResultRecording = ResultCollector(),
        cancellation: CancellationFlag = CancellationFlag()
    ) {
        self.request = request
        self.collector = collector
        self.cancellation = cancellation
    }

    public func run() -> RunReport {
        var report = RunReportBuilder(
            command: "list", settings: RunReport.Settings(scheduling: request.scheduling), compressedSide: .input)
        let files = scan(
            request.roots, selecting: .gzipFiles(acceptingNamedFiles: true), filter: request.filter,
            followSymlinks: request.followSymlinks, into: &report)
        let scheduling = request.scheduling
        let window = makeWindow(jobs: scheduling.jobs)
        // Listers that recognize a format go first; the gzip lister takes the rest.
        let listers: [any FileLister] = [ArchiveFileLister(scheduling: scheduling), GzipFileLister(pools: DecoderPools())]
        let tasks = files
            .map { ListingTask(source: $0, listers: listers, collector: collector, window: window, cancellation: cancellation) }
            .sortedLargestFirst(size: { $0.source.status.size }, path: { $0.source.path })
        collector.plan(files: tasks.count, bytes: tasks.reduce(0) { $0 + $1.source.status.size })
        let items = tasks.map { WorkItem(task: $0, block: 0, taskSize: $0.source.status.size, weight: $0.weight) }
        schedule(PlannedWork(items: items, window: window), scheduling)
        return report.build(collector: collector, interrupted: cancellation.isCancelled)
    }
}
