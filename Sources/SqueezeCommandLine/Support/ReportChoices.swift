import Glibc
import SqueezeKit

/// What a run's report shows and where (`ReportArguments`, as parsed; or set directly under
/// gzip's names, which do not build the argument parser's option types: each of those costs a
/// start its definitions).
package struct ReportChoices: Sendable {
    /// Where the JSON report goes ('-': standard output); nil for none.
    package var json: String?
    package var quiet = false
    package var verbose = false
    package var progress: ProgressMode = .auto

    package init(json: String? = nil, quiet: Bool = false, verbose: Bool = false, progress: ProgressMode = .auto) {
        self.json = json
        self.quiet = quiet
        self.verbose = verbose
        self.progress = progress
    }

    /// Whether to show the progress line; with `dataOnStandardOutput` (`--stdout`), `auto` leaves
    /// it off when standard output is the same kind of terminal, where it would be drawn over the data.
    package func showsProgress(dataOnStandardOutput: Bool) -> Bool {
        if progress == .auto && dataOnStandardOutput && TerminalSize.isTerminal(STDOUT_FILENO) { return false }
        return progress.isEnabled(standardErrorIsTerminal: TerminalSize.isTerminal(STDERR_FILENO), quiet: quiet)
    }
}
