/// Where workers report: the one place a run's totals and per-file outcomes are kept.
public protocol ResultRecording: AnyObject, Sendable {
    /// Sets what the run will work on, for percentages.
    func plan(files: Int, bytes: Int64)
    /// Input bytes (and files, when their outcome waits for the whole run) were worked through.
    func recordProgress(bytes: Int64, files: Int)
    /// A file finished, one way or another.
    func record(_ outcome: FileOutcome)
    /// Files done all at once, each counted as worked through already (an archive's entries, once
    /// the archive holding them is complete): `count` files of `bytesIn` bytes in all, whose
    /// outcomes (done, nothing out, no warning) `outcomes` gives its argument one by one. It is
    /// called only where they are recorded one by one: with no sink, or one that prints or keeps
    /// them (`RunRecordSink.recordsFilesDone`); otherwise they are only counted.
    func recordDone(files count: Int, bytesIn: Int64, outcomes: (_ each: (FileOutcome) -> Void) -> Void)
    /// A skip, failure or warning that is no task's outcome (the scan's, the archive's, ...).
    func record(_ record: RunRecord)
    /// The counts so far: cheap, for progress displays.
    func totals() -> RunTotals
    /// Every outcome recorded, in the order they arrived (none when a sink takes the records).
    func outcomes() -> [FileOutcome]
    /// Everything kept: totals, counts, and the records unless a sink took them.
    func results() -> CollectedResults
}

extension ResultRecording {
    /// A block's input bytes were worked through.
    public func recordProgress(bytes: Int64) { recordProgress(bytes: bytes, files: 0) }

    /// A collector that does not count files done without their records records each.
    public func recordDone(files count: Int, bytesIn: Int64, outcomes: (_ each: (FileOutcome) -> Void) -> Void) {
        outcomes { record($0) }
    }
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
/// With a `sink`, each record goes to it under the mutex as it is recorded and only the totals
/// and counts are kept, so memory does not grow with the number of files; without one, every
/// outcome and record is kept for `outcomes()` and the report (library users, tests).
///
/// Checked `Sendable`: its only stored property is a `Locked`, which is.
public final class ResultCollector: ResultRecording {
    private let state: Locked<CollectedResults>

    public init(sink: (any RunRecordSink)? = nil) {
        state = Locked(CollectedResults(sink: sink))
    }

    public func plan(files: Int, bytes: Int64) {
        state.withLock { $0.plan(files: files, bytes: bytes) }
    }

    public func recordProgress(bytes: Int64, files: Int) {
        state.withLock { $0.addProgress(bytes: bytes, files: files) }
    }

    public func record(_ outcome: FileOutcome) {
        state.withLock { $0.record(outcome) }
    }

    public func record(_ record: RunRecord) {
        state.withLock { $0.record(record) }
    }

    public func recordDone(files count: Int, bytesIn: Int64, outcomes: (_ each: (FileOutcome) -> Void) -> Void) {
        let counted = state.withLock { state in
            guard !state.recordsEachFileDone else { return false }
            state.countDone(files: count, bytesIn: bytesIn)
            return true
        }
        if !counted { outcomes { record($0) } }
    }

    public func totals() -> RunTotals {
        state.withLock { $0.totals }
    }

    public func outcomes() -> [FileOutcome] {
        state.withLock { $0.outcomes }
    }

    public func results() -> CollectedResults {
        state.withLock { $0 }
    }
}

/// What a collector keeps: the running totals, the counts of records, and, when no sink takes
/// them, every outcome and record. The four collectors differ only in how they make updates to it
/// safe (serial queue with `sync` or `async`, barriers on a concurrent queue, a mutex), which is
/// what `squeeze bench --collectors` compares; each calls the sink from inside that protection.
public struct CollectedResults: Sendable {
    public private(set) var totals = RunTotals()
    public private(set) var counts = RecordCounts()
    /// Every outcome, in order; empty when a sink takes the records.
    public private(set) var outcomes: [FileOutcome] = []
    /// Every record, in order; empty when a sink takes them.
    public private(set) var records: [RunRecord] = []
    private let sink: (any RunRecordSink)?

    public init(sink: (any RunRecordSink)? = nil) {
        self.sink = sink
    }

    public mutating func plan(files: Int, bytes: Int64) {
        totals.filesPlanned += files
        totals.bytesPlanned += bytes
    }

    public mutating func addProgress(bytes: Int64, files: Int) {
        totals.addProgress(bytes: bytes, files: files)
    }

    /// Whether each file done is recorded one by one: with no sink (every record is kept), or a
    /// sink that prints or keeps them.
    public var recordsEachFileDone: Bool { sink?.recordsFilesDone ?? true }

    /// `count` files done of `bytesIn` bytes, counted as worked through already, whose records
    /// nothing prints or keeps (`recordsEachFileDone` is false): what their outcomes would add.
    public mutating func countDone(files count: Int, bytesIn: Int64) {
        precondition(!recordsEachFileDone, "files done counted where their records are kept")
        totals.filesDone += count
        totals.bytesIn += bytesIn
    }

    public mutating func record(_ outcome: FileOutcome) {
        totals.add(outcome)
        if sink == nil { outcomes.append(outcome) }
        RunRecord.forEach(of: outcome) { record($0) }
    }

    /// Counts `record` and passes it on; a skip the user should hear about is a warning as well.
    public mutating func record(_ record: RunRecord) {
        add(record)
        if case .skipped(let skip) = record, skip.reason.isWarning {
            add(.warning(RunReport.Notice(path: skip.path, message: skip.reason.description)))
        }
    }

    private mutating func add(_ record: RunRecord) {
        counts.count(record)
        if let sink { sink.record(record) } else { records.append(record) }
    }
}
