/// Everything a bench measured: what `squeeze bench --json` writes, and what the table and the
/// charts are drawn from.
public struct BenchReport: Codable, Sendable {
    public struct Settings: Codable, Sendable, Equatable {
        public var codec: Codec
        public var level: Int
        public var blockSize: Int
        public var qos: QualityOfService
        /// In memory only: nothing was written.
        public var discard: Bool
        /// Measured runs of each configuration.
        public var repetitions: Int
        public var warmupRounds: Int
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
}
