import Glibc

/// Which files a command works on.
public enum FileSelection: Sendable {
    /// compress: everything but gzip files (their own outputs).
    case uncompressed
    /// decompress, test, list: gzip and zstd files by suffix (squeeze's, or gzip's under its names); a file
    /// named on the command line is taken whatever its name when `acceptingNamedFiles` (test and
    /// list read any file).
    case gzipFiles(acceptingNamedFiles: Bool, suffixes: CompressedSuffixes = .squeeze)
    /// archive: every regular file whatever its suffix, and directories, symbolic links (when
    /// not followed), FIFOs and device files as entries of their own, each directory before what
    /// it holds. Sockets, which no archive format can restore, are still skipped.
    case archiveEntries

    /// Whether directories, links and special files are selected as well as regular files.
    var selectsEveryKind: Bool {
        if case .archiveEntries = self { return true }
        return false
    }

    /// Why `path` is not selected, or nil; `outputSuffix` is what compress's outputs end with.
    func skipReason(for path: PathName, isNamedOnCommandLine: Bool, outputSuffix: String = ".gz") -> SkipReason? {
        // Literals, not an array of them: each element taken out of an array was retained (a
        // walk asks this of every file).
        let hasGzipSuffix = path.hasSuffix(".gz") || path.hasSuffix(".tgz")
        switch self {
        case .uncompressed:
            if hasGzipSuffix { return .alreadyCompressed }
            return path.hasSuffix(outputSuffix) ? .hasOutputSuffix(outputSuffix) : nil
        case .gzipFiles(let acceptingNamedFiles, let suffixes):
            let isCompressed = suffixes == .squeeze ? hasGzipSuffix || path.hasSuffix(".zst") || path.hasSuffix(".tzst") : suffixes.matches(path)
            if isCompressed || (acceptingNamedFiles && isNamedOnCommandLine) { return nil }
            // Named, it was asked for (a warning, as gzip's "unknown suffix -- ignored"); found in
            // a tree, it is just not a gzip file (`gzip -dr` passes it by silently).
            return isNamedOnCommandLine ? .unknownSuffix : .notGzipFile
        case .archiveEntries:
            return nil
        }
    }
}

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

/// What a scan selects and how it walks.
public struct ScanOptions: Sendable {
    public var selection: FileSelection
    public var filter: PathFilter
    /// Follow symbolic links inside the tree (links named on the command line are always followed).
    public var followSymlinks: Bool
    /// Remove the temporaries that killed runs of squeeze left (commands that write into the tree
    /// they scan); otherwise every temporary is passed by.
    public var removesLeftoverTemporaries: Bool
    /// Take a FIFO or character device named on the command line (`/dev/stdin`, `<(…)`) as a
    /// file to read front to back; found in a tree, one is still skipped.
    public var readsNamedStreams: Bool
    /// What compress's outputs end with (`-S`): a file whose name already does is passed by, as
    /// gzip passes it by, so that a rerun does not make `x.z.z` of `x.z`.
    public var outputSuffix: String
    /// Tell apart the files whose output may exist (`ScanFinding.fileWithOutputToCheck`: their
    /// directory lists their output's name, or they were named): compress, with outputs beside
    /// their sources, checks those before compressing anything.
    public var notesOutputsToCheck: Bool
    /// Hand each file found with its directory held open (`ScannedFile.directory`), for a caller
    /// that works on files while the walk goes on. Never when links are followed: a file reached
    /// through a link to a directory is not in the directory the walk has open.
    var pinsDirectories = false

    public init(
        selection: FileSelection, filter: PathFilter = PathFilter(), followSymlinks: Bool = false,
        removesLeftoverTemporaries: Bool = false, readsNamedStreams: Bool = false, outputSuffix: String = ".gz",
        notesOutputsToCheck: Bool = false
    ) {
        self.outputSuffix = outputSuffix
        self.notesOutputsToCheck = notesOutputsToCheck
        self.readsNamedStreams = readsNamedStreams
        self.selection = selection
        self.filter = filter
        self.followSymlinks = followSymlinks
        self.removesLeftoverTemporaries = removesLeftoverTemporaries
    }
}
