import Glibc
import SqueezeKit

/// What a run's report shows and where (`ReportArguments`, as parsed; or set directly under
/// gzip's names, which do not build the argument parser's option types: each of those costs a
/// start its definitions).
struct ReportChoices: Sendable {
    /// Where the JSON report goes ('-': standard output); nil for none.
    var json: String?
    var quiet = false
    var verbose = false
    var progress: ProgressMode = .auto

    /// Whether to show the progress line; with `dataOnStandardOutput` (`--stdout`), `auto` leaves
    /// it off when standard output is the same kind of terminal, where it would be drawn over the data.
    func showsProgress(dataOnStandardOutput: Bool) -> Bool {
        if progress == .auto && dataOnStandardOutput && TerminalSize.isTerminal(STDOUT_FILENO) { return false }
        return progress.isEnabled(standardErrorIsTerminal: TerminalSize.isTerminal(STDERR_FILENO), quiet: quiet)
    }
}
