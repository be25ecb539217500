import Foundation

/// How a run schedules its work: `--mode`, `--jobs`, `--qos`.
public struct SchedulingOptions: Sendable, Codable, Equatable {
    public var mode: SchedulingMode
    public var jobs: Int
    public var qos: QualityOfService

    public init(mode: SchedulingMode = .defaultMode, jobs: Int = SchedulingOptions.activeCores, qos: QualityOfService = .userInitiated) {
        precondition(jobs >= 1, "jobs must be at least 1")
        self.mode = mode
        self.jobs = jobs
        self.qos = qos
    }

    /// Cores this process may run on (affinity and cgroup limits included).
    public static var activeCores: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
