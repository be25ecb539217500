import Glibc

/// Everything a run reports: the text report is printed from it and `--json` writes it as is.
public struct RunReport: Codable, Sendable {
    public struct Settings: Codable, Sendable, Equatable {
        public var mode: SchedulingMode
        public var jobs: Int
        /// `--jobs` as asked, when the mode ran fewer (`apply` runs at most one per active core).
        public var requestedJobs: Int?
        public var qos: QualityOfService
        /// What `qos` did to the worker threads' CPU and I/O priority (nil in reports written
        /// before squeeze applied it).
        public var workerPriority: WorkerPriority?
        public var codec: Codec?
        public var level: Int?
        public var blockSize: Int?

        public init(scheduling: SchedulingOptions, compression: CompressionSettings? = nil) {
            mode = scheduling.mode
            // `sequential` runs on one thread whatever --jobs said (the demo's default of every core).
            jobs = scheduling.mode == .sequential ? 1 : scheduling.jobs
            requestedJobs = scheduling.mode == .sequential ? nil : scheduling.requestedJobs
            qos = scheduling.qos
            workerPriority = scheduling.qos.workerPriority
            codec = compression?.codec
            level = compression?.level
            blockSize = compression?.blockSize
        }
    }

    /// One file done.
    public struct FileEntry: Codable, Sendable {
        public var path: String
        public var output: String?
        /// The exact bytes of `path`, base64, when they are not UTF-8 (`path` then shows U+FFFD).
        public var pathBytes: String?
        /// The exact bytes of `output`, base64, when they are not UTF-8.
        public var outputBytes: String?
        public var bytesIn: Int64
        public var bytesOut: Int64
        public var seconds: Double
        /// CRC-32 of the output, reported under `--discard` so runs can be compared.
        public var outputCRC32: UInt32?
        /// What `list` found in the file.
        public var listing: FileListing?
    }

    /// A path skipped, failed or warned about, and why.
    public struct Notice: Codable, Sendable, Equatable {
        public var path: String
        /// The exact bytes of `path`, base64, when they are not UTF-8 (`path` then shows U+FFFD).
        public var pathBytes: String?
        public var message: String

        public init(path: String, message: String) {
            self.path = path
            self.message = message
        }

        public init(path: PathName, message: String) {
            self.init(path: "\(path)", message: message)
            pathBytes = path.exactBytesIfNotUTF8
        }
    }

    public var command: String
    public var settings: Settings
    public var filesDone: Int
    public var filesSkipped: Int
    public var filesFailed: Int
    public var bytesIn: Int64
    public var bytesOut: Int64
    /// Uncompressed bytes per compressed byte (4.0 means a quarter of the size); 0 when there is
    /// no ratio to give.
    public var compressionRatio: Double
    public var wallSeconds: Double
    public var userSeconds: Double
    public var systemSeconds: Double
    public var cpuSeconds: Double
    /// CPU time over wall time: 2.0 means two cores busy throughout.
    public var cpuUtilisation: Double
    /// Megabytes (10^6 bytes) worked through per wall second, of what `rateOf` says: the input
    /// of what was compressed (files found done are not counted), or the decoded bytes of what
    /// was decompressed, tested or extracted; 0 for a listing.
    public var megabytesPerSecond: Double
    /// What `megabytesPerSecond` counts; nil for a listing, which reads indexes, not data.
    public var rateOf: RateBasis?
    /// Files worked on per wall second (files found done are not counted).
    public var filesPerSecond: Double
    public var peakMemoryBytes: Int64
    public var interrupted: Bool
    public var skippedByReason: [String: Int]
    public var skipped: [Notice]
    public var failures: [Notice]
    public var warnings: [Notice]
    public var files: [FileEntry]
    /// When the run started and ended, in seconds since 1970 (UTC): what `report merge` measures a
    /// whole job's throughput over, first start to last end.
    public var startedAt: Double?
    public var endedAt: Double?
    /// The shard of a plan this run did (`--plan`, `--shard`), for `report merge`.
    public var shard: ShardReference?
    /// Of `filesDone` and `bytesIn`, what was found done: outputs an earlier run completed, left
    /// as they were (nil when none was).
    public var filesResumed: Int?
    public var bytesResumed: Int64?
    /// Warnings the run gave, whether or not `warnings` holds them (a sink may have taken them).
    /// Not part of the JSON, which has `warnings`.
    public var warningCount = 0

    private enum CodingKeys: String, CodingKey {
        case command, settings, filesDone, filesSkipped, filesFailed, bytesIn, bytesOut, compressionRatio
        case wallSeconds, userSeconds, systemSeconds, cpuSeconds, cpuUtilisation, megabytesPerSecond, rateOf
        case filesPerSecond, peakMemoryBytes, interrupted, skippedByReason, skipped, failures, warnings, files
        case startedAt, endedAt, shard, filesResumed, bytesResumed
    }

    /// What a run's byte rate counts.
    public enum RateBasis: String, Codable, Sendable {
        /// The uncompressed input compressed (compress, archive).
        case input
        /// The bytes decoded (decompress, test, extract).
        case decoded
    }

