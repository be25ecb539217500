import Dispatch
import Foundation

/// Everything `squeeze compress` was asked to do.
public struct CompressionRequest: Sendable {
    public var roots: [PathName]
    public var filter: PathFilter
    public var followSymlinks: Bool
    public var settings: CompressionSettings
    public var scheduling: SchedulingOptions
    public var output: OutputOptions
    /// `--shard K/N` without a plan: only this task's part of what the scan finds.
    public var shard: ShardSlice?
    /// `--resume`: outputs already complete are counted as done instead of redone.
    public var resume: ResumeMode?
    /// What each output's name ends with: the format's (`.gz`, `.zz`, `.zip`), or gzip's `-S`.
    public var suffix: String
    /// An output already there is judged (`ResumeCheck`): when it is the source's, complete, the
    /// file is found done, as a rerun needs; else it is refused. Without it (gzip's own semantics,
    /// for the gzip names), any existing output is refused, "already exists".
    public var findsDoneOutputs: Bool
    /// A file whose content is a compressed format (`CompressedContent`: xz, PNG, JPEG, zip…) is
    /// passed by, reported with the format. Without it (`--recompress`, and gzip's names, which
    /// compress whatever they are given) every file is compressed.
    public var skipsCompressedContent: Bool
    /// Which of a file's name and time its header keeps (gzip's `-n`).
    public var headerFields: StoredHeaderFields
    /// Walk the whole tree before the first file starts, even where the run could start on the
    /// files of one block as the walk finds them (`CompressionRun.overlapsScan`): the behaviour
    /// before the overlap, kept for benchmarks and for tests that compare the two.
    public var scanFirst: Bool

    public init(
        roots: [PathName], filter: PathFilter = PathFilter(), followSymlinks: Bool = false,
        settings: CompressionSettings = CompressionSettings(), scheduling: SchedulingOptions = SchedulingOptions(),
        output: OutputOptions = OutputOptions(), shard: ShardSlice? = nil, resume: ResumeMode? = nil,
        suffix: String? = nil, headerFields: StoredHeaderFields = .nameAndTime, scanFirst: Bool = false,
        findsDoneOutputs: Bool = false, skipsCompressedContent: Bool = false
    ) {
        self.skipsCompressedContent = skipsCompressedContent
        self.suffix = suffix ?? settings.format.suffix
        self.findsDoneOutputs = findsDoneOutputs
        self.headerFields = headerFields
        self.scanFirst = scanFirst
        self.roots = roots
        self.filter = filter
        self.followSymlinks = followSymlinks
        self.settings = settings
        self.scheduling = scheduling
        self.output = output
        self.shard = shard
        self.resume = resume
    }
}

/// One `squeeze compress`: scan, plan, schedule, collect, report. Where it is safe (see
/// `overlapsScan`), the scan and the work overlap: files of one block go to the workers as the walk
/// finds them, and the larger files run largest first once it ends.
public final class CompressionRun: BatchRun, Sendable {
    public let request: CompressionRequest
    public let environment: RunEnvironment

    public init(request: CompressionRequest, environment: RunEnvironment = RunEnvironment()) {
        self.request = request
        self.environment = environment
    }

    /// Whether outputs that already exist are judged before anything is compressed, as a rerun
    /// needs (`ResumeCheck`: found done, or refused): with outputs beside their sources, no
    /// `--force` (which redoes everything) and no `--discard` (which writes nothing). Only the
    /// files whose output the walk sees listed beside them (at no cost), or that were named (a
    /// list's, a plan's), are checked; under `-o DIR` a file meets its output before reading (a
    /// large one) or at its commit, and judges it then (`findsDoneOutputs`). Under `--resume`
    /// every file is checked.
    var checksExistingOutputs: Bool {
        request.findsDoneOutputs && request.resume == nil && request.output.directory == nil && !request.output.force
            && !request.output.discard
    }

    /// Whether work starts before the walk ends. Not in `sequential` mode, the baseline, which
    /// walks first and then compresses largest first; not under `--shard K/N`, which needs every
    /// file found before any is started (the partition), nor `--resume`, whose checks run while
    /// the walk goes on but must not meet an output the run made; and only when no output can
    /// appear where the walk has yet to look: one root, outputs beside their sources (a
    /// directory's outputs appear only after the walk has listed it), and links not followed (a
    /// link to a directory walked before would show its new outputs).
    var overlapsScan: Bool {
        !request.scanFirst && request.scheduling.mode != .sequential && request.shard == nil && request.resume == nil
            && request.roots.count == 1 && request.output.directory == nil && !request.followSymlinks
    }

