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
    public init(
        configuration: BenchConfiguration, label: String, runs: [BenchRunSample], files: Int, bytes: Int64,
        compressionRatio: Double, baselineWallSeconds: Double?, kind: BenchKind
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
        var parts: [String] = []
        if kind == .modes || Set(configurations.map(\.mode)).count > 1 { parts.append(configuration.mode.rawValue) }
        let jobsValues = Set(configurations.filter { $0.mode != .sequential }.map(\.jobs))
        if jobsValues.count > 1 && configuration.mode != .sequential { parts.append("×\(configuration.jobs)") }
        if kind == .collectors { parts.append(configuration.collector.rawValue) }
        return parts.joined(separator: " ")
    }
}
