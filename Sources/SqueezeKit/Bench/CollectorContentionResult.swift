/// How one collector fared when threads did nothing but record into it.
public struct CollectorContentionResult: Codable, Sendable, Equatable {
    public var collector: CollectorKind
    public var threads: Int
    /// Record calls made, over all threads.
    public var calls: Int
    /// Wall time of the repetitions, from the first call to the last record visible in the totals.
    public var seconds: SampleSummary
    /// Median wall time per call.
    public var nanosecondsPerCall: Double
    /// Median CPU time (user and system, every thread of the process) per call: time spent
    /// waking, switching and waiting, which wall time on idle cores may hide.
    public var cpuNanosecondsPerCall: Double
    /// The totals and outcomes afterwards were exactly what was recorded, in every repetition.
    public var exact: Bool
}