    public func run() -> RunReport {
        var report = RunReportBuilder(
            command: "compress",
            settings: RunReport.Settings(scheduling: request.scheduling, compression: request.settings),
            compressedSide: .output)
        let window = makeWindow(jobs: request.scheduling.jobs, blockSize: request.settings.workBlockSize)
        let context = TaskContext(
            collector: collector, registry: registry, window: window, cancellation: cancellation, output: request.output)
        let (settings, output, suffix, headerFields) = (request.settings, request.output, request.suffix, request.headerFields)
        let (findsDone, skipsCompressed) = (request.findsDoneOutputs, request.skipsCompressedContent)
        let destination: @Sendable (ScannedFile) -> PathName = { file in output.destination(for: file) { $0.appendingSuffix(suffix) } }
        let encoder = settings.makeEncoder()
        // Each file's task and items are made when its turn comes, and its items fed one by one
        // (no array of them: most files have one). False once the run is cancelled.
        let feed: (ScannedFile, Feeder) -> Bool = { file, feeder in
            let task = CompressionTask(
                source: file, destination: destination(file), settings: settings, headerFields: headerFields, encoder: encoder,
                context: context, findsDoneOutput: findsDone, skipsCompressedContent: skipsCompressed)
            for block in 0..<task.blockCount {
                let item = WorkItem(task: task, block: block, taskSize: file.status.size, weight: task.weight(ofBlock: block))
                guard feeder.feed(item) else { return false }
            }
            return true
        }

        // The walk and the feeding run on this thread: at the priority --qos asks for, as the workers.
        WorkerThreads.lowering(request.scheduling.qos) {
            if overlapsScan {
                runWhileScanning(window: window, destination: destination, feed: feed)
            } else {
                runAfterScan(window: window, destination: destination, feed: feed)
            }
        }
        report.failures += context.commits.finish()

        if cancellation.isCancelled { registry.removeAll() }
        return report.build(collector: collector, interrupted: cancellation.isCancelled)
    }

    /// The checks of existing outputs this run makes (`--resume`'s, or those of outputs the walk
    /// sees listed or was named), recording what they decide; nil when it makes none.
    private func makeOutputChecks(destination: @escaping @Sendable (ScannedFile) -> PathName) -> ResumeCheckQueue? {
        guard request.resume != nil || checksExistingOutputs else { return nil }
        let collector = collector
        return ResumeCheckQueue(
            check: ResumeCheck(mode: request.resume ?? .check, format: request.settings.format), refusingDifferent: !request.output.force,
            jobs: request.scheduling.jobs, qos: request.scheduling.qos, destination: destination
        ) { collector.record($0) }
    }

    /// Scan, plan, then run: every file found before the first starts. Existing outputs (every
    /// one under `--resume`) are checked while the walk goes on (`ResumeCheckQueue`), except under
    /// `--shard K/N`, whose part of the partition is known only once the walk ends.
    private func runAfterScan(
        window: WorkWindow, destination: @escaping @Sendable (ScannedFile) -> PathName,
        feed: (ScannedFile, Feeder) -> Bool
    ) {
        var check = makeOutputChecks(destination: destination)
        let checksEveryFile = request.resume != nil
        var admission = Admission(run: self, destination: destination)
        var files = ScannedFiles()
        var planned: [Int32] = []
        if let slice = request.shard {
            var mayExist: [Bool] = []
            scan(
                request.roots, selecting: .uncompressed, filter: request.filter, followSymlinks: request.followSymlinks,
                removingLeftoverTemporaries: !request.output.discard, outputSuffix: request.suffix,
                notingOutputsToCheck: checksExistingOutputs
            ) { file, outputMayExist in
                files.append(file)
                mayExist.append(outputMayExist)
            }
            // `--shard K/N`: this task's part of the partition of everything the scan found.
            for index in slice.indices(ofSizes: files.indices.map { files.size(at: $0) }).sorted() {
                let file = files[index]
                guard let admitted = admission.admit(Int32(index), file, fileAt: { files[Int($0)] }) else { continue }
                planned.append(Int32(index))
                if checksEveryFile || mayExist[index] { check?.add(file, at: Int32(index), output: admitted.output) }
            }
        } else {
            scan(
                request.roots, selecting: .uncompressed, filter: request.filter, followSymlinks: request.followSymlinks,
                removingLeftoverTemporaries: !request.output.discard, outputSuffix: request.suffix,
                notingOutputsToCheck: checksExistingOutputs,
                // Outputs beside their sources are checked in the directory the walk has open.
                rootDirectory: request.output.directory == nil ? check?.walkersDirectory : nil
            ) { file, outputMayExist in
                let index = Int32(files.count)
                files.append(file)
                guard let admitted = admission.admit(index, file, fileAt: { files[Int($0)] }) else { return }
                planned.append(index)
                if checksEveryFile || outputMayExist { check?.add(file, at: index, output: admitted.output) }
            }
        }
        collector.plan(files: planned.count, bytes: planned.reduce(0) { $0 + files.size(at: Int($1)) })
        if let isDecided = check?.finish(fileCount: files.count) {
            planned = planned.filter { !isDecided[Int($0)] }
        }
        let order = files.indicesLargestFirst(planned)
        // Each file's task and items are made when its turn comes: a million planned files cost a
        // few integers each until then.
        schedule(request.scheduling, window: window) { feeder in
            for index in order {
                guard feed(files[Int(index)], feeder) else { return }
            }
        }
    }

