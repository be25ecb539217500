import Dispatch
import FoundationEssentials
import Glibc

/// How a run schedules its work: `--mode`, `--jobs`, `--qos`.
public struct SchedulingOptions: Sendable, Codable, Equatable {
    public var mode: SchedulingMode
    /// Items worked on at once: what was asked for, or fewer where the mode cannot run more
    /// (`apply`: see `SchedulingMode.maximumJobs`).
    public var jobs: Int
    /// What was asked for, when the mode runs fewer (`jobs`); nil when it runs them all.
    public var requestedJobs: Int?
    public var qos: QualityOfService
    /// The `operation` mode's scheduler, which SqueezeKit does not hold: it is built on
    /// Foundation's `OperationQueue`, and the static linker brings Foundation proper (with
    /// CoreFoundation and ICU) into every binary that references it, the gzip names' too. The
    /// `squeeze` executable passes `SqueezeOperationQueue`'s; a run in that mode needs it.
    public var operationScheduler: OperationSchedulerMaker?

    public init(
        mode: SchedulingMode = .defaultMode, jobs: Int = SchedulingOptions.activeCores, qos: QualityOfService = .userInitiated,
        operationScheduler: OperationSchedulerMaker? = nil
    ) {
        precondition(jobs >= 1, "jobs must be at least 1")
        precondition(mode != .operation || operationScheduler != nil, "the operation mode needs its scheduler (SqueezeOperationQueue)")
        self.mode = mode
        self.jobs = min(jobs, mode.maximumJobs ?? jobs)
        requestedJobs = self.jobs < jobs ? jobs : nil
        self.qos = qos
        self.operationScheduler = operationScheduler
    }

    /// What was asked for: the scheduler's maker is how, not what.
    private enum CodingKeys: String, CodingKey { case mode, jobs, requestedJobs, qos }

    public static func == (a: SchedulingOptions, b: SchedulingOptions) -> Bool {
        a.mode == b.mode && a.jobs == b.jobs && a.requestedJobs == b.requestedJobs && a.qos == b.qos
    }

    func makeScheduler(cancellation: CancellationFlag) -> any WorkScheduler {
        switch mode {
        case .sequential: SequentialScheduler()
        case .group: GroupScheduler(jobs: jobs, qos: qos)
        case .apply: ApplyScheduler(jobs: jobs, qos: qos)
        case .operation:
            if let operationScheduler { operationScheduler.make(jobs, qos, cancellation) } else {
                preconditionFailure("the operation mode needs its scheduler (SqueezeOperationQueue)")
            }
        }
    }

    /// Cores this process may run on, read once: the fewest of the online CPUs, its affinity
    /// mask's and its cgroup's CPU quota (`CPUQuota`). Foundation's `activeProcessorCount` counts
    /// the same but made its `ProcessInfo` first, which cost every start (every `zgrep` of a file)
    /// more than the rest of gzip's command line.
    public static let activeCores = max(
        1, min(sysconf(Int32(_SC_NPROCESSORS_ONLN)), CPUAffinity.allowedCount() ?? .max, CPUQuota.cores() ?? .max))
}

/// How work items are fanned out over threads. Every mode runs the same items through the same
/// code and produces the same bytes; only the scheduling differs.
public enum SchedulingMode: String, CaseIterable, Sendable, Codable {
    /// A plain loop on the calling thread: the baseline.
    case sequential
    /// `DispatchGroup` on a QoS global queue, at most `jobs` units in flight, each running ready
    /// items until there are none.
    case group
    /// `DispatchQueue.concurrentPerform`: `jobs` iterations that take ready items until none are
    /// left, at most one per active core (`maximumJobs`).
    case apply
    /// `OperationQueue`: one `Operation` per item (small files of one block up to 32 to one),
    /// larger files at higher priority.
    case operation

    /// The most jobs the mode can run at once, if it has a limit of its own. libdispatch's
    /// `concurrentPerform` never runs more iterations at once than there are active cores (any
    /// more wait for one to finish, and find no items left), so `apply` runs at most that many:
    /// a run reports those, not a number it never ran.
    public var maximumJobs: Int? { self == .apply ? SchedulingOptions.activeCores : nil }
}

/// Makes a scheduler that lives outside SqueezeKit: the `operation` mode's
/// (`SqueezeOperationQueue`), given to a run in its `SchedulingOptions`.
public struct OperationSchedulerMaker: Sendable {
    package let make: @Sendable (_ jobs: Int, _ qos: QualityOfService, _ cancellation: CancellationFlag) -> any WorkScheduler

    package init(_ make: @escaping @Sendable (_ jobs: Int, _ qos: QualityOfService, _ cancellation: CancellationFlag) -> any WorkScheduler) {
        self.make = make
    }
}

extension SchedulingMode {
    /// `apply`: the lowest overhead of the parallel modes in `scripts/bench` (see README).
    public static let defaultMode = SchedulingMode.apply
}

/// The intent a run declares to the scheduler (`--qos`).
public enum QualityOfService: String, CaseIterable, Sendable, Codable {
    case userInteractive = "user-interactive"
    case userInitiated = "user-initiated"
    case utility
    case background

    package var dispatchClass: DispatchQoS.QoSClass {
        switch self {
        case .userInteractive: .userInteractive
        case .userInitiated: .userInitiated
        case .utility: .utility
        case .background: .background
        }
    }
}
