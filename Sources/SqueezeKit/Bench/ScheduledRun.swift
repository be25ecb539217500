/// One run in a bench's schedule.
public struct ScheduledRun: Sendable, Equatable {
    public var configuration: BenchConfiguration
    /// 1, 2, … for measured runs; 0 and below for warm-ups.
    public var round: Int
    /// Run but not measured.
    public var isWarmup: Bool
}
