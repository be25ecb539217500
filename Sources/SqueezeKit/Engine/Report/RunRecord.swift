/// One item of a run's report, as it is recorded: a file done, a path skipped, a failure or a
/// warning. A collector counts each and hands it to its `RunRecordSink` as it comes, so that a run
/// over a million files (or an archive of a million entries) never holds a million of them.
public enum RunRecord: Sendable {
    case file(FinishedFile)
    case skipped(SkippedPath)
    case failure(RunReport.Notice)
    case warning(RunReport.Notice)

    /// Calls `body` with what `outcome` adds to the report, in the order the report lists it.
    static func forEach(of outcome: FileOutcome, _ body: (RunRecord) -> Void) {
        switch outcome.status {
        case .done:
            body(.file(FinishedFile(
                source: outcome.source, output: outcome.output, bytesIn: outcome.bytesIn, bytesOut: outcome.bytesOut,
                seconds: outcome.seconds, outputChecksum: outcome.outputChecksum, listing: outcome.listing)))
        case .failed(let message):
            body(.failure(RunReport.Notice(path: outcome.source, message: message)))
        case .skipped(let reason):
            body(.skipped(SkippedPath(path: outcome.source, reason: reason)))
        }
        if let warning = outcome.warning {
            body(.warning(RunReport.Notice(path: outcome.source, message: warning)))
        }
    }
}

/// A file done, as it is recorded: its paths stay bytes, and become the text of a report's
/// `FileEntry` only for a sink that shows or keeps it (`-v`, `--json`), not for each of a million
/// files a run only counts.
public struct FinishedFile: Sendable {
    public var source: PathName
    public var output: PathName?
    public var bytesIn: Int64
    public var bytesOut: Int64
    public var seconds: Double
    public var outputChecksum: UInt32?
    public var listing: FileListing?

    /// The file as a report lists it.
    public var entry: RunReport.FileEntry {
        RunReport.FileEntry(
            path: "\(source)", output: output.map { "\($0)" },
            pathBytes: source.exactBytesIfNotUTF8, outputBytes: output?.exactBytesIfNotUTF8,
            bytesIn: bytesIn, bytesOut: bytesOut, seconds: seconds, outputCRC32: outputChecksum, listing: listing)
    }
}

/// Where a collector sends every record as it is made: the command line prints and spools them.
/// A collector calls `record` from inside its serialisation (its lock or serial queue), so a sink
/// sees one record at a time, in the order they were recorded; a sink must not call back into the
/// collector.
public protocol RunRecordSink: AnyObject, Sendable {
    func record(_ record: RunRecord)
    /// Whether the records of files done (without a listing) are printed or kept: when not, a
    /// collector may count such files without making their records (`recordDone`).
    var recordsFilesDone: Bool { get }
}

extension RunRecordSink {
    public var recordsFilesDone: Bool { true }
}

/// How many records of each kind a run made: all the report needs once the records themselves
/// have gone to a sink.
public struct RecordCounts: Sendable, Equatable {
    public var filesSkipped = 0
    public var failures = 0
    public var warnings = 0
    public var skippedByReason: [String: Int] = [:]

    public init() {}

    mutating func count(_ record: RunRecord) {
        switch record {
        case .file: break
        case .skipped(let skip):
            filesSkipped += 1
            skippedByReason[skip.reason.category, default: 0] += 1
        case .failure: failures += 1
        case .warning: warnings += 1
        }
    }
}
