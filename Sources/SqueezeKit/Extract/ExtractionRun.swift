/// One `squeeze extract`: every entry of an archive restored under a destination directory, each
/// refused entry reported with its reason, the rest extracted (see `ArchiveExtractor` for the
/// safety rules).
///
/// The archive's bytes come from `request.openStream`: for now the file as it is, which
/// libarchive decompresses itself. That is where squeeze's parallel decoder plugs in.
public final class ExtractionRun: Sendable {
    public let request: ExtractionRequest
    public let collector: any ResultRecording
    public let cancellation: CancellationFlag
    public let registry: TemporaryFileRegistry

    public init(
        request: ExtractionRequest, collector: any ResultRecording = ResultCollector(),
        cancellation: CancellationFlag = CancellationFlag(), registry: TemporaryFileRegistry = TemporaryFileRegistry()
    ) {
        self.request = request
        self.collector = collector
        self.cancellation = cancellation
        self.registry = registry
    }

    public func run() -> RunReport {
        // Extraction itself is one thread (libarchive's reader and writer); the settings say so.
        var report = RunReportBuilder(
            command: "extract", settings: RunReport.Settings(scheduling: SchedulingOptions(mode: .sequential, jobs: 1)),
            compressedSide: .input)
        let start = MonotonicClock.now()
        var bytesConsumed: Int64 = 0
        var failure: (any Error)?
        do {
            let (root, rootWasCreated) = try prepareDestination()
            let stream = try request.openStream(request.archive)
            collector.plan(files: 0, bytes: (try? FileStatus.of(request.archive, followingSymlinks: true).size) ?? 0)
            try UTF8ThreadLocale.run {
                let reader = try ArchiveReadHandle(stream: stream, name: request.archive)
                defer { bytesConsumed = reader.bytesConsumed }
                let extractor = try ArchiveExtractor(
                    reader: reader, root: root, rootWasCreated: rootWasCreated, options: request.options,
                    registry: registry, collector: collector, cancellation: cancellation)
                try extractor.extractAll(into: &report)
            }
        } catch {
            failure = error
        }
        if !cancellation.isCancelled {
            var outcome = FileOutcome(
                source: request.archive, output: request.destination, bytesIn: bytesConsumed, bytesOut: 0,
                seconds: MonotonicClock.now() - start,
                status: failure.map { .failed("\($0)") } ?? .done)
            outcome.isArchive = true
            collector.record(outcome)
        }
        if cancellation.isCancelled { registry.removeAll() }
        return report.build(collector: collector, interrupted: cancellation.isCancelled)
    }

    /// Creates the destination if missing; returns its canonical path (every entry is placed
    /// under it) and whether this run created it.
    private func prepareDestination() throws(SystemError) -> (PathName, Bool) {
        let existed = FileStatus.exists(request.destination)
        try DirectoryCreator.createDirectory(request.destination)
        return (try request.destination.canonical(), !existed)
    }
}
