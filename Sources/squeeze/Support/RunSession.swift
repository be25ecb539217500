import ArgumentParser
import Foundation
import SqueezeKit

/// What every subcommand that runs a batch shares: interrupts (first signal stops new work and
/// lets the run clean up; a second removes temporaries at once and exits), and printing the
/// report as text and JSON, then exiting with the report's status.
struct RunSession {
    let reporting: ReportArguments
    /// The text summary goes to standard error, because standard output carries data (`--stdout`).
    let summaryToStandardError: Bool
    let cancellation = CancellationFlag()
    let registry = TemporaryFileRegistry()

    init(reporting: ReportArguments, summaryToStandardError: Bool = false) {
        self.reporting = reporting
        self.summaryToStandardError = summaryToStandardError
    }

    /// Runs `body` with interrupts watched, prints its report, and exits with its status.
    func perform(_ body: () -> RunReport) throws {
        let cancellation = cancellation
        let registry = registry
        let monitor = InterruptMonitor { _, count in
            if count == 1 {
                cancellation.cancel()
                FileHandle.standardError.write(Data("squeeze: interrupted: stopping, removing temporary files\n".utf8))
            } else {
                registry.removeAll()
                _exit(130)
            }
        }
        let report = body()
        monitor.stop()
        try print(report)
        if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
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
        guard let destination = reporting.json else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var json = try encoder.encode(report)
        json.append(UInt8(ascii: "\n"))
        if jsonToStandardOutput {
            FileHandle.standardOutput.write(json)
        } else {
            do {
                try json.write(to: URL(fileURLWithPath: destination), options: .atomic)
            } catch {
                standardError.write(Data("squeeze: cannot write the JSON report to '\(destination)': \(error.localizedDescription)\n".utf8))
                throw ExitCode(1)
            }
        }
    }
}