    /// How a run ended, the worst that happened first. The command line turns it into an exit
    /// status; the report itself holds only what happened.
    public enum Outcome: Sendable, Equatable {
        /// Stopped by an interrupt: in-flight work stopped, temporaries removed.
        case interrupted
        /// At least one input failed; the others were still done.
        case failures
        /// Everything done, with warnings (as gzip: trailing garbage ignored, ...).
        case warnings
        /// Everything done.
        case succeeded
    }

    public var outcome: Outcome {
        interrupted ? .interrupted : filesFailed > 0 || !failures.isEmpty ? .failures
            : warningCount > 0 || !warnings.isEmpty ? .warnings : .succeeded
    }
}

/// Assembles a `RunReport` from what a run measured and what its collector gathered.
public struct RunReportBuilder: Sendable {
    /// Which side of a run is compressed, for the ratio. `neither` when one side is not all the
    /// other made (an extraction that left entries out read more than it wrote): no ratio.
    public enum CompressedSide: Sendable { case input, output, neither }

    public var command: String
    public var settings: RunReport.Settings
    public var compressedSide: CompressedSide
    /// What the byte rate counts: by default the uncompressed side (the input of a compression,
    /// the decoded output of a decompression); nil for a listing.
    public var rateOf: RunReport.RateBasis?
    public var startTime: Double
    public var startUsage: ResourceUsage
    public var startedAt: Double
    public var skipped: [SkippedPath] = []
    public var failures: [FileFailure] = []
    public var warnings: [FileFailure] = []

    /// Starts the clocks now.
    public init(command: String, settings: RunReport.Settings, compressedSide: CompressedSide) {
        self.command = command
        self.settings = settings
        self.compressedSide = compressedSide
        rateOf = compressedSide == .output ? .input : .decoded
        startTime = MonotonicClock.now()
        startedAt = ShardReference.wallClock()
        startUsage = ResourceUsage.current()
    }

    public func build(collector: any ResultRecording, interrupted: Bool) -> RunReport {
        let wall = max(MonotonicClock.now() - startTime, 1e-9)
        let usage = ResourceUsage.current().since(startUsage)
        // What the run noted itself joins the records, so that a sink sees it too.
        for skip in skipped { collector.record(.skipped(skip)) }
        for failure in failures { collector.record(.failure(RunReport.Notice(path: failure.path, message: failure.message))) }
        for warning in warnings { collector.record(.warning(RunReport.Notice(path: warning.path, message: warning.message))) }
        let results = collector.results()
        let totals = results.totals

        // Empty when a sink took the records: its owner has them.
        var files: [RunReport.FileEntry] = []
        var skipped: [SkippedPath] = []
        var failures: [RunReport.Notice] = []
        var warnings: [RunReport.Notice] = []
        for record in results.records {
            switch record {
            case .file(let file): files.append(file.entry)
            case .skipped(let skip): skipped.append(skip)
            case .failure(let notice): failures.append(notice)
            case .warning(let notice): warnings.append(notice)
            }
        }
        let cpu = usage.userSeconds + usage.systemSeconds
        let (compressed, uncompressed) = switch compressedSide {
        case .output: (totals.bytesOut, totals.bytesIn)
        case .input: (totals.bytesIn, totals.bytesOut)
        case .neither: (Int64(0), Int64(0))
        }
        return RunReport(
            command: command, settings: settings,
            filesDone: totals.filesDone, filesSkipped: results.counts.filesSkipped, filesFailed: results.counts.failures,
            bytesIn: totals.bytesIn, bytesOut: totals.bytesOut,
            compressionRatio: compressed > 0 ? Double(uncompressed) / Double(compressed) : 0,
            wallSeconds: wall, userSeconds: usage.userSeconds, systemSeconds: usage.systemSeconds,
            cpuSeconds: cpu, cpuUtilisation: cpu / wall,
            megabytesPerSecond: Double(rateBytes(totals)) / 1e6 / wall, rateOf: rateOf,
            filesPerSecond: Double(totals.filesDone - totals.filesFoundDone) / wall,
            peakMemoryBytes: usage.peakResidentBytes,
            interrupted: interrupted,
            skippedByReason: results.counts.skippedByReason,
            skipped: skipped.map { RunReport.Notice(path: $0.path, message: $0.reason.description) },
            failures: failures, warnings: warnings, files: files, startedAt: startedAt, endedAt: ShardReference.wallClock(),
            filesResumed: totals.filesFoundDone > 0 ? totals.filesFoundDone : nil,
            bytesResumed: totals.filesFoundDone > 0 ? totals.bytesFoundDone : nil,
            warningCount: results.counts.warnings)
    }
}

extension RunReportBuilder {
    /// The bytes the rate counts: what was compressed (not what was found done), or decoded.
    func rateBytes(_ totals: RunTotals) -> Int64 {
        switch rateOf {
        case .input?: totals.bytesIn - totals.bytesFoundDone
        case .decoded?: totals.bytesOut
        case nil: 0
        }
    }
}

/// Which shard of how many a run did.
public struct ShardReference: Codable, Sendable, Equatable {
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Seconds since 1970, UTC, to the microsecond: comparable between the machines of one job.
    static func wallClock() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec / 1000) / 1e6
    }
}
