/// A bench run just finished: what the command line shows while a bench is under way.
public struct BenchProgress: Sendable {
    /// 1-based position of the run in the schedule, and the schedule's length.
    public var index: Int
    public var total: Int
    public var run: ScheduledRun
    /// The wall time the run measured.
    public var wallSeconds: Double
}