    /// The walk feeds the workers as it goes: each file of one block goes to them as the walk finds
    /// it, in the walk's order (the walk waits for window credits when they are behind, so memory
    /// stays bounded however large the tree); files of several blocks are kept compactly until
    /// the walk ends, then fed largest first, so that they are still split and balanced over the
    /// workers at the end of the run. A file whose output the walk sees listed beside it (or that
    /// was named) is checked instead (`ResumeCheckQueue`), and compressed after the walk only if
    /// its output has gone meanwhile. Returns once the walk and the work are both done (an
    /// interrupted walk stops at its next entry).
    private func runWhileScanning(
        window: WorkWindow, destination: @escaping @Sendable (ScannedFile) -> PathName,
        feed: (ScannedFile, Feeder) -> Bool
    ) {
        // Each small file is opened, and its output made, in its directory held open. Not under
        // `--rm` or `--sync`, whose sources are removed and file systems synced later by path
        // (`DurableCommits`): there every step reaches a file by its path, so that a directory
        // renamed meanwhile is met the same way by each (the change check then refuses it).
        let pinsDirectories = !request.output.removeSources && !request.output.sync
        schedule(request.scheduling, window: window) { feeder in
            var (large, count, bytes) = (ScannedFiles(), 0, Int64(0))
            var (check, withOutputs) = (makeOutputChecks(destination: destination), ScannedFiles())
            scan(
                request.roots, selecting: .uncompressed, filter: request.filter, followSymlinks: request.followSymlinks,
                removingLeftoverTemporaries: !request.output.discard, outputSuffix: request.suffix,
                notingOutputsToCheck: check != nil, pinningDirectories: pinsDirectories
            ) { file, outputMayExist in
                if let skip = sourceKeptSkip(file.status, file.path) { return record(skipped: [skip]) }
                (count, bytes) = (count + 1, bytes + file.status.size)
                if outputMayExist, check != nil {
                    check?.add(file, at: Int32(withOutputs.count))
                    withOutputs.append(file)
                } else if BlockLayout(fileSize: file.status.size, blockSize: request.settings.blockSize).isSplit {
                    large.append(file)
                } else {
                    // False once the run is cancelled: the walk stops at its next entry.
                    _ = feed(file, feeder)
                }
            }
            // Files whose output was not there after all (gone since the walk listed it, or a named
            // file's never made): compressed after the walk.
            if let isDecided = check?.finish(fileCount: withOutputs.count) {
                for index in withOutputs.indices where !isDecided[index] { large.append(withOutputs[index]) }
            }
            // The total is known only now: until then the progress line says the walk goes on.
            collector.plan(files: count, bytes: bytes)
            for index in large.indicesLargestFirst(Array(0..<Int32(large.count))) {
                guard feed(large[Int(index)], feeder) else { return }
            }
        }
    }

    /// Why `--rm` must keep `file` (and leave it out): it has other links, which gzip too removes
    /// only with `--force`.
    private func sourceKeptSkip(_ status: FileStatus, _ path: @autoclosure () -> PathName) -> SkippedPath? {
        let (output, links) = (request.output, status.linkCount)
        guard output.removeSources && !output.force && links > 1 else { return nil }
        return SkippedPath(path: path(), reason: .hardLinked(otherLinks: links - 1))
    }

    /// Which files of the walk are planned: not one whose output another file already claimed, nor
    /// one that `--rm` must not unlink. Within one root no two files can claim one output, so names
    /// are only kept (as hashes) when there are several roots.
    private struct Admission {
        let run: CompressionRun
        let destination: @Sendable (ScannedFile) -> PathName
        var claimed: ClaimedNames?

        init(run: CompressionRun, destination: @escaping @Sendable (ScannedFile) -> PathName) {
            self.run = run
            self.destination = destination
            claimed = run.request.roots.count > 1 ? ClaimedNames(expected: run.request.roots.count) : nil
        }

        /// A planned file: its output's name, when admitting it took making it (several roots),
        /// so that `--resume`'s check need not make it again.
        struct Admitted {
            var output: PathName?
        }

        /// Whether `file`, number `index` of the run's files, is planned; when it is not (nil),
        /// records why. `fileAt` gives an earlier file (for a name two claim): a closure, not the
        /// files themselves, which as an argument were retained and released on every call.
        mutating func admit(_ index: Int32, _ file: ScannedFile, fileAt: (Int32) -> ScannedFile) -> Admitted? {
            if let skip = run.sourceKeptSkip(file.status, file.path) {
                run.record(skipped: [skip])
                return nil
            }
            guard claimed != nil else { return Admitted() }
            let name = destination(file)
            if let first = claimed?.claim(name, by: index, nameOf: { destination(fileAt($0)) }) {
                run.record(skipped: [SkippedPath(path: file.path, reason: .nameTaken(name, by: fileAt(first).path))])
                return nil
            }
            return Admitted(output: name)
        }
    }
}
