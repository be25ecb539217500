/// How work items are fanned out over threads. Every mode runs the same items through the same
/// code and produces the same bytes; only the scheduling differs.
public enum SchedulingMode: String, CaseIterable, Sendable, Codable {
    /// A plain loop on the calling thread: the baseline.
    case sequential
    /// `DispatchGroup`, items `async`ed onto a QoS global queue, at most `jobs` in flight.
    case group
    /// `DispatchQueue.concurrentPerform`: `jobs` iterations that pull items until none are left.
    case apply
    /// `OperationQueue`: one `Operation` per item, priorities, and a dependent operation that
    /// finishes each multi-block file.
    case operation

    func makeScheduler(jobs: Int, qos: QualityOfService, cancellation: CancellationFlag) -> any WorkScheduler {
        switch self {
        case .sequential: SequentialScheduler()
        case .group: GroupScheduler(jobs: jobs, qos: qos)
        case .apply: ApplyScheduler(jobs: jobs, qos: qos)
        case .operation: OperationScheduler(jobs: jobs, qos: qos, cancellation: cancellation)
        }
    }
}

extension SchedulingMode {
    /// `apply`: the lowest overhead of the parallel modes in `scripts/bench` (see README).
    public static let defaultMode = SchedulingMode.apply
}
