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
    /// `rootDirectory` when given (see `TreeScanner.scan`); each file comes with its directory
    /// held open when `pinningDirectories` (`ScanOptions.pinsDirectories`).
    func scan(
        _ roots: [PathName], selecting selection: FileSelection, filter: PathFilter, followSymlinks: Bool,
        removingLeftoverTemporaries: Bool = false, readingNamedStreams: Bool = false, outputSuffix: String = ".gz",
        notingOutputsToCheck: Bool = false, rootDirectory: ParentDirectory? = nil, pinningDirectories: Bool = false,
        eachFile: (_ file: ScannedFile, _ outputMayExist: Bool) -> Void
    ) {
        var options = ScanOptions(
            selection: selection, filter: filter, followSymlinks: followSymlinks,
            removesLeftoverTemporaries: removingLeftoverTemporaries, readsNamedStreams: readingNamedStreams,
            outputSuffix: outputSuffix, notesOutputsToCheck: notingOutputsToCheck)
        options.pinsDirectories = pinningDirectories
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

extension BatchRun {
    /// The inputs `roots` name, in their order: the files `scanning` finds under each run of roots
    /// that are paths, and standard input for each `-`, named `PathName.standardInputName` (a
    /// failure to take it, descriptor 0 closed, is recorded as the scan's failures are).
    func inputs(_ roots: [PathName], scanning: ([PathName]) -> [ScannedFile]) -> [ScannedInput] {
        var found: [ScannedInput] = []
        var pending: [PathName] = []
        func scanPending() {
            if !pending.isEmpty { found += scanning(pending).map { ScannedInput(file: $0, standardInput: nil) } }
            pending = []
        }
        for root in roots {
            guard root == .standardInput else {
                pending.append(root)
                continue
            }
            scanPending()
            do {
                let file = try ReadableFile(standardInputNamed: .standardInputName)
                let scanned = ScannedFile(path: .standardInputName, relativePath: .standardInputName, status: try file.status())
                found.append(ScannedInput(file: scanned, standardInput: file))
            } catch {
                record(skipped: [], failures: [FileFailure(path: .standardInputName, error: error)])
            }
        }
        scanPending()
        return found
    }
}

extension ScannedInput {
    /// Standard input or a FIFO: read as its bytes come, so commands read these one at a time,
    /// in the order named, after the files (a FIFO's open waits for its writer).
    var isStream: Bool { standardInput != nil || file.status.kind == .fifo }

    /// Opens the input to read it (standard input was taken already); a FIFO, which only a user
    /// names (a walk passes them by), is waited for until its writer comes or `cancellation` is
    /// set (`ReadableFile(_:waitingForWriterUntil:)`).
    func open(until cancellation: CancellationFlag) throws(SystemError) -> ReadableFile {
        if let standardInput { return standardInput }
        guard file.status.kind == .fifo else { return try ReadableFile(file.path) }
        return try ReadableFile(file.path, waitingForWriterUntil: cancellation)
    }
}
