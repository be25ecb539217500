/// Everything `squeeze extract` was asked to do.
public struct ExtractionRequest: Sendable {
    /// Any archive libarchive reads: tar (compressed or not), zip, cpio, 7z, ...
    public var archive: PathName
    /// Where to extract; created if missing. Nothing is ever written outside it.
    public var destination: PathName
    public var options: ExtractionOptions
    /// The entries to extract (each with everything beneath it); empty, all of them.
    public var members: [PathName]
    /// How decoding a compressed archive is scheduled; with more than one job, plain files are
    /// created on a second thread (`PlainFileCreator`).
    public var scheduling: SchedulingOptions
    /// How the archive's bytes reach libarchive: as they are, or decoded by squeeze first.
    public var openStream: DecodedStreamOpener

    /// `openStream` defaults to `DecodedStreamOpeners.automatic` with `scheduling`.
    public init(
        archive: PathName, destination: PathName, members: [PathName] = [], options: ExtractionOptions = ExtractionOptions(),
        scheduling: SchedulingOptions = SchedulingOptions(), openStream: DecodedStreamOpener? = nil
    ) {
        self.archive = archive
        self.members = members
        self.destination = destination
        self.options = options
        self.scheduling = scheduling
        self.openStream = openStream ?? DecodedStreamOpeners.automatic(scheduling: scheduling)
    }
}

/// What `squeeze extract` may do beyond the safe default. Off by default, each of these lets an
/// archive from someone else do more to this machine.
public struct ExtractionOptions: Sendable, Equatable {
    /// Replace files that were in the destination before (`--force`). Without it they are kept and
    /// the entry is skipped with a warning; what this extraction itself made may always be replaced.
    public var overwrite: Bool
    /// Give files the owner and group the archive names (`--same-owner`); otherwise they belong
    /// to whoever extracts.
    public var restoreOwners: Bool
    /// Create device nodes and FIFOs (`--allow-special-files`); otherwise they are refused.
    public var allowSpecialFiles: Bool
    /// Keep setuid and setgid bits (`--keep-setuid`); otherwise they are cleared.
    public var keepSetuidBits: Bool

    public init(overwrite: Bool = false, restoreOwners: Bool = false, allowSpecialFiles: Bool = false, keepSetuidBits: Bool = false) {
        self.overwrite = overwrite
        self.restoreOwners = restoreOwners
        self.allowSpecialFiles = allowSpecialFiles
        self.keepSetuidBits = keepSetuidBits
    }
}

/// One `squeeze extract`: every entry of an archive restored under a destination directory, each
/// refused entry reported with its reason, the rest extracted (see `ArchiveExtractor` for the
/// safety rules).
///
/// The archive's bytes come from `request.openStream`: by default squeeze's decoder for gzip (in
/// parallel for squeeze's own archives) and libarchive's filters, read ahead, for the rest.
/// The extraction itself runs on a thread created for it, which makes the destination its own
/// working directory when the system allows (see `EntryPlacement`).
public final class ExtractionRun: Sendable {
    public let request: ExtractionRequest
    public let environment: RunEnvironment
    /// Whether the extraction thread may enter the destination (tests turn it off to exercise the
    /// absolute placement every system without `unshare(CLONE_FS)` gets).
    let entersDestination: Bool
    /// Called by the second thread before it creates each file (tests hold it busy with it).
    let pauseCreator: PlainFileCreator.Pause?

    public convenience init(request: ExtractionRequest, environment: RunEnvironment = RunEnvironment()) {
        self.init(request: request, environment: environment, entersDestination: true)
    }

    init(request: ExtractionRequest, environment: RunEnvironment, entersDestination: Bool, pauseCreator: PlainFileCreator.Pause? = nil) {
        self.request = request
        self.environment = environment
        self.entersDestination = entersDestination
        self.pauseCreator = pauseCreator
    }

