import SqueezeKit

/// Everything a bench measured: what `squeeze bench --json` writes, and what the table and the
/// charts are drawn from.
public struct BenchReport: Codable, Sendable {
    public struct Settings: Codable, Sendable, Equatable {
        /// What the runs wrote; nil in reports of benches made before zstd, which wrote gzip.
        public var format: OutputFormat?
        public var codec: Codec
        public var level: Int
        public var blockSize: Int
        public var qos: QualityOfService
        /// In memory only: nothing was written.
        public var discard: Bool
        /// Measured runs of each configuration.
        public var repetitions: Int
        public var warmupRounds: Int

        /// What was written and how, for headings: `gzip (libdeflate level 6)`, `zstd level 3`.
        public var compressionDescription: String {
            let format = format ?? .gzip
            return format.rawValue == codec.rawValue ? "\(format.rawValue) level \(level)" : "\(format.rawValue) (\(codec.rawValue) level \(level))"
        }
    }

    public var kind: BenchKind
    /// The directory (or file) compressed.
    public var input: String
    /// Files and input bytes each run compressed.
    public var files: Int
    public var bytes: Int64
    public var settings: Settings
    /// Cores the bench could use.
    public var activeCores: Int
    /// What speedups are relative to: `sequential`, or the production collector.
    public var baseline: String
    public var rows: [BenchRow]
    /// Whether every run, warm-ups included, of every configuration produced the same bytes.
    public var identicalOutput: Bool
    /// Runs whose outputs were compared (all of them).
    public var comparedRuns: Int
    /// How runs differed from the first one; empty when identical.
    public var mismatches: [String]
    /// The collector micro-benchmark (collectors benches only).
    public var contention: [CollectorContentionResult]?
    /// Tools `--against` named that are not installed (their rows are missing).
    public var peersMissing: [String]? = nil
    /// Whether every row's times were taken from outside its process (start and exit included),
    /// as they are when other tools are compared: they report nothing of themselves.
    public var timedFromOutside: Bool? = nil
}

/// One configuration's line of a bench: its runs and the figures drawn from them.
public struct BenchRow: Codable, Sendable, Equatable {
    public var configuration: BenchConfiguration
    /// How the table and charts name this row: only what varies within the bench.
    public var label: String
    /// Wall time of the measured runs (as each child measured itself).
    public var wallSeconds: SampleSummary
    /// Input megabytes (10^6 bytes) per median wall second.
    public var megabytesPerSecond: Double
    public var filesPerSecond: Double
    /// The baseline's median wall time over this one's: 2.0 means twice as fast. Nil when the
    /// bench did not run the baseline.
    public var speedup: Double?
    /// Whether this row's fastest-to-slowest range overlaps the baseline's: the speedup is then
    /// within the noise of these runs, not a difference shown.
    public var speedupWithinNoise: Bool?
    /// Another tool's row (`--against`).
    public var peer: BenchPeer?
    /// Bytes written (the outputs' sizes), for comparing sizes beside times.
    public var bytesOut: Int64?
    /// For a peer's row: its median wall time over squeeze's (the plan's `squeezeReference`):
    /// 2.0 means squeeze took half its time; and whether the two ranges overlap.
    public var squeezeSpeedup: Double?
    public var squeezeSpeedupWithinNoise: Bool?
    /// Speedup over jobs (modes only): 1.0 means every job was fully used.
    public var efficiency: Double?
    /// Median CPU time over wall time.
    public var cpuUtilisation: Double
    /// Median user and system CPU seconds.
    public var userSeconds: Double
    public var systemSeconds: Double
    /// The highest peak resident memory of the runs.
    public var peakMemoryBytes: Int64
    /// Uncompressed bytes per compressed byte.
    public var compressionRatio: Double
    /// Every measured run, in the order they ran.
    public var runs: [BenchRunSample]

    /// The figures of `configuration` from its `runs` (at least one) over `bytes` of input in
    /// `files` files, against the baseline's wall time.
    /// `baseline`, when given, is the baseline's range (for `speedupWithinNoise`); `squeeze`, for
    /// a peer's row, squeeze's.
    public init(
        configuration: BenchConfiguration, label: String, runs: [BenchRunSample], files: Int, bytes: Int64,
        compressionRatio: Double, baselineWallSeconds: Double?, kind: BenchKind, baseline: SampleSummary? = nil,
        bytesOut: Int64? = nil, squeeze: SampleSummary? = nil
    ) {
        precondition(!runs.isEmpty, "a row needs at least one run")
        self.configuration = configuration
        self.label = label
        self.runs = runs
        let wall = SampleSummary(runs.map(\.wallSeconds))!
        wallSeconds = wall
        megabytesPerSecond = Double(bytes) / 1e6 / wall.median
        filesPerSecond = Double(files) / wall.median
        speedup = baselineWallSeconds.map { $0 / wall.median }
        speedupWithinNoise = baseline.map { $0.overlaps(wall) }
        peer = configuration.peer
        self.bytesOut = bytesOut
        squeezeSpeedup = squeeze.map { wall.median / $0.median }
        squeezeSpeedupWithinNoise = squeeze.map { $0.overlaps(wall) }
        efficiency = kind == .modes ? speedup.map { $0 / Double(configuration.jobs) } : nil
        cpuUtilisation = SampleSummary(runs.map(\.cpuUtilisation))!.median
        userSeconds = SampleSummary(runs.map(\.userSeconds))!.median
        systemSeconds = SampleSummary(runs.map(\.systemSeconds))!.median
        peakMemoryBytes = runs.map(\.peakMemoryBytes).max()!
        self.compressionRatio = compressionRatio
    }

