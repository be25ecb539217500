import Glibc

/// `--include` / `--exclude` globs (`fnmatch`). A pattern with a `/` is matched against the
/// path relative to the scanned root; one without is matched against the last component, so
/// `*.log` and `build` mean what they say at any depth. `*` also matches `/`.
public struct PathFilter: Sendable {
    public var includes: [String]
    public var excludes: [String]

    public init(includes: [String] = [], excludes: [String] = []) {
        self.includes = includes
        self.excludes = excludes
    }

    /// Why a file is filtered out, or nil if it is in.
    func skipReason(forFile relativePath: PathName) -> SkipReason? {
        if let pattern = excludes.first(where: { Self.matches($0, relativePath) }) {
            return .excluded(pattern: pattern)
        }
        if !includes.isEmpty && !includes.contains(where: { Self.matches($0, relativePath) }) {
            return .notIncluded
        }
        return nil
    }

    /// Why a directory is pruned, or nil to walk into it. Includes apply to files only.
    func skipReason(forDirectory relativePath: PathName) -> SkipReason? {
        excludes.first(where: { Self.matches($0, relativePath) }).map { .excluded(pattern: $0) }
    }

    static func matches(_ pattern: String, _ relativePath: PathName) -> Bool {
        let subject = pattern.contains("/") ? relativePath : relativePath.lastComponent
        return subject.withCString { fnmatch(pattern, $0, 0) == 0 }
    }
}
