import Glibc

/// Where a run reports, what stops it and what it cleans up: the same for every command, and
/// shared with whoever watches the run (the progress line reads the collector; an interrupt
/// handler sets the flag and removes the registered temporaries).
public struct RunEnvironment: Sendable {
    public let collector: any ResultRecording
    public let cancellation: CancellationFlag
    public let registry: TemporaryFileRegistry

    public init(
        collector: any ResultRecording = ResultCollector(), cancellation: CancellationFlag = CancellationFlag(),
        registry: TemporaryFileRegistry = TemporaryFileRegistry()
    ) {
        self.collector = collector
        self.cancellation = cancellation
        self.registry = registry
    }
}

/// What the batch runs do alike: scan with their skips and failures going into the report
/// (compress, decompress and test, list), bound their work with a window and hand it to the
/// scheduler of the chosen mode (those and archive).
protocol BatchRun {
    var environment: RunEnvironment { get }
}

extension BatchRun {
    var collector: any ResultRecording { environment.collector }
    var cancellation: CancellationFlag { environment.cancellation }
    var registry: TemporaryFileRegistry { environment.registry }

    /// The files a scan selects; what it passed by or could not read is recorded at once, before
    /// any task's outcome. A run that writes beside its inputs removes the temporaries killed
    /// runs left there.
    func scan(
        _ roots: [PathName], selecting selection: FileSelection, filter: PathFilter, followSymlinks: Bool,
        removingLeftoverTemporaries: Bool = false, readingNamedStreams: Bool = false
    ) -> [ScannedFile] {
        Array(scanCompactly(
            roots, selecting: selection, filter: filter, followSymlinks: followSymlinks,
            removingLeftoverTemporaries: removingLeftoverTemporaries, readingNamedStreams: readingNamedStreams))
    }

    /// As `scan`, the files kept compactly: for runs over more files than their objects would fit
    /// in memory. Skips and failures go to the collector as the walk finds them.
    func scanCompactly(
        _ roots: [PathName], selecting selection: FileSelection, filter: PathFilter, followSymlinks: Bool,
        removingLeftoverTemporaries: Bool = false, readingNamedStreams: Bool = false, outputSuffix: String = ".gz"
    ) -> ScannedFiles {
        var files = ScannedFiles()
        scan(
            roots, selecting: selection, filter: filter, followSymlinks: followSymlinks,
            removingLeftoverTemporaries: removingLeftoverTemporaries, readingNamedStreams: readingNamedStreams,
            outputSuffix: outputSuffix
        ) { file, _ in files.append(file) }
        return files
    }

    /// As `scan`, each file handed to `eachFile` as the walk finds it (for a run that starts work
    /// before the walk ends), with whether its directory lists its output (only looked for when
    /// `notingOutputsToCheck`); the walk stops once the run is cancelled. Roots are looked up in
    /// `rootDirectory` when given (see `TreeScanner.scan`).
    func scan(
        _ roots: [PathName], selecting selection: FileSelection, filter: PathFilter, followSymlinks: Bool,
        removingLeftoverTemporaries: Bool = false, readingNamedStreams: Bool = false, outputSuffix: String = ".gz",
        notingOutputsToCheck: Bool = false, rootDirectory: ParentDirectory? = nil,
        eachFile: (_ file: ScannedFile, _ outputMayExist: Bool) -> Void
    ) {
        let options = ScanOptions(
            selection: selection, filter: filter, followSymlinks: followSymlinks,
            removesLeftoverTemporaries: removingLeftoverTemporaries, readsNamedStreams: readingNamedStreams,
            outputSuffix: outputSuffix, notesOutputsToCheck: notingOutputsToCheck)
        TreeScanner(options: options).scan(roots, stoppingWhen: cancellation, rootDirectory: rootDirectory) { finding in
            switch finding {
            case .file(let file): eachFile(file, false)
            case .fileWithOutputToCheck(let file): eachFile(file, true)
            case .skipped(let skip): record(skipped: [skip])
            case .failure(let failure): record(skipped: [], failures: [failure])
            }
        }
    }

    /// Records skips and failures found before the run's tasks (by the scan or the plan).
    func record(skipped: [SkippedPath], failures: [FileFailure] = []) {
        for skip in skipped { collector.record(.skipped(skip)) }
        for failure in failures { collector.record(.failure(RunReport.Notice(path: failure.path, message: failure.message))) }
    }

    /// The window that bounds the run's work in flight: four blocks per job.
    func makeWindow(jobs: Int, blockSize: Int = BlockLayout.defaultBlockSize) -> WorkWindow {
        WorkWindow(capacity: WorkWindow.capacity(forJobs: jobs, blockSize: blockSize), cancellation: cancellation)
    }

    /// Runs every item `feed` hands its feeder (on this thread), in the mode asked for; returns
    /// when all have run.
    func schedule<Result>(_ scheduling: SchedulingOptions, window: WorkWindow, _ feed: (Feeder) throws -> Result) rethrows -> Result {
        try scheduling.run(window: window, cancellation: cancellation, feed)
    }

    /// Runs `items`, in order of hand-out, in the mode asked for; returns when all have run.
    func schedule(_ items: some Sequence<WorkItem>, _ scheduling: SchedulingOptions, window: WorkWindow) {
        scheduling.run(items, window: window, cancellation: cancellation)
    }
}

/// What every task of a run shares: where to report, what to clean up, when to stop. A class, made
/// once per run: each task keeps one reference to it, where a struct would cost a retain and a
/// release of each of its fields per task (and of objects that every worker's tasks share, whose
/// counts then move between cores).
final class TaskContext: Sendable {
    let collector: any ResultRecording
    let registry: TemporaryFileRegistry
    let window: WorkWindow
    let cancellation: CancellationFlag
    let output: OutputOptions
    /// Where a file's outcome goes once its output is committed: `--rm` and `--sync` make the
    /// output durable first.
    let commits: DurableCommits

    init(
        collector: any ResultRecording, registry: TemporaryFileRegistry, window: WorkWindow,
        cancellation: CancellationFlag, output: OutputOptions
    ) {
        self.collector = collector
        self.registry = registry
        self.window = window
        self.cancellation = cancellation
        self.output = output
        commits = DurableCommits(output: output, collector: collector)
    }

    /// A new output for `destination`, opened as `OutputDestination` decides (an existing one only
    /// under `--force`), or nothing under `--discard`. A symbolic link at `destination` is
    /// replaced unless the user named the path (`symlinks: .follow`).
    func makeOutput(
        for destination: PathName, symlinks: OutputDestination.SymlinkHandling = .replace
    ) throws -> any OutputFile {
        if output.discard { return DiscardedOutput() }
        if output.directory != nil { try DirectoryCreator.createDirectory(destination.parent) }
        return try OutputDestination.open(
            destination, replacingExisting: output.force, symlinks: symlinks, registry: registry)
    }
}
