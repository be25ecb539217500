/// Which files a command works on.
public enum FileSelection: Sendable {
    /// compress: everything but gzip files (their own outputs).
    case uncompressed
    /// decompress, test, list: gzip files by suffix; a file named on the command line is taken
    /// whatever its name when `acceptingNamedFiles` (test and list read any file).
    case gzipFiles(acceptingNamedFiles: Bool)
    /// archive: every regular file whatever its suffix, and directories, symbolic links (when
    /// not followed), FIFOs and device files as entries of their own, each directory before what
    /// it holds. Sockets, which no archive format can restore, are still skipped.
    case archiveEntries

    /// Whether directories, links and special files are selected as well as regular files.
    var selectsEveryKind: Bool {
        if case .archiveEntries = self { return true }
        return false
    }

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
        case .archiveEntries:
            return nil
        }
    }
}
