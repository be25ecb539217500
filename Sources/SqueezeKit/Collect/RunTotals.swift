/// Running counts of a run, cheap to copy: what progress displays read.
public struct RunTotals: Sendable, Equatable {
    public var filesPlanned = 0
    public var bytesPlanned: Int64 = 0
    public var filesDone = 0
    public var filesFailed = 0
    public var warnings = 0
    /// Input bytes of the files done.
    public var bytesIn: Int64 = 0
    /// Output bytes of the files done.
    public var bytesOut: Int64 = 0
    /// Input bytes worked through so far, including blocks of files not yet finished.
    public var bytesProcessed: Int64 = 0
    /// Files worked through so far, done or failed, including those whose outcome is recorded only
    /// at the end of the run (the entries of an archive): what a progress display counts.
    public var filesProcessed = 0

    public init() {}

    mutating func addProgress(bytes: Int64, files: Int) {
        bytesProcessed += bytes
        filesProcessed += files
    }

    mutating func add(_ outcome: FileOutcome) {
        addProgress(bytes: outcome.progressBytes, files: outcome.isArchive ? 0 : outcome.progressFiles)
        switch outcome.status {
        case .done:
            if !outcome.isArchive { filesDone += 1 }
            bytesIn += outcome.bytesIn
            bytesOut += outcome.bytesOut
        case .failed:
            filesFailed += 1
        case .skipped:
            break
        }
        if outcome.warning != nil { warnings += 1 }
    }
}
