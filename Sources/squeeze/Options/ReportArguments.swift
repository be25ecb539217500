import ArgumentParser
import Glibc
import SqueezeKit

extension ProgressMode: ExpressibleByArgument {}

/// `--json`, `--quiet`, `--verbose`: what is printed at the end; `--progress`: what is shown meanwhile.
struct ReportArguments: ParsableArguments {
    @Option(help: ArgumentHelp("Also write the report as JSON to this file; '-' writes it to standard output and moves the text report to standard error.", valueName: "path"))
    var json: String?

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Add a line per file and per skipped path.")
    var verbose = false

    @Option(help: "A live line on standard error (percent, files, MB/s, time left): auto (when standard error is a terminal and not --quiet), always or never.")
    var progress: ProgressMode = .auto

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose cannot be used together") }
    }

    /// Whether to show the progress line; with `dataOnStandardOutput` (`--stdout`), `auto` leaves
    /// it off when standard output is the same kind of terminal, where it would be drawn over the data.
    func showsProgress(dataOnStandardOutput: Bool) -> Bool {
        if progress == .auto && dataOnStandardOutput && TerminalSize.isTerminal(STDOUT_FILENO) { return false }
        return progress.isEnabled(standardErrorIsTerminal: TerminalSize.isTerminal(STDERR_FILENO), quiet: quiet)
    }
}
