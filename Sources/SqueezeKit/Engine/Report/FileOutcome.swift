/// What became of one input a task worked on.
public struct FileOutcome: Sendable {
    public enum Status: Sendable, Equatable {
        case done
        case failed(String)
        /// Passed by when its turn came (its output had appeared, say).
        case skipped(SkipReason)
    }

    public var source: PathName
    /// The file written, when there is one.
    public var output: PathName?
    public var bytesIn: Int64
    public var bytesOut: Int64
    public var seconds: Double
    public var status: Status
    /// Something the user should know about a file that was done (exit status 2).
    public var warning: String?
    /// CRC-32 of the output bytes, when `--discard` kept no file to compare.
    public var outputChecksum: UInt32?
    /// What `list` found in the file.
    public var listing: FileListing?
    /// Input worked through that was not already reported with `recordProgress` (a file that
    /// is not split reports its progress with its outcome: one message instead of two).
    public var progressBytes: Int64 = 0
    /// Files this outcome adds to `RunTotals.filesProcessed`: 1, unless its file was already
    /// counted as it was worked through (an archive's entries) or it is not an input (the archive).
    public var progressFiles = 1
    /// An archive whose entries are recorded as outcomes of their own: its bytes count in the
    /// totals (out for `archive`, in for `extract`), but it is not one more file done or failed
    /// beside them.
    public var isArchive = false
    /// A file done by an earlier run: its output was found complete and left as it was.
    public var isFoundDone = false

    public init(
        source: PathName, output: PathName?, bytesIn: Int64, bytesOut: Int64, seconds: Double,
        status: Status, warning: String? = nil, outputChecksum: UInt32? = nil, listing: FileListing? = nil
    ) {
        self.source = source
        self.output = output
        self.bytesIn = bytesIn
        self.bytesOut = bytesOut
        self.seconds = seconds
        self.status = status
        self.warning = warning
        self.outputChecksum = outputChecksum
        self.listing = listing
    }
}

/// Running counts of a run, cheap to copy: what progress displays read.
public struct RunTotals: Sendable, Equatable {
    public var filesPlanned = 0
    public var bytesPlanned: Int64 = 0
    public var filesDone = 0
    public var filesFailed = 0
    public var warnings = 0
    /// Input bytes of the files done (and of an archive, done or not).
    public var bytesIn: Int64 = 0
    /// Output bytes of the files done.
    public var bytesOut: Int64 = 0
    /// Input bytes worked through so far, including blocks of files not yet finished.
    public var bytesProcessed: Int64 = 0
    /// Files worked through so far, done or failed, including those whose outcome is recorded only
    /// at the end of the run (the entries of an archive): what a progress display counts.
    public var filesProcessed = 0
    /// Of `filesDone` and `bytesIn`, what an earlier run had done: outputs found complete.
    public var filesFoundDone = 0
    public var bytesFoundDone: Int64 = 0

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
            if outcome.isFoundDone {
                filesFoundDone += 1
                bytesFoundDone += outcome.bytesIn
            }
        case .failed:
            filesFailed += 1
            // An archive read or written in part before it failed: those bytes were worked through.
            if outcome.isArchive {
                bytesIn += outcome.bytesIn
                bytesOut += outcome.bytesOut
            }
        case .skipped:
            break
        }
        if outcome.warning != nil { warnings += 1 }
    }
}
