/// Everything a run reports: the text report is printed from it and `--json` writes it as is.
public struct RunReport: Codable, Sendable {
    public struct Settings: Codable, Sendable, Equatable {
        public var mode: SchedulingMode
        public var jobs: Int
        public var qos: QualityOfService
        public var codec: Codec?
        public var level: Int?
        public var blockSize: Int?

        public init(scheduling: SchedulingOptions, compression: CompressionSettings? = nil) {
            mode = scheduling.mode
            jobs = scheduling.jobs
            qos = scheduling.qos
            codec = compression?.codec
            level = compression?.level
            blockSize = compression?.blockSize
        }
    }

    /// One file done.
    public struct FileEntry: Codable, Sendable {
        public var path: String
        public var output: String?
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
        public var message: String
    }

    public var command: String
    public var settings: Settings
    public var filesDone: Int
    public var filesSkipped: Int
    public var filesFailed: Int
    public var bytesIn: Int64
    public var bytesOut: Int64
    /// Uncompressed bytes per compressed byte (4.0 means a quarter of the size).
    public var compressionRatio: Double
    public var wallSeconds: Double
    public var userSeconds: Double
    public var systemSeconds: Double
    public var cpuSeconds: Double
    /// CPU time over wall time: 2.0 means two cores busy throughout.
    public var cpuUtilisation: Double
    /// Input megabytes (10^6 bytes) per wall second.
    public var megabytesPerSecond: Double
    public var filesPerSecond: Double
    public var peakMemoryBytes: Int64
    public var interrupted: Bool
    public var exitStatus: Int32
    public var skippedByReason: [String: Int]
    public var skipped: [Notice]
    public var failures: [Notice]
    public var warnings: [Notice]
    public var files: [FileEntry]
}
