/// One item of a run's report, as it is recorded: a file done, a path skipped, a failure or a
/// warning. A collector counts each and hands it to its `RunRecordSink` as it comes, so that a run
/// over a million files (or an archive of a million entries) never holds a million of them.
public enum RunRecord: Sendable {
    case file(RunReport.FileEntry)
    case skipped(SkippedPath)
    case failure(RunReport.Notice)
    case warning(RunReport.Notice)

    /// Calls `body` with what `outcome` adds to the report, in the order the report lists it.
    static func forEach(of outcome: FileOutcome, _ body: (RunRecord) -> Void) {
        switch outcome.status {
        case .done:
            body(.file(RunReport.FileEntry(
                path: "\(outcome.source)", output: outcome.output.map { "\($0)" },
                pathBytes: outcome.source.exactBytesIfNotUTF8, outputBytes: outcome.output?.exactBytesIfNotUTF8,
                bytesIn: outcome.bytesIn, bytesOut: outcome.bytesOut, seconds: outcome.seconds,
                outputCRC32: outcome.outputChecksum, listing: outcome.listing)))
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

/// Where a collector sends every record as it is made: the command line prints and spools them.
/// A collector calls `record` from inside its serialisation (its lock or serial queue), so a sink
/// sees one record at a time, in the order they were recorded; a sink must not call back into the
/// collector.
public protocol RunRecordSink: AnyObject, Sendable {
    func record(_ record: RunRecord)
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
