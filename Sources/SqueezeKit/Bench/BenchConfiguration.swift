/// One way of running the same compression that a bench compares: a mode, a jobs value and a
/// collector.
public struct BenchConfiguration: Codable, Sendable, Hashable {
    public var mode: SchedulingMode
    /// 1 for `sequential`, which does not use more.
    public var jobs: Int
    public var collector: CollectorKind

    public init(mode: SchedulingMode, jobs: Int, collector: CollectorKind = .production) {
        precondition(jobs >= 1)
        self.mode = mode
        self.jobs = mode == .sequential ? 1 : jobs
        self.collector = collector
    }

    /// `apply, 2 jobs, mutex collector`: for messages.
    public var description: String {
        var text = "\(mode.rawValue), \(jobs) job\(jobs == 1 ? "" : "s")"
        if collector != .production { text += ", \(collector.rawValue) collector" }
        return text
    }
}