    /// The name of `configuration` within a bench of `configurations`: the mode, the jobs when
    /// several jobs values are compared (`apply ×4`), the collector in a collectors bench.
    public static func label(of configuration: BenchConfiguration, among configurations: [BenchConfiguration], kind: BenchKind) -> String {
        if let peer = configuration.peer { return peer.label(jobs: configuration.jobs) }
        var parts: [String] = []
        if kind == .modes || Set(configurations.map(\.mode)).count > 1 { parts.append(configuration.mode.rawValue) }
        let jobsValues = Set(configurations.filter { $0.mode != .sequential }.map(\.jobs))
        if jobsValues.count > 1 && configuration.mode != .sequential { parts.append("×\(configuration.jobs)") }
        if kind == .collectors { parts.append(configuration.collector.rawValue) }
        return parts.joined(separator: " ")
    }
}

/// The figures of one measured run, as its child process reported them.
public struct BenchRunSample: Codable, Sendable, Equatable {
    /// Which round of the bench this run was part of (1 is the first measured one).
    public var round: Int
    public var wallSeconds: Double
    public var userSeconds: Double
    public var systemSeconds: Double
    /// CPU time over wall time.
    public var cpuUtilisation: Double
    public var peakMemoryBytes: Int64
    public var megabytesPerSecond: Double

    /// A run timed from outside its process: `bytes` of input over its wall time; its peak
    /// memory as it reported it (0 for another tool: the children's high-water mark is not per run).
    public init(round: Int, measured: ExternalMeasurement, bytes: Int64, peakMemoryBytes: Int64 = 0) {
        self.round = round
        wallSeconds = measured.wallSeconds
        userSeconds = measured.userSeconds
        systemSeconds = measured.systemSeconds
        cpuUtilisation = (measured.userSeconds + measured.systemSeconds) / max(measured.wallSeconds, 1e-9)
        self.peakMemoryBytes = peakMemoryBytes
        megabytesPerSecond = Double(bytes) / 1e6 / max(measured.wallSeconds, 1e-9)
    }

    public init(round: Int, report: RunReport) {
        self.round = round
        wallSeconds = report.wallSeconds
        userSeconds = report.userSeconds
        systemSeconds = report.systemSeconds
        cpuUtilisation = report.cpuUtilisation
        peakMemoryBytes = report.peakMemoryBytes
        megabytesPerSecond = report.megabytesPerSecond
    }

    public init(
        round: Int, wallSeconds: Double, userSeconds: Double, systemSeconds: Double, cpuUtilisation: Double,
        peakMemoryBytes: Int64, megabytesPerSecond: Double
    ) {
        self.round = round
        self.wallSeconds = wallSeconds
        self.userSeconds = userSeconds
        self.systemSeconds = systemSeconds
        self.cpuUtilisation = cpuUtilisation
        self.peakMemoryBytes = peakMemoryBytes
        self.megabytesPerSecond = megabytesPerSecond
    }
}

/// The median and range of repeated measurements of one thing.
public struct SampleSummary: Codable, Sendable, Equatable {
    public var median: Double
    public var minimum: Double
    public var maximum: Double
    public var count: Int

    /// Nil when there are no samples.
    public init?(_ samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        minimum = sorted[0]
        maximum = sorted[sorted.count - 1]
        count = sorted.count
    }

    /// Whether the two fastest-to-slowest ranges overlap: a difference of medians inside them is
    /// noise of these runs, not a speedup.
    public func overlaps(_ other: SampleSummary) -> Bool {
        minimum <= other.maximum && other.minimum <= maximum
    }
}

/// Why a bench could not finish; each message says what to do about it.
public enum BenchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input to compress is not there.
    case inputMissing(String)
    /// No directory was given and the bundled sample tree is not where it would be.
    case sampleTreeMissing(searched: [String])
    /// A scratch directory could not be made or used.
    case scratch(String)
    /// A `squeeze compress` child could not be started.
    case launchFailed(executable: String, reason: String)
    /// A child exited with a failure; its standard error says why.
    case runFailed(configuration: String, status: Int32, message: String)
    /// A child's JSON report is missing or not a report.
    case reportUnreadable(String)
    /// A child's report lacks what the identical-output check needs.
    case reportIncomplete(String)
    /// An output could not be read back to check it.
    case outputUnreadable(String)
    /// The user interrupted the bench.
    case interrupted

    public var description: String {
        switch self {
        case .inputMissing(let path):
            "cannot bench '\(path)': no such file or directory"
        case .sampleTreeMissing(let searched):
            "no directory given, and the bundled sample tree is not installed (looked in \(searched.joined(separator: ", "))); name a directory to bench"
        case .scratch(let reason):
            "cannot use the scratch directory: \(reason) (choose another with --scratch-dir)"
        case .launchFailed(let executable, let reason):
            "cannot run '\(executable)' for a bench run: \(reason)"
        case .runFailed(let configuration, let status, let message):
            "the \(configuration) run failed with exit status \(status); nothing was measured further"
                + (message.isEmpty ? "" : ":\n\(message)")
        case .reportUnreadable(let reason):
            "cannot read a run's JSON report: \(reason)"
        case .reportIncomplete(let reason):
            "a run's report cannot be checked for identical output: \(reason)"
        case .outputUnreadable(let reason):
            "cannot read back a run's output to compare it: \(reason)"
        case .interrupted:
            "interrupted; the scratch directory was removed"
        }
    }
}
