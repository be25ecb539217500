/// Everything `squeeze archive` was asked to do.
public struct ArchiveRequest: Sendable {
    /// Directories and files to store; each directory's entries are named under its last component.
    public var roots: [PathName]
    /// The .tar.gz to write; `-` writes it to standard output.
    public var destination: PathName
    public var filter: PathFilter
    public var followSymlinks: Bool
    public var settings: CompressionSettings
    public var scheduling: SchedulingOptions
    /// Replace an existing archive.
    public var force: Bool

    public init(
        roots: [PathName], destination: PathName, filter: PathFilter = PathFilter(), followSymlinks: Bool = false,
        settings: CompressionSettings = CompressionSettings(), scheduling: SchedulingOptions = SchedulingOptions(),
        force: Bool = false
    ) {
        self.roots = roots
        self.destination = destination
        self.filter = filter
        self.followSymlinks = followSymlinks
        self.settings = settings
        self.scheduling = scheduling
        self.force = force
    }

    /// `-o -`: the archive goes to standard output, as it is made.
    public var toStandardOutput: Bool { destination == "-" }
}

/// One path to store in an archive: where it is, the name it gets in the archive, and what it was
/// when the tree was scanned.
struct ArchiveItem: Sendable {
    var path: PathName
    var name: PathName
    var status: FileStatus
    /// The directory the walk found a regular file in, held open: the file is opened by its name
    /// there. Nil for a root, with links followed, or once the walk's budget of them is spent.
    var directory: PinnedDirectory? = nil
}

/// One `squeeze archive`: walk the trees and stream their tar, as the walk finds each entry,
/// through the parallel block compressor into one .tar.gz, written atomically.
///
/// This thread walks, runs libarchive, reads the files and feeds the blocks of the tar stream to
/// the scheduler of the chosen mode as they fill, whose workers encode them; the blocks are
/// written in order to a temporary that is renamed into place once complete (or, when the archive
/// is a device or FIFO, into it in place).
public final class ArchiveRun: BatchRun, Sendable {
    public let request: ArchiveRequest
    public let environment: RunEnvironment

    public init(request: ArchiveRequest, environment: RunEnvironment = RunEnvironment()) {
        self.request = request
        self.environment = environment
    }

    public func run() -> RunReport {
        var report = RunReportBuilder(
            command: "archive",
            settings: RunReport.Settings(scheduling: request.scheduling, compression: request.settings),
            compressedSide: .output)
        let destination = request.destination
        if !request.toStandardOutput && !request.force && FileStatus.exists(destination) {
            report.failures.append(FileFailure(
                path: destination, message: "already exists (use --force to overwrite); nothing was written"))
            return report.build(collector: collector, interrupted: false)
        }
        // Interrupted before anything is opened: nothing to open.
        if cancellation.isCancelled { return report.build(collector: collector, interrupted: true) }

        let settings = request.settings
        let scheduling = request.scheduling
        let window = makeWindow(jobs: scheduling.jobs, blockSize: settings.blockSize)
        let context = TaskContext(
            collector: collector, registry: registry, window: window, cancellation: cancellation,
            output: OutputOptions(force: request.force))
        // Opened before the walk, which feeds the tar as it goes: the encoders start on the first
        // block, not after the last directory is read.
        let output: any OutputFile
        do {
            output = request.toStandardOutput
                ? StandardOutputFile(cancelling: cancellation) : try context.makeOutput(for: destination, symlinks: .follow)
        } catch {
            // An interrupt ends the wait for a FIFO's reader: that is no failure of the archive.
            if !cancellation.isCancelled {
                report.failures.append(FileFailure(path: destination, message: "\(error); nothing was written"))
            }
            return report.build(collector: collector, interrupted: cancellation.isCancelled)
        }
        // Where the file system refuses nameless files, the archive's temporary has a name, which
        // the walk meets when it is in the tree: passed by silently, as it is not the user's.
        let ownTemporary = (output as? AtomicFileWriter)?.temporaryPath?.lastComponent
        // Members of their own (libdeflate's, ISA-L's) can be read one by one: the archive then
        // carries an index of its entries. zlib's single stream and zstd's frames carry none.
        let indexedEntries = Locked<EntryRecords?>(nil)
        let indexesEntries = settings.format == .gzip && settings.codec != .zlib
        let encoder: any BlockEncoder = indexesEntries
            ? EntryIndexingEncoder(inner: settings.makeEncoder(), entries: indexedEntries) : settings.makeEncoder()
        let ending = Locked<StreamedGzipTask.Ending?>(nil)
        // FNAME is the tar's name; MTIME stays 0 (as `gzip -n`), so that the same tree gives the same archive.
        let origin = GzipOrigin(name: request.toStandardOutput ? nil : Self.tarName(of: destination).bytes, modificationTime: 0)
        // The tar's size is known only once the walk ends: the task's size, which only orders
        // operation mode's queue among tasks, is that of a stream (the archive is its run's one task).
        let task = StreamedGzipTask(
            output: output, encoder: encoder, origin: origin, context: context
        ) { end in ending.withLock { $0 = end } }
        let producer = TarStreamProducer(
            task: task, blockSize: settings.blockSize, indexedEntries: indexesEntries ? indexedEntries : nil,
            collector: collector,
            cancellation: cancellation)
        let entryOutcomes = schedule(scheduling, window: window) { feeder in
            producer.produce(feeding: feeder) { add in walk(passingBy: ownTemporary, add) }
        }
        // Interrupted, the scheduler may have stopped before the stream's end reached the writer.
        if cancellation.isCancelled { task.abandon() }
        if let end = ending.withLock({ $0 }) { record(end, entries: entryOutcomes) }

        if cancellation.isCancelled { registry.removeAll() }
        return report.build(collector: collector, interrupted: cancellation.isCancelled)
    }