    public func run() -> RunReport {
        let report = JoinableThread(name: "squeeze.extract") { [self] in extract() }.join()
        if environment.cancellation.isCancelled { environment.registry.removeAll() }
        return report
    }

    /// The whole extraction, on its own thread.
    private func extract() -> RunReport {
        // The settings are the decoder's: entries are written by this one thread.
        var report = RunReportBuilder(
            command: "extract", settings: RunReport.Settings(scheduling: request.scheduling), compressedSide: .input)
        let start = MonotonicClock.now()
        var bytesConsumed: Int64 = 0
        var failure: (any Error)?
        do {
            let selection = request.members.isEmpty ? nil : EntrySelection(request.members)
            // Paths the user gave are opened before the thread may leave the working directory.
            let stream = try selection.flatMap { try openIndexed(selecting: $0, warnings: &report.warnings) }
                ?? request.openStream(request.archive)
            // What was read of the archive, even when it could not be read to its end.
            defer { bytesConsumed = max(bytesConsumed, stream.bytesConsumed) }
            let (root, destinationWasCreated) = try prepareDestination()
            environment.collector.plan(files: 0, bytes: (try? FileStatus.of(request.archive, followingSymlinks: true).size) ?? 0)
            let placement = EntryPlacement(root: root, isInsideDestination: entersDestination && ThreadWorkingDirectory.enter(root))
            try UTF8ThreadLocale.run {
                let reader = try ArchiveReadHandle(stream: stream, name: request.archive)
                defer { bytesConsumed = reader.bytesConsumed }
                let extractor = try ArchiveExtractor(
                    archive: request.archive, reader: reader, placement: placement, destinationWasCreated: destinationWasCreated,
                    options: request.options, registry: environment.registry, collector: environment.collector,
                    cancellation: environment.cancellation, selection: selection,
                    createsOnTwoThreads: request.scheduling.jobs > 1, pauseCreator: pauseCreator)
                try extractor.extractAll(into: &report)
            }
        } catch {
            failure = error
        }
        if !environment.cancellation.isCancelled {
            var outcome = FileOutcome(
                source: request.archive, output: request.destination, bytesIn: bytesConsumed, bytesOut: 0,
                seconds: MonotonicClock.now() - start, status: failure.map { .failed("\($0)") } ?? .done)
            outcome.isArchive = true
            environment.collector.record(outcome)
        }
        // The archive was read whole or in part; unless every entry was written, what was written
        // is not what was read, uncompressed.
        if environment.cancellation.isCancelled || environment.collector.totals().filesFailed > 0 || !report.skipped.isEmpty {
            report.compressedSide = .neither
        }
        return report.build(collector: environment.collector, interrupted: environment.cancellation.isCancelled)
    }

    /// The selected entries through the archive's entry index, when it has one that matches it
    /// (squeeze's own `.tar.gz`): only the members holding them are read. Nil otherwise, and the
    /// archive is read in full; an index that does not match the archive is said so.
    private func openIndexed(selecting selection: EntrySelection, warnings: inout [FileFailure]) throws -> (any DecodedStream)? {
        // A pipe or FIFO is read once, in full; it is not opened here.
        guard (try? FileStatus.of(request.archive, followingSymlinks: true))?.kind == .regular,
              let file = try? ReadableFile(regularFile: request.archive), !file.isSequential
        else { return nil }
        do {
            return try IndexedArchiveStream.open(file, selecting: selection)
        } catch let stale as StaleEntryIndex {
            warnings.append(FileFailure(path: request.archive, message: "\(stale); read in full instead"))
            return nil
        }
    }

    /// Creates the destination if missing; returns its canonical path and whether this run made it.
    private func prepareDestination() throws(SystemError) -> (PathName, Bool) {
        let existed = FileStatus.exists(request.destination)
        try DirectoryCreator.createDirectory(request.destination)
        return (try request.destination.canonical(), !existed)
    }
}
