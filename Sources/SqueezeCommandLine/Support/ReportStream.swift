import FoundationEssentials
import Glibc
import SqueezeKit

/// A run's report as it is recorded, so that the run keeps only counts however many files or
/// entries it goes through: the collector's `RunRecordSink`. Each `-v` line, failure and warning
/// is queued as its record comes and printed (above the progress line) by a writer of its own,
/// off the collector's lock, so a paused reader stalls the lines alone; for `--json`, each record is appended
/// to a spool (an unlinked temporary file) and the JSON is written from the spools at the end.
/// For `list`, archives' entries are spooled as they are read (`entryHandler`) and printed after
/// the table, padded as wide as the widest of each archive's columns.
///
/// Checked `Sendable`: every stored property is a `let` of a `Sendable` type.
package final class ReportStream: RunRecordSink {
    private let verbose: Bool
    private let quiet: Bool
    /// Where `-v` lines go: with the summary.
    private let summaryStream: StandardStreams.Stream
    private let spools: JSONSpools?
    private let progress = Locked<ProgressDisplay?>(nil)
    /// Where lines go: through a writer of their own until the run is over.
    private let printer = Locked(Printer.notStarted)
    /// How many lines of each kind of problem were printed, and how many were not (past the limit).
    private let listed = Locked(ListedProblems())
    /// The first failure to print or spool; the others are dropped (the run goes on).
    private let failure = Locked<StreamFailure?>(nil)
    /// Whether a failure to print a line fails the run (`finish`); not for gzip's messages.
    private let countsWriteFailures: Bool
    /// `list`'s rows, small: the table is printed once every file is listed.
    package let listings = Locked<[(path: String, listing: FileListing)]>([])
    package let archives = Locked<[String: ArchiveEntrySpool]>([:])

    /// Failures, warnings and (under `-v`) skips are printed in full up to this many of each
    /// kind; past it, the report says how many more there were, and `--json` still has them all.
    package static let listedProblemLimit = 10_000

    private struct ListedProblems: Sendable {
        var printed: [String: Int] = [:]
        var omitted: [(kind: String, count: Int)] = []

        /// Whether one more line of `kind` (a plural noun) is printed; counts it either way.
        mutating func admit(_ kind: String) -> Bool {
            let count = printed[kind, default: 0]
            if count < ReportStream.listedProblemLimit {
                printed[kind] = count + 1
                return true
            }
            if let place = omitted.firstIndex(where: { $0.kind == kind }) { omitted[place].count += 1 } else { omitted.append((kind, 1)) }
            return false
        }
    }

    private enum Printer: Sendable {
        /// No line yet: runs that print nothing start no thread.
        case notStarted
        case writing(QueuedStreamWriter)
        /// The run is over: lines are written at once.
        case drained
    }

    private enum StreamFailure: Sendable {
        case output(SystemError)
        case spool(String)
    }

    /// The JSON's four arrays, one spool each: a record per line, commas included. (A class: each
    /// record reads it, and a struct's copy retained and released all four spools.)
    private final class JSONSpools: Sendable {
        let files: SpoolFile
        let skipped: SpoolFile
        let failures: SpoolFile
        let warnings: SpoolFile

        init(files: SpoolFile, skipped: SpoolFile, failures: SpoolFile, warnings: SpoolFile) {
            (self.files, self.skipped, self.failures, self.warnings) = (files, skipped, failures, warnings)
        }
    }

    package init(reporting: ReportChoices, summaryStream: StandardStreams.Stream, countsWriteFailures: Bool = true) throws {
        self.countsWriteFailures = countsWriteFailures
        verbose = reporting.verbose
        quiet = reporting.quiet
        self.summaryStream = summaryStream
        spools = reporting.json == nil ? nil
            : JSONSpools(files: try SpoolFile(), skipped: try SpoolFile(), failures: try SpoolFile(), warnings: try SpoolFile())
    }

    /// Prints records above `display` from now on; nil once it is stopped.
    package func show(above display: ProgressDisplay?) { progress.withLock { $0 = display } }

    /// A file done is a line under `-v` and a record of `--json`; otherwise only `list`'s
    /// listings are kept.
    package var recordsFilesDone: Bool { verbose || spools != nil }

    package func record(_ record: RunRecord) {
        switch record {
        case .file(let finished):
            // Its paths become text only when a line or the JSON shows them.
            guard recordsFilesDone || finished.listing != nil else { return }
            // Not shown by -v (each file of a resumed rerun with --json, say): its record is
            // written from its paths' bytes, without the entry's strings.
            if !verbose, let spools, appendJSONRecord(of: finished, to: spools.files) { return }
            let file = finished.entry
            if let listing = file.listing { listings.withLock { $0.append((path: file.path, listing: Self.withoutEntries(listing))) } }
            if verbose {
                let arrow = file.output.map { " -> \($0)" } ?? ""
                printLine("\(file.path)\(arrow)  \(ReportFormatter.count(file.bytesIn)) -> \(ReportFormatter.count(file.bytesOut)) bytes", to: summaryStream)
            }
            spool(file, to: \.files)
        case .skipped(let skip):
            // A skip's message is made only when a line or the JSON shows it.
            guard verbose || spools != nil else { return }
            let notice = RunReport.Notice(path: skip.path, message: skip.reason.description)
            if verbose && admit("skips") { printLine("skipped \(notice.path): \(notice.message)", to: summaryStream) }
            spool(notice, to: \.skipped)
        case .failure(let notice):
            if admit("failures") { printLine("squeeze: \(notice.path): \(notice.message)", to: .error) }
            spool(notice, to: \.failures)
        case .warning(let notice):
            if !quiet && admit("warnings") { printLine("squeeze: warning: \(notice.path): \(notice.message)", to: .error) }
            spool(notice, to: \.warnings)
        }
    }

    private func admit(_ kind: String) -> Bool { listed.withLock { $0.admit(kind) } }

    /// Queues `text` for standard error as it is, through the writer of the report's lines: what a
    /// sink that words records its own way prints (`GzipRecordSink`, gzip's lines and messages).
    package func message(_ text: String) {
        guard !text.isEmpty else { return }
        print(text, to: .error)
    }

    /// Says how many problems went unlisted, then throws what went wrong printing or spooling,
    /// once the run is over.
    package func finish() throws {
        drain()
        for (kind, count) in listed.withLock({ $0.omitted }) {
            let json = spools == nil ? "rerun with --json FILE to have them all" : "the JSON report lists them all"
            print("squeeze: \(ReportFormatter.count(count)) more \(kind) not listed (\(ReportFormatter.count(Self.listedProblemLimit)) shown; \(json))\n", to: .error)
        }
        switch failure.withLock({ $0 }) {
        case nil: return
        case .output(let error): throw CommandOutput.exitCode(for: error, what: "the report")
        case .spool(let message):
            StandardStreams.message("squeeze: cannot keep the report's records: \(message)\n")
            throw ExitStatus.failure
        }
    }

    /// Prints `line` with its control characters escaped, as `ls -b` does: a hostile file or
    /// entry name must not drive the terminal.
    private func printLine(_ line: String, to stream: StandardStreams.Stream) {
        print(PathName(line).escapedForTerminal + "\n", to: stream)
    }

    /// Queues `text` for the report's writer (`QueuedStreamWriter`, started at the first line), so
    /// that the worker recording it, under the collector's lock, never waits for the stream's
    /// reader; once the writer has finished (`drain`), writes it at once.
    private func print(_ text: String, to stream: StandardStreams.Stream) {
        let queued = printer.withLock { printer -> Bool in
            switch printer {
            case .writing(let writer):
                writer.write(text.utf8, to: stream)
                return true
            case .notStarted:
                do {
                    let writer = try QueuedStreamWriter { [self] bytes, stream in deliver(bytes, to: stream) }
                    writer.write(text.utf8, to: stream)
                    printer = .writing(writer)
                    return true
                } catch {
                    recordSpoolFailure("\(error)")
                    return false
                }
            case .drained:
                return false
            }
        }
        if !queued { deliver(Array(text.utf8), to: stream) }
    }

    /// Writes what the report's writer hands on, above the progress line while it is shown.
    private func deliver(_ bytes: [UInt8], to stream: StandardStreams.Stream) {
        progress.withLock { display in
            let write = {
                do throws(SystemError) {
                    try StandardStreams.write(bytes, to: stream)
                } catch where self.countsWriteFailures {
                    self.failure.withLock { if $0 == nil { $0 = .output(error) } }
                } catch {}
            }
            if let display { display.printAbove(write) } else { write() }
        }
    }

    /// Waits until every line queued has been written, and ends the writer: called once the run's
    /// workers are done, before the progress line goes and the summary comes. Later lines are
    /// written at once.
    package func drain() {
        let started = printer.withLock { printer -> QueuedStreamWriter? in
            defer { printer = .drained }
            if case .writing(let writer) = printer { return writer }
            return nil
        }
        if let failure = started?.finish() { recordSpoolFailure("\(failure)") }
    }

    private func spool(_ value: some Encodable, to array: KeyPath<JSONSpools, SpoolFile>) {
        guard let spools else { return }
        let spool = spools[keyPath: array]
        do {
            // Files and notices are written directly (`jsonRecord`): the encoder's cost per
            // record was most of a resumed rerun's.
            let direct = (value as? RunReport.FileEntry)?.jsonRecord ?? (value as? RunReport.Notice)?.jsonRecord
            if let direct { return self.spool(direct, to: spool) }
            var json = Array(try Self.recordEncoder().encode(value))
            if spool.recordCount > 0 { json.insert(contentsOf: Array(",\n".utf8), at: 0) }
            // An archive's entries, spooled while it was listed, go into its record.
            if let file = value as? RunReport.FileEntry, file.listing?.archive != nil,
               let entries = archives.withLock({ $0[file.path] }), let place = json.firstRange(ofBytes: Array(#""entries":[]"#.utf8))
            {
                try spool.append(json[..<(place.upperBound - 1)])
                try entries.json?.forEachChunk { try spool.append($0) }
                try spool.append(json[(place.upperBound - 1)...])
            } else {
                try spool.append(json)
            }
        } catch {
            recordSpoolFailure("\(error)")
        }
    }

    /// Appends a finished file's record to `spool` (see `FinishedFile.appendJSONRecord`); false
    /// when it has a listing, which goes through the entry.
    private func appendJSONRecord(of finished: FinishedFile, to spool: SpoolFile) -> Bool {
        do {
            return try finished.appendJSONRecord(to: spool, separatedBy: ",\n")
        } catch {
            recordSpoolFailure("\(error)")
            return true
        }
    }

    /// Appends a record's JSON to `spool`, after a separator from the one before.
    private func spool(_ json: [UInt8], to spool: SpoolFile) {
        do {
            try spool.append(record: json, separatedBy: ",\n")
        } catch {
            recordSpoolFailure("\(error)")
        }
    }

    /// The spool of `path`'s entries, made at its first.
    package func entrySpool(for path: String) throws -> ArchiveEntrySpool {
        try archives.withLock { archives in
            if let spool = archives[path] { return spool }
            let spool = try ArchiveEntrySpool(keepsJSON: spools != nil)
            archives[path] = spool
            return spool
        }
    }

    package func recordSpoolFailure(_ message: String) {
        failure.withLock { if $0 == nil { $0 = .spool(message) } }
    }

    /// The JSON report: the head (every field but the four arrays) as one encoding, the arrays
    /// from their spools, a record per line.
    package func writeJSON(_ report: RunReport, to destination: String) throws {
        guard let spools else { preconditionFailure("writeJSON without --json") }
        var head = Array(try Self.recordEncoder().encode(RunReportJSON(report: report)))
        var pieces: [(marker: [UInt8], spool: SpoolFile)] = []
        for (key, spool) in [("failures", spools.failures), ("files", spools.files), ("skipped", spools.skipped), ("warnings", spools.warnings)] {
            pieces.append((Array("\"\(key)\":[".utf8), spool))
        }
        try ReportFile.write(to: destination, what: "the JSON report") { write in
            for piece in pieces {
                guard let place = head.firstRange(ofBytes: piece.marker + Array("]".utf8)) else {
                    preconditionFailure("no empty \(String(decoding: piece.marker, as: UTF8.self))] in the report")
                }
                let end = place.upperBound - 1
                try write(Array(head[..<end]) + [UInt8(ascii: "\n")])
                try piece.spool.forEachChunk(write)
                head.removeSubrange(..<end)
            }
            try write(head + Array("\n".utf8))
        }
    }

    package static let entryEncoder = recordEncoder()

    /// Keys sorted, and slashes left as they are: a path reads as a path (`a/b`, not `a\/b`), and
    /// the records written directly (`jsonRecord`) copy names without escaping each slash.
    private static func recordEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    private static func withoutEntries(_ listing: FileListing) -> FileListing {
        var listing = listing
        listing.archive?.entries = []
        return listing
    }
}

extension ReportFile {
    /// Writes what `body` hands its writer, a chunk at a time: to standard output for `-`, else
    /// to `destination` by the rules every named output follows (`writeWholeOutput`).
    package static func write(to destination: String, what: String, _ body: (([UInt8]) throws -> Void) throws -> Void) throws {
        if destination == "-" {
            do {
                try body { chunk in try StandardStreams.write(chunk, to: .output) }
            } catch let error as SystemError {
                throw CommandOutput.exitCode(for: error, what: what)
            }
            return
        }
        do {
            try writeWholeOutput(to: PathName(destination), body)
        } catch {
            let reason = (error as? SystemError)?.reason ?? (error as? OutputRefusal)?.reason ?? "\(error)"
            StandardStreams.message("squeeze: cannot write \(what) to '\(destination)': \(reason)\n")
            throw ExitStatus.failure
        }
    }
}
