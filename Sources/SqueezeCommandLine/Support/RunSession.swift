import Dispatch
import FoundationEssentials
import Glibc
import SqueezeKit

/// What every subcommand that runs a batch shares: the collector its run reports to (which the
/// progress line reads), interrupts (first signal stops new work and lets the run clean up; a
/// second removes temporaries at once and exits), and printing the report as text and JSON, then
/// exiting with the status of the report's outcome. Per-file lines, failures and warnings are
/// printed as they are recorded (`ReportStream`); the summary and the JSON come at the end.
package struct RunSession {
    package let reporting: ReportChoices
    /// Pass this to the run: the progress line shows what it records.
    package let collector: any ResultRecording
    /// Where the collector sends every record.
    package let stream: ReportStream
    /// The text summary goes to standard error, because standard output carries data (`--stdout`).
    package let summaryToStandardError: Bool
    /// A filter (data in from standard input or out to standard output, as gzip is used in a
    /// pipe): like gzip, it prints nothing but errors unless `--verbose`, and no progress line
    /// unless `--progress always`.
    package let isFilter: Bool
    /// The first interrupt ends the process at once, as it ends gzip (`InterruptMonitor.Response.exit`),
    /// for a run that has nothing to undo: no thread then waits for the signals.
    package let interruptEndsAtOnce: Bool
    package let cancellation = CancellationFlag()
    package let registry = TemporaryFileRegistry()
    /// Pass this to the run: the collector, flag and registry above.
    package var environment: RunEnvironment { RunEnvironment(collector: collector, cancellation: cancellation, registry: registry) }

    /// `makeCollector` makes the collector that sends its records to the given sink (the
    /// session's stream, or a sink that prints through it). `linesAreMessages`: what is printed
    /// through the stream are messages as gzip's (`ReportStream.message`), and a failure to
    /// write them is no failure of the run. `interruptEndsAtOnce`: as above.
    package init(
        choices reporting: ReportChoices, summaryToStandardError: Bool = false, isFilter: Bool = false, linesAreMessages: Bool = false,
        interruptEndsAtOnce: Bool = false, makeCollector: (ReportStream) -> any ResultRecording = { ResultCollector(sink: $0) }
    ) throws {
        self.reporting = reporting
        self.interruptEndsAtOnce = interruptEndsAtOnce
        self.summaryToStandardError = summaryToStandardError || isFilter
        self.isFilter = isFilter
        stream = try ReportStream(
            reporting: reporting, summaryStream: Self.summaryStream(reporting, summaryToStandardError || isFilter),
            countsWriteFailures: !linesAreMessages)
        collector = makeCollector(stream)
    }

    private static func summaryStream(_ reporting: ReportChoices, _ summaryToStandardError: Bool) -> StandardStreams.Stream {
        reporting.json == "-" || summaryToStandardError ? .error : .output
    }

    /// Runs `body` with interrupts watched and, if asked, the progress line shown; then, with the
    /// line erased, `beforeReport` (output of the command's own, such as a table) and the report;
    /// and exits with the status of the report's outcome.
    package func perform(_ body: () -> RunReport, beforeReport: (RunReport) throws -> Void = { _ in }) throws {
        let cancellation = cancellation
        let registry = registry
        let showsProgress = isFilter
            ? reporting.progress == .always : reporting.showsProgress(dataOnStandardOutput: summaryToStandardError)
        let progress = showsProgress ? ProgressDisplay(collector: collector) : nil
        // What the first interrupt says is written from a queue of its own: standard error may be
        // a pipe nobody reads, and the monitor's queue must stay free to hear the second signal.
        let notices = DispatchQueue(label: "squeeze.interrupt-notice")
        let monitor = InterruptMonitor(response: interruptEndsAtOnce ? .exit : .call { _, count in
            if count == 1 {
                // Queued before the run can see the cancellation, so that `notices.sync` below,
                // once the run has stopped, waits for the notice.
                notices.async {
                    progress?.stop()
                    StandardStreams.message("squeeze: interrupted: stopping, removing temporary files\n")
                }
                cancellation.cancel()
                InterruptibleCalls.shared.interrupt()
            } else {
                registry.removeAll()
                _exit(130)
            }
        })
        progress?.start()
        stream.show(above: progress)
        let report = body()
        notices.sync {}
        // Lines still queued (a slow reader of the report) are written above the progress line.
        stream.drain()
        stream.show(above: nil)
        progress?.stop()
        monitor.stop()
        // The reader of standard output went away (`| head`): the run stopped; end quietly.
        if StandardStreams.outputReaderIsGone { throw CommandOutput.readerGone }
        try beforeReport(report)
        try print(report)
        let status = report.outcome.exitStatus
        if status != 0 { throw ExitStatus(status) }
    }

    /// The summary and the JSON; the records were printed (and spooled) as they came.
    private func print(_ report: RunReport) throws {
        try stream.finish()
        if !reporting.quiet && (!isFilter || reporting.verbose) {
            try CommandOutput.print(
                ReportFormatter(verbose: reporting.verbose).summary(report), to: Self.summaryStream(reporting, summaryToStandardError),
                what: "the report")
        }
        if let destination = reporting.json { try stream.writeJSON(report, to: destination) }
    }
}

