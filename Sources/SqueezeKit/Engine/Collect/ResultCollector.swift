/// Where workers report: the one place a run's totals and per-file outcomes are kept.
public protocol ResultRecording: AnyObject, Sendable {
    /// Sets what the run will work on, for percentages.
    func plan(files: Int, bytes: Int64)
    /// Input bytes (and files, when their outcome waits for the whole run) were worked through.
    func recordProgress(bytes: Int64, files: Int)
    /// A file finished, one way or another.
    func record(_ outcome: FileOutcome)
    /// The counts so far: cheap, for progress displays.
    func totals() -> RunTotals
    /// Every outcome recorded, in the order they arrived.
    func outcomes() -> [FileOutcome]
}

extension ResultRecording {
    /// A block's input bytes were worked through.
    public func recordProgress(bytes: Int64) { recordProgress(bytes: bytes, files: 0) }
}

/// The collector: every result of a run, the one place totals, per-file outcomes and errors are
/// kept. Workers record and readers (the report, the progress line) take snapshots under a mutex
/// (`Locked`, a `pthread_mutex`), for the few instructions an update needs.
///
/// Chosen by measurement (`squeeze bench --collectors`, in the README): in whole runs it ties the
/// serial queue with `sync` and beats `async` and barrier writes (which wake a thread per record)
/// by 6-10%; with two threads recording at once it takes about 0.12 µs a call where a contended
/// serial queue's `sync` takes 0.8-12 µs, so it stays cheap with many jobs and many small files.
///
/// Checked `Sendable`: its only stored property is a `Locked`, which is.
public final class ResultCollector: ResultRecording {
    private let results = Locked(CollectedResults())

    public init() {}

    public func plan(files: Int, bytes: Int64) {
        results.withLock { $0.plan(files: files, bytes: bytes) }
    }

    public func recordProgress(bytes: Int64, files: Int) {
        results.withLock { $0.addProgress(bytes: bytes, files: files) }
    }

    public func record(_ outcome: FileOutcome) {
        results.withLock { $0.record(outcome) }
    }

    public func totals() -> RunTotals {
        results.withLock { $0.totals }
    }

    public func outcomes() -> [FileOutcome] {
        results.withLock { $0.outcomes }
    }
}

/// What a collector keeps: the running totals and every outcome. The four collectors differ only
/// in how they make updates to it safe (serial queue with `sync` or `async`, barriers on a
/// concurrent queue, a mutex), which is what `squeeze bench --collectors` compares.
public struct CollectedResults: Sendable {
    public private(set) var totals = RunTotals()
    public private(set) var outcomes: [FileOutcome] = []

    public init() {}

    public mutating func plan(files: Int, bytes: Int64) {
        totals.filesPlanned += files
        totals.bytesPlanned += bytes
    }

    public mutating func addProgress(bytes: Int64, files: Int) {
        totals.addProgress(bytes: bytes, files: files)
    }

    public mutating func record(_ outcome: FileOutcome) {
        totals.add(outcome)
        outcomes.append(outcome)
    }
}