    /// Records the archive's outcome and its entries'.
    private func record(_ ending: StreamedGzipTask.Ending, entries: ArchiveEntryOutcomes) {
        let destination = request.destination
        var outcome: FileOutcome
        switch ending {
        case .cancelled:
            return
        case .committed(_, let bytesOut, let seconds):
            // The archive's bytes in are those of entries that failed but whose data it holds
            // all the same (each entry done counts its own): every byte out has its bytes in.
            outcome = FileOutcome(
                source: destination, output: destination, bytesIn: entries.failedBytesStored, bytesOut: bytesOut,
                seconds: seconds, status: .done)
            // Each entry done went into the archive; its bytes out are the archive's. Their
            // records are made only where the report prints or keeps them (`-v`, `--json`).
            collector.recordDone(files: entries.doneCount, bytesIn: entries.bytesInDone) { each in
                entries.forEachDone(archive: destination, each)
            }
            for entry in entries.failed { collector.record(entry) }
        case .failed(let error, let seconds):
            outcome = FileOutcome(
                source: destination, output: nil, bytesIn: 0, bytesOut: 0, seconds: seconds,
                status: .failed("\(error); the archive was not written"))
            // Entries are done only once the archive holding them is; their own failures stand.
            for entry in entries.failed { collector.record(entry) }
        }
        outcome.isArchive = true
        collector.record(outcome)
    }

    /// FNAME: the name of the tar inside, as gzip records `x.tar` compressed to `x.tar.gz`.
    static func tarName(of destination: PathName) -> PathName {
        let name = destination.lastComponent
        return name.hasSuffix(".tgz") ? name.removingSuffix(".tgz").appendingSuffix(".tar") : name.removingSuffix(".gz")
    }

    /// Walks every entry, root by root in the order given, each tree in the scanner's order (a
    /// directory before its contents, names sorted by bytes), so the same trees give the same
    /// archive, and hands each to `add` as the walk finds it (its index among the entries),
    /// which stores it in the tar before the walk goes on. A name already taken by an earlier
    /// root, the archive itself and its temporary (named `ownTemporary`) are skipped. Returns the
    /// entries, kept compactly, each `relativePath` being its name in the archive; names are
    /// kept (as hashes) only when there are several roots, as one tree cannot give a name twice.
    /// Once the walk ends, the progress's totals are known.
    private func walk(passingBy ownTemporary: PathName?, _ add: (ArchiveItem, Int) -> Void) -> ScannedFiles {
        var options = ScanOptions(selection: .archiveEntries, filter: request.filter, followSymlinks: request.followSymlinks)
        // Each file is opened by its name in the directory the walk has open, not by a path the
        // kernel walks from the root.
        options.pinsDirectories = true
        let scanner = TreeScanner(options: options)
        let archiveItself = request.toStandardOutput ? nil
            : (try? FileStatus.of(request.destination, followingSymlinks: true)).map(FileIdentity.init)
        var claimed = request.roots.count > 1 ? ClaimedNames(expected: request.roots.count) : nil
        var items = ScannedFiles()
        var dataBytes: Int64 = 0
        for root in request.roots where !cancellation.isCancelled {
            let isDirectory = (try? FileStatus.of(root, followingSymlinks: true))?.kind == .directory
            let prefix = isDirectory ? Self.namePrefix(for: root) : PathName(bytes: [])
            scanner.scan([root], stoppingWhen: cancellation) { finding in
                guard case .file(let file) = finding else {
                    if case .skipped(let skip) = finding,
                       !(skip.reason == .temporaryFile && ownTemporary != nil && skip.path.lastComponent == ownTemporary) {
                        record(skipped: [skip])
                    }
                    if case .failure(let failure) = finding { record(skipped: [], failures: [failure]) }
                    return
                }
                let name = prefix.appending(file.relativePath)
                // The root of `squeeze archive .` has no name of its own: its contents are the top.
                if name.isEmpty { return }
                if claimed != nil,
                   let first = claimed?.claim(name, by: Int32(items.count), nameOf: { items[Int($0)].relativePath })
                {
                    // Two directories of one name merge; anything else would be stored twice.
                    let firstPath = items[Int(first)].path
                    let reason: SkipReason = file.status.kind == .directory ? .duplicate(of: firstPath) : .nameTaken(name, by: firstPath)
                    record(skipped: [SkippedPath(path: file.path, reason: reason)])
                    return
                }
                if file.status.kind == .regular && FileIdentity(file.status) == archiveItself {
                    record(skipped: [SkippedPath(path: file.path, reason: .archiveItself)])
                    return
                }
                items.append(path: file.path, relativePath: name, status: file.status)
                if file.status.kind == .regular { dataBytes += file.status.size }
                add(ArchiveItem(path: file.path, name: name, status: file.status, directory: file.directory), items.count - 1)
            }
        }
        // Until now the progress line says the walk goes on.
        collector.plan(files: items.count, bytes: dataBytes)
        return items
    }

    /// A directory's entries are named under its last component (`/usr/include` gives
    /// `include/stdio.h`), as `tar -C /usr -c include` would; `.`, `..` and `/` give no prefix.
    static func namePrefix(for root: PathName) -> PathName {
        let last = root.lastComponent
        return last == "." || last == ".." || last == "/" ? PathName(bytes: []) : last
    }
}
