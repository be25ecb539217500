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
        let report = RunReportBuilder(
            command: "list", settings: RunReport.Settings(scheduling: request.scheduling), compressedSide: .input)
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

/// Decodes one file for its `gzip -l` line, as a single-block `BlockTask`.
final class GzipStyleListingTask: BlockTask {
    let input: ScannedInput
    private let usesHeaderName: Bool
    private let pools: DecoderPools
    private let collector: any ResultRecording
    private let window: WorkWindow
    private let cancellation: CancellationFlag
    private let deliver: @Sendable (GzipStyleEntry) -> Void
    private let outcome = OneFileOutcome()

    init(
        input: ScannedInput, usesHeaderName: Bool, pools: DecoderPools, collector: any ResultRecording, window: WorkWindow,
        cancellation: CancellationFlag, deliver: @escaping @Sendable (GzipStyleEntry) -> Void
    ) {
        self.input = input
        self.usesHeaderName = usesHeaderName
        self.pools = pools
        self.collector = collector
        self.window = window
        self.cancellation = cancellation
        self.deliver = deliver
    }

    var blockCount: Int { 1 }

    /// A pooled streaming decoder at most: the smallest credit.
    var weight: Int { window.weight(ofLength: 0) }

    func runBlock(_ index: Int) -> Bool {
        defer { window.release(weight) }
        guard !cancellation.isCancelled else { return true }
        let source = input.file
        outcome.work(on: source.path, progressBytes: source.status.size) { start in
            let file = try input.open(until: cancellation)
            var last = LastMemberChecksum()
            let summary = try pools.streams.withInstance { decoder in
                try decoder.decode(
                    file, cancellation: cancellation, progress: { _ in }, verified: { last.memberEnds(at: $0) },
                    sink: { last.take($0) })
            }
            let compressed = file.isSequential ? summary.compressedBytes : source.status.size
            if case .none = summary.trailing {
                deliver(entry(summary, compressedBytes: compressed, lastChecksum: last.checksum, lastLength: last.length))
            }
            return FileOutcome(
                source: source.path, output: nil, bytesIn: compressed, bytesOut: summary.uncompressedBytes,
                seconds: MonotonicClock.now() - start, status: .done, warning: summary.trailing.warning)
        }
        return true
    }

    private func entry(_ summary: GzipDecodeSummary, compressedBytes: Int64, lastChecksum: UInt32, lastLength: Int64) -> GzipStyleEntry {
        let source = input.file
        let header = usesHeaderName ? summary.firstHeader : nil
        let fileName = input.standardInput == nil ? GzipStyleEntry.uncompressedName(of: source.path) : "stdout"
        let fileTime = source.status.kind == .regular ? source.status.modificationTime.seconds : 0
        return GzipStyleEntry(
            compressedBytes: compressedBytes, lastMemberBytes: lastLength, lastMemberChecksum: lastChecksum,
            overheadBytes: summary.members == 1 ? Int64((summary.firstHeader?.encoded().count ?? 0) + GzipTrailer.length) : 0,
            name: header?.name.map { GzipStyleEntry.storedName($0, ofInputAt: input.standardInput == nil ? source.path : nil) } ?? fileName,
            time: header.map { $0.modificationTime == 0 ? fileTime : Int64($0.modificationTime) } ?? fileTime)
    }

    func finish() { outcome.record(to: collector, unless: cancellation) }
}

/// The CRC-32 and length of the last member decoded, from the decoded bytes as they reach the
/// sink and the members' ends as the decoder announces them (`verified`). The sink lags: the
/// decoder hands on its buffer when it is full or the file ends, so a member's end is announced
/// before (or as) its last bytes arrive, never after the next member's first.
struct LastMemberChecksum {
    private(set) var checksum: UInt32 = 0
    private(set) var length: Int64 = 0
    /// Decoded bytes taken so far, and the CRC-32 of those of the member they are in.
    private var position: Int64 = 0
    private var running: UInt32 = 0
    private var memberStart: Int64 = 0
    /// Ends announced that the bytes have not reached yet, in order, from `nextEnd` on (as many
    /// as members end in one buffer of the decoder's: thousands, for tiny members).
    private var pendingEnds: [Int64] = []
    private var nextEnd = 0

    mutating func memberEnds(at end: Int64) {
        pendingEnds.append(end)
        closeMembersEndingHere()
    }

    mutating func take(_ bytes: UnsafeRawBufferPointer) {
        var rest = bytes
        while !rest.isEmpty {
            let end = nextEnd < pendingEnds.count ? pendingEnds[nextEnd] : nil
            let count = end.map { Int(min(Int64(rest.count), $0 - position)) } ?? rest.count
            running = CRC32.update(running, UnsafeRawBufferPointer(rebasing: rest.prefix(count)))
            position += Int64(count)
            rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst(count))
            closeMembersEndingHere()
        }
    }

    private mutating func closeMembersEndingHere() {
        while nextEnd < pendingEnds.count, pendingEnds[nextEnd] == position {
            let end = pendingEnds[nextEnd]
            (checksum, length) = (running, end - memberStart)
            (running, memberStart) = (0, end)
            nextEnd += 1
        }
        if nextEnd == pendingEnds.count {
            pendingEnds.removeAll(keepingCapacity: true)
            nextEnd = 0
        }
    }
}
