import SqueezeKit

/// Everything a bench will run: which configurations, on what input, with which settings, how
/// many times.
public struct BenchPlan: Sendable {
    public var kind: BenchKind
    public var input: PathName
    public var configurations: [BenchConfiguration]
    public var settings: CompressionSettings
    public var qos: QualityOfService
    /// Compress in memory and write nothing (the outputs are compared by their CRCs).
    public var discard: Bool
    /// Measured runs of each configuration.
    public var repetitions: Int
    /// Unmeasured rounds of every configuration first (page cache, binary, CPU clocks).
    public var warmupRounds: Int
    /// Other tools run on the same files (`--against`), each at every jobs value.
    public var peers: [BenchPeer]

    /// Every mode at every jobs value (`sequential` once: it uses one thread whatever the jobs).
    /// With `peers`, each peer too at every jobs value.
    public static func modes(
        input: PathName, modes: [SchedulingMode], jobs: [Int], settings: CompressionSettings,
        qos: QualityOfService, discard: Bool, repetitions: Int, warmupRounds: Int, peers: [BenchPeer] = []
    ) -> BenchPlan {
        let others = peers.flatMap { peer in jobs.map { BenchConfiguration(mode: .apply, jobs: $0, peer: peer) } }
        return BenchPlan(
            kind: .modes, input: input, configurations: schedulings(modes, jobs) + others, settings: settings, qos: qos,
            discard: discard, repetitions: repetitions, warmupRounds: warmupRounds, peers: peers)
    }

    /// Each mode at each jobs value, `sequential` once (with 1 job).
    private static func schedulings(_ modes: [SchedulingMode], _ jobs: [Int]) -> [BenchConfiguration] {
        modes.flatMap { mode in
            (mode == .sequential ? [1] : jobs).map { BenchConfiguration(mode: mode, jobs: $0) }
        }
    }

    /// Every collector in every given mode at every jobs value.
    public static func collectors(
        input: PathName, modes: [SchedulingMode], jobs: [Int], settings: CompressionSettings,
        qos: QualityOfService, discard: Bool, repetitions: Int, warmupRounds: Int
    ) -> BenchPlan {
        let configurations = schedulings(modes, jobs).flatMap { scheduling in
            CollectorKind.allCases.map { BenchConfiguration(mode: scheduling.mode, jobs: scheduling.jobs, collector: $0) }
        }
        return BenchPlan(
            kind: .collectors, input: input, configurations: configurations, settings: settings, qos: qos,
            discard: discard, repetitions: repetitions, warmupRounds: warmupRounds)
    }

    public init(
        kind: BenchKind, input: PathName, configurations: [BenchConfiguration], settings: CompressionSettings,
        qos: QualityOfService, discard: Bool, repetitions: Int, warmupRounds: Int, peers: [BenchPeer] = []
    ) {
        precondition(!configurations.isEmpty && repetitions >= 1 && warmupRounds >= 0)
        precondition(peers.isEmpty || !discard, "peers write their outputs: no --discard")
        self.peers = peers
        self.kind = kind
        self.input = input
        self.configurations = configurations
        self.settings = settings
        self.qos = qos
        self.discard = discard
        self.repetitions = repetitions
        self.warmupRounds = warmupRounds
    }

    /// What `configuration` is compared with: `sequential` for modes, the production collector
    /// in the same mode and jobs for collectors. Nil when the plan does not run it.
    public func baseline(of configuration: BenchConfiguration) -> BenchConfiguration? {
        guard configuration.peer == nil else { return nil }
        let baseline = switch kind {
        case .modes: BenchConfiguration(mode: .sequential, jobs: 1)
        case .collectors: BenchConfiguration(mode: configuration.mode, jobs: configuration.jobs, collector: .production)
        }
        return configurations.contains(baseline) ? baseline : nil
    }

