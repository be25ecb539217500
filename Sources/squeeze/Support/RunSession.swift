import ArgumentParser
import Foundation
import SqueezeKit

/// What every subcommand that runs a batch shares: the collector its run reports to (which the
/// progress line reads), interrupts (first signal stops new work and lets the run clean up; a
/// second removes temporaries at once and exits), and printing the report as text and JSON, then
/// exiting with the status of the report's outcome.
struct RunSession {
    let reporting: ReportArguments
    /// Pass this to the run: the progress line shows what it records.
    let collector: any ResultRecording
    /// The text summary goes to standard error, because standard output carries data (`--stdout`).
    let summaryToStandardError: Bool
    let cancellation = CancellationFlag()
    let registry = TemporaryFileRegistry()
    /// Pass this to the run: the collector, flag and registry above.
    var environment: RunEnvironment { RunEnvironment(collector: collector, cancellation: cancellation, registry: registry) }

    init(
        reporting: ReportArguments, summaryToStandardError: Bool = false,
        collector: any ResultRecording = ResultCollector()
    ) {
        self.reporting = reporting
        self.summaryToStandardError = summaryToStandardError
        self.collector = collector
    }

    /// Runs `body` with interrupts watched and, if asked, the progress line shown; then, with the
    /// line erased, `beforeReport` (output of the command's own, such as a table) and the report;
    /// and exits with the status of the report's outcome.
    func perform(_ body: () -> RunReport, beforeReport: (RunReport) -> Void = { _ in }) throws {
        let cancellation = cancellation
        let registry = registry
        let progress = reporting.showsProgress(dataOnStandardOutput: summaryToStandardError)
            ? ProgressDisplay(collector: collector) : nil
        let monitor = InterruptMonitor { _, count in
            if count == 1 {
                progress?.stop()
                cancellation.cancel()
                FileHandle.standardError.write(Data("squeeze: interrupted: stopping, removing temporary files\n".utf8))
            } else {
                registry.removeAll()
                _exit(130)
            }
        }
        progress?.start()
        let report = body()
        progress?.stop()
        monitor.stop()
        beforeReport(report)
        try print(report)
        let status = report.outcome.exitStatus
        if status != 0 { throw ExitCode(status) }
    }

    private func print(_ report: RunReport) throws {
        let formatter = ReportFormatter(verbose: reporting.verbose)
        let standardError = FileHandle.standardError
        standardError.write(Data(formatter.problems(report, includingWarnings: !reporting.quiet).utf8))
        let jsonToStandardOutput = reporting.json == "-"
        if !reporting.quiet {
            let text = Data(formatter.summary(report).utf8)
            (jsonToStandardOutput || summaryToStandardError ? standardError : FileHandle.standardOutput).write(text)
        }
        if let destination = reporting.json { try ReportFile.writeJSON(RunReportJSON(report: report), to: destination) }
    }
}

extension RunReport.Outcome {
    /// The exit status of a run that ended this way (DESIGN.md): the one place it is decided.
    var exitStatus: Int32 {
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
private struct RunReportJSON: Encodable {
    let report: RunReport

    private enum Key: String, CodingKey { case exitStatus }

    func encode(to encoder: any Encoder) throws {
        try report.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(report.outcome.exitStatus, forKey: .exitStatus)
    }
}

/// Writing what a command made (a JSON report, a chart) where the user asked: standard output for
/// `-`, else the path as the library's `writeWholeOutput` writes any named output (a regular file
/// replaced atomically, a link followed, a device or FIFO written into). A path that cannot be
/// written is an error (exit 1) with a message naming it.
enum ReportFile {
    static func write(_ data: Data, to destination: String, what: String) throws {
        if destination == "-" {
            FileHandle.standardOutput.write(data)
            return
        }
        do {
            try writeWholeOutput([UInt8](data), to: PathName(destination))
        } catch {
            let reason = (error as? SystemError)?.reason ?? (error as? OutputRefusal)?.reason ?? "\(error)"
            FileHandle.standardError.write(Data("squeeze: cannot write \(what) to '\(destination)': \(reason)\n".utf8))
            throw ExitCode.failure
        }
    }

    /// `value` as pretty, key-sorted JSON, ending with a newline.
    static func writeJSON(_ value: some Encodable, to destination: String, what: String = "the JSON report") throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var json = try encoder.encode(value)
        json.append(UInt8(ascii: "\n"))
        try write(json, to: destination, what: what)
    }
}
