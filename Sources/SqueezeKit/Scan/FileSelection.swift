/// Which regular files a command works on.
public enum FileSelection: Sendable {
    /// compress: everything but gzip files (their own outputs).
    case uncompressed
    /// decompress, test, list: gzip files by suffix; a file named on the command line is taken
    /// whatever its name when `acceptingNamedFiles` (test and list read any file).
    case gzipFiles(acceptingNamedFiles: Bool)

    static let gzipSuffixes = [".gz", ".tgz"]

    func skipReason(for path: PathName, isNamedOnCommandLine: Bool) -> SkipReason? {
        let hasGzipSuffix = Self.gzipSuffixes.contains { path.hasSuffix($0) }
        switch self {
        case .uncompressed:
            return hasGzipSuffix ? .alreadyCompressed : nil
        case .gzipFiles(let acceptingNamedFiles):
            if hasGzipSuffix || (acceptingNamedFiles && isNamedOnCommandLine) { return nil }
            // Named, it was asked for (a warning, as gzip's "unknown suffix -- ignored"); found in
            // a tree, it is just not a gzip file (`gzip -dr` passes it by silently).
            return isNamedOnCommandLine ? .unknownSuffix : .notGzipFile
        }
    }
}