/// Printing what a command made (a report, a table), with the failures of its streams turned into
/// exit statuses in one place: a reader that went away (EPIPE, `squeeze list | head -1`) ends the
/// command quietly with 141, the status gzip gets from SIGPIPE; any other failure (a full disk
/// behind `> file`, a closed descriptor) is one line on standard error and exit 1. Work already
/// committed stays committed.
package enum CommandOutput {
    /// 128 + SIGPIPE, as a shell reports a command that SIGPIPE ended.
    package static let readerGone = ExitStatus(128 + SIGPIPE)

    package static func print(_ text: String, to stream: StandardStreams.Stream, what: String) throws {
        do {
            try StandardStreams.write(text, to: stream)
        } catch {
            throw exitCode(for: error, what: what)
        }
    }

    package static func exitCode(for error: SystemError, what: String) -> ExitStatus {
        if error.code == EPIPE { return readerGone }
        StandardStreams.message("squeeze: cannot write \(what) to \(error.path): \(error.reason)\n")
        return .failure
    }
}

extension RunReport.Outcome {
    /// The exit status of a run that ended this way (DESIGN.md): the one place it is decided.
    package var exitStatus: Int32 {
        switch self {
        case .succeeded: 0
        case .failures: 1
        case .warnings: 2
        case .interrupted: 130
        }
    }
}

/// What `--json` writes: the report as the library encodes it, and beside its fields
/// `exitStatus`, the status this process exits with (scripts read it there).
package struct RunReportJSON: Encodable {
    package let report: RunReport

    private enum Key: String, CodingKey { case exitStatus }

    package func encode(to encoder: any Encoder) throws {
        try report.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(report.outcome.exitStatus, forKey: .exitStatus)
    }
}

/// Writing what a command made (a JSON report, a chart) where the user asked: standard output for
/// `-`, else the path as the library's `writeWholeOutput` writes any named output (a regular file
/// replaced atomically, a link followed, a device or FIFO written into). A path that cannot be
/// written is an error (exit 1) with a message naming it.
package enum ReportFile {
    package static func write(_ data: Data, to destination: String, what: String) throws {
        try write(to: destination, what: what) { write in try write([UInt8](data)) }
    }

    /// `value` as pretty, key-sorted JSON, ending with a newline.
    package static func writeJSON(_ value: some Encodable, to destination: String, what: String = "the JSON report") throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var json = try encoder.encode(value)
        json.append(UInt8(ascii: "\n"))
        try write(json, to: destination, what: what)
    }
}
