/// Why a bench could not finish; each message says what to do about it.
public enum BenchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input to compress is not there.
    case inputMissing(String)
    /// No directory was given and the bundled sample tree is not where it would be.
    case sampleTreeMissing(searched: [String])
    /// A scratch directory could not be made or used.
    case scratch(String)
    /// A `squeeze compress` child could not be started.
    case launchFailed(executable: String, reason: String)
    /// A child exited with a failure; its standard error says why.
    case runFailed(configuration: String, status: Int32, message: String)
    /// A child's JSON report is missing or not a report.
    case reportUnreadable(String)
    /// A child's report lacks what the identical-output check needs.
    case reportIncomplete(String)
    /// An output could not be read back to check it.
    case outputUnreadable(String)
    /// The user interrupted the bench.
    case interrupted

    public var description: String {
        switch self {
        case .inputMissing(let path):
            "cannot bench '\(path)': no such file or directory"
        case .sampleTreeMissing(let searched):
            "no directory given, and the bundled sample tree is not installed (looked in \(searched.joined(separator: ", "))); name a directory to bench"
        case .scratch(let reason):
            "cannot use the scratch directory: \(reason) (choose another with --scratch-dir)"
        case .launchFailed(let executable, let reason):
            "cannot run '\(executable)' for a bench run: \(reason)"
        case .runFailed(let configuration, let status, let message):
            "the \(configuration) run failed with exit status \(status); nothing was measured further"
                + (message.isEmpty ? "" : ":\n\(message)")
        case .reportUnreadable(let reason):
            "cannot read a run's JSON report: \(reason)"
        case .reportIncomplete(let reason):
            "a run's report cannot be checked for identical output: \(reason)"
        case .outputUnreadable(let reason):
            "cannot read back a run's output to compare it: \(reason)"
        case .interrupted:
            "interrupted; the scratch directory was removed"
        }
    }
}
