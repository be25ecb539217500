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