    /// The squeeze run a peer's row is compared with: squeeze's first configuration at the peer's
    /// jobs that is not `sequential` (the mode listed first, `apply` by default), else its first.
    public func squeezeReference(for configuration: BenchConfiguration) -> BenchConfiguration? {
        let squeeze = configurations.filter { $0.peer == nil }
        return squeeze.first { $0.mode != .sequential && $0.jobs == configuration.jobs } ?? squeeze.first
    }

    /// The level `peer` runs at: the bench's where the bench writes the peer's format (gzip's,
    /// within gzip's 1-9, for gzip and pigz; zstd's for zstd), else nil, the tool's own default:
    /// a level of one format means nothing in the other.
    public func level(of peer: BenchPeer) -> Int? {
        switch (peer, settings.format) {
        case (.zstd, .zstd): settings.level
        case (.gzip, .gzip), (.pigz, .gzip): min(max(settings.level, 1), 9)
        default: nil
        }
    }

    /// The order of every run: `warmupRounds` then `repetitions` rounds of every configuration,
    /// each round starting one configuration further on, so that no configuration always runs
    /// first or always follows the same one, and drift of the machine hits every one alike.
    public var schedule: [ScheduledRun] {
        var runs: [ScheduledRun] = []
        for round in 0..<(warmupRounds + repetitions) {
            for offset in configurations.indices {
                let configuration = configurations[(round + offset) % configurations.count]
                runs.append(ScheduledRun(
                    configuration: configuration, round: round - warmupRounds + 1, isWarmup: round < warmupRounds))
            }
        }
        return runs
    }

    /// The `squeeze compress` arguments of one run of `configuration`, writing its JSON report to
    /// `reportPath` and, unless `discard`, its outputs under `outputDirectory`.
    public func compressArguments(for configuration: BenchConfiguration, reportPath: String, outputDirectory: String) -> [String] {
        var arguments = [
            "compress", "\(input)",
            "--mode", configuration.mode.rawValue, "--jobs", "\(configuration.jobs)", "--qos", qos.rawValue,
            "--format", settings.format.rawValue, "--codec", settings.codec.rawValue, "--level", "\(settings.level)", "--block-size", "\(settings.blockSize)",
            "--collector", configuration.collector.rawValue,
            "--json", reportPath, "--quiet", "--progress", "never",
        ]
        arguments += discard ? ["--discard"] : ["--output-dir", outputDirectory]
        // Beside other tools, squeeze compresses the same files they do: compressed content too.
        if !peers.isEmpty { arguments.append("--recompress") }
        return arguments
    }
}

/// One way of running the same compression that a bench compares: a mode, a jobs value and a
/// collector.
public struct BenchConfiguration: Codable, Sendable, Hashable {
    public var mode: SchedulingMode
    /// 1 for `sequential`, which does not use more.
    public var jobs: Int
    public var collector: CollectorKind
    /// Another tool run instead of squeeze (`--against`), with `jobs`; its `mode` is unused.
    public var peer: BenchPeer?

    public init(mode: SchedulingMode, jobs: Int, collector: CollectorKind = .production, peer: BenchPeer? = nil) {
        precondition(jobs >= 1)
        self.mode = mode
        self.jobs = mode == .sequential ? 1 : jobs
        self.collector = collector
        self.peer = peer
    }

    /// `apply, 2 jobs, mutex collector`, or a peer's command: for messages.
    public var description: String {
        if let peer { return peer.label(jobs: jobs) }
        var text = "\(mode.rawValue), \(jobs) job\(jobs == 1 ? "" : "s")"
        if collector != .production { text += ", \(collector.rawValue) collector" }
        return text
    }
}

/// What a bench compares.
public enum BenchKind: String, Codable, Sendable {
    /// The scheduling modes (and jobs values), each against `sequential`.
    case modes
    /// The ways of synchronising the result collector, each against the production one.
    case collectors
}

/// A bench run just finished: what the command line shows while a bench is under way.
public struct BenchProgress: Sendable {
    /// 1-based position of the run in the schedule, and the schedule's length.
    public var index: Int
    public var total: Int
    public var run: ScheduledRun
    /// The wall time the run measured.
    public var wallSeconds: Double
}
