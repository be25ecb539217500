/// When the live progress line is shown (`--progress`).
public enum ProgressMode: String, CaseIterable, Sendable {
    /// On when standard error is a terminal and the run is not `--quiet`.
    case auto
    /// On, even into a file or pipe and under `--quiet`: the user asked for it by name.
    case always
    /// Off.
    case never

    public func isEnabled(standardErrorIsTerminal: Bool, quiet: Bool) -> Bool {
        switch self {
        case .auto: standardErrorIsTerminal && !quiet
        case .always: true
        case .never: false
        }
    }
}
