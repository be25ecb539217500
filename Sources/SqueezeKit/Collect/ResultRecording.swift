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
