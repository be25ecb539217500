/// What a scan found: files to work on (stored compactly), paths passed by, and paths it could
/// not read.
public struct ScanResult: Sendable {
    public var files = ScannedFiles()
    public var skipped: [SkippedPath] = []
    public var failures: [FileFailure] = []

    public init() {}
}

/// A file a scan selected, with where it was found: a regular file, or for an archive any entry
/// (its `status.kind` tells which).
public struct ScannedFile: Equatable, Sendable {
    public var path: PathName {
        // The relative path was the old path's tail: it is kept as it was.
        didSet { if separateRelativePath == nil { separateRelativePath = PathName(bytes: oldValue.bytes.suffix(relativeTailLength)) } }
    }
    /// The path below the scanned root (the file's own name when the root was the file), used to
    /// mirror the tree under an output directory and to match globs. Made when asked for: it is
    /// almost always the tail of `path` (a walk's every file), and most runs never ask.
    public var relativePath: PathName {
        get { separateRelativePath ?? PathName(bytes: path.bytes.suffix(relativeTailLength)) }
        set { separateRelativePath = newValue }
    }
    public var status: FileStatus
    /// The directory the walk found the file in, held open for it (`ScanOptions.pinsDirectories`):
    /// the file is then opened and its output named relative to it. Nil for a root, a file kept
    /// for later (`ScannedFiles` keeps none), or once the walk's budget of them is spent.
    var directory: PinnedDirectory?
    /// The relative path when it is not the tail of `path`; nil when it is, `relativeTailLength`
    /// bytes long (no second array per file).
    private var separateRelativePath: PathName?
    private var relativeTailLength = 0

    public init(path: PathName, relativePath: PathName, status: FileStatus) {
        self.path = path
        self.status = status
        if relativePath.bytes.withUnsafeBufferPointer({ PathName.hasSuffix(path.bytes, $0) }) {
            relativeTailLength = relativePath.bytes.count
        } else {
            separateRelativePath = relativePath
        }
    }

    /// A file whose relative path is the last `relativeTailLength` bytes of `path`.
    init(path: PathName, relativeTailLength: Int, status: FileStatus, directory: PinnedDirectory? = nil) {
        precondition((0...path.bytes.count).contains(relativeTailLength))
        self.path = path
        self.relativeTailLength = relativeTailLength
        self.status = status
        self.directory = directory
    }

    /// How many of the last bytes of `path` are the relative path; nil when it is stored apart.
    var relativeTail: Int? { separateRelativePath == nil ? relativeTailLength : nil }

    /// The same file, wherever it is reached from: the held directory is not compared.
    public static func == (lhs: ScannedFile, rhs: ScannedFile) -> Bool {
        lhs.path == rhs.path && lhs.relativePath == rhs.relativePath && lhs.status == rhs.status
    }
}

/// Why a path found by a scan or a plan was not worked on.
public enum SkipReason: Hashable, Sendable {
    case symbolicLink
    case danglingSymbolicLink
    case symbolicLinkLoop
    case special(FileKind)
    case alreadyCompressed
    /// compress: its content is a compressed format (named), recognised by its first bytes.
    case compressedContent(String)
    /// Its name ends with the suffix compress gives its outputs (`-S`, other than `.gz`): as gzip,
    /// it is taken as compressed already.
    case hasOutputSuffix(String)
    case unknownSuffix
    /// Found in a tree by a command that reads gzip files, without a gzip suffix.
    case notGzipFile
    /// One of squeeze's temporaries, whose run may still be going: never touched.
    case temporaryFile
    /// A temporary left by a squeeze run that was killed (its process is gone): removed.
    case removedTemporaryFile
    /// A temporary of squeeze's that may be left over but was not removed: the message says why,
    /// and how to remove it.
    case leftoverTemporaryFile(String)
    case excluded(pattern: String)
    case notIncluded
    /// Reached a second time through a symbolic link, or a directory whose name in an archive an
    /// earlier root already gave (their contents are stored under the one name).
    case duplicate(of: PathName)
    /// Its output (or its name in an archive) is `name`, which an earlier input already has: two
    /// inputs would make the same file. Only the first is done.
    case nameTaken(PathName, by: PathName)
    case outputExists(PathName)
    /// compress: its output's name holds something that is not this source's complete output
    /// (another file, a link, an output of the source before it changed).
    case outputDiffers(PathName)
    /// `--rm` would delete one name of a file that has others (as gzip, only with `--force`).
    case hardLinked(otherLinks: UInt64)
    /// The archive being written, found in the tree it archives (with `--force`).
    case archiveItself
    /// A directory named where only files are read (`compress -c DIR`), passed by as gzip does.
    case directoryIgnored

    public var description: String {
        switch self {
        case .symbolicLink: "symbolic link (not followed; use --follow-symlinks)"
        case .danglingSymbolicLink: "dangling symbolic link"
        case .symbolicLinkLoop: "symbolic link loop"
        case .special(let kind): "\(kind.phrase), not a regular file"
        case .alreadyCompressed: "already compressed (.gz or .tgz)"
        case .compressedContent(let format): "already compressed: its content is \(format) (--recompress compresses it anyway)"
        case .hasOutputSuffix(let suffix): "already has the suffix '\(suffix)' (taken as compressed)"
        case .unknownSuffix: "unknown suffix (not .gz, .tgz, .zst or .tzst)"
        case .notGzipFile: "not a .gz or .tgz file"
        case .temporaryFile: "a squeeze temporary file"
        case .removedTemporaryFile: "removed: a temporary left by an interrupted squeeze run"
        case .leftoverTemporaryFile(let why): why
        case .excluded(let pattern): "excluded by '\(pattern)'"
        case .notIncluded: "matches no --include"
        case .duplicate(let first): "same file as '\(first)'"
        case .nameTaken(let name, let first): "'\(name)' is already made from '\(first)'; this one is left out"
        case .outputExists(let output): "'\(output)' already exists (use --force to overwrite)"
        case .outputDiffers(let output): "'\(output)' already exists and is not this file's complete output (use --force to overwrite)"
        case .hardLinked(let count): "has \(count) other link\(count == 1 ? "" : "s") (use --force with --rm)"
        case .archiveItself: "the archive being written"
        case .directoryIgnored: "is a directory -- ignored"
        }
    }

    /// The reason in a few words, for counting skips in a report.
    public var category: String {
        switch self {
        case .symbolicLink: "symbolic link"
        case .danglingSymbolicLink: "dangling symbolic link"
        case .symbolicLinkLoop: "symbolic link loop"
        case .special(let kind): "not a regular file (\(kind.rawValue))"
        case .alreadyCompressed, .hasOutputSuffix, .compressedContent: "already compressed"
        case .unknownSuffix: "unknown suffix"
        case .notGzipFile: "not gzip"
        case .temporaryFile: "squeeze temporary"
        case .removedTemporaryFile: "leftover temporary removed"
        case .leftoverTemporaryFile: "leftover temporary kept"
        case .excluded: "excluded"
        case .notIncluded: "not included"
        case .duplicate: "duplicate"
        case .nameTaken: "name taken"
        case .outputExists: "output exists"
        case .outputDiffers: "output exists, not this file's"
        case .hardLinked: "hard linked"
        case .archiveItself: "the archive itself"
        case .directoryIgnored: "directory"
        }
    }

    /// Skips that mean a file the user asked for was not done: exit status 2, as gzip's
    /// "already exists; not overwritten". The others are what walking a tree is expected to pass by.
    public var isWarning: Bool {
        switch self {
        case .outputExists, .outputDiffers, .unknownSuffix, .hardLinked, .nameTaken, .directoryIgnored: true
        default: false
        }
    }
}

/// A path a run passed by, and why.
public struct SkippedPath: Hashable, Sendable {
    public var path: PathName
    public var reason: SkipReason

    public init(path: PathName, reason: SkipReason) {
        self.path = path
        self.reason = reason
    }
}

/// An input that could not be done, with a message naming it and the cause.
public struct FileFailure: Hashable, Sendable {
    public var path: PathName
    public var message: String

    public init(path: PathName, message: String) {
        self.path = path
        self.message = message
    }

    public init(path: PathName, error: any Error) {
        self.init(path: path, message: "\(error)")
    }
}

/// A source changed while it was read; its output was discarded rather than kept inconsistent
/// (or, where it could not be, the message says so).
public struct SourceChangedError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What became of what was made from the source.
    public enum Output: Equatable, Sendable {
        /// An output file, removed.
        case discarded
        /// Bytes written to standard output as they were decoded: a pipe cannot take them back.
        case alreadyWritten
        /// Nothing: the source was only checked (`test`).
        case checkedOnly
    }

    public let path: PathName
    public let detail: String
    public var output = Output.discarded

    public var description: String {
        let consequence = switch output {
        case .discarded: "its output was discarded"
        case .alreadyWritten: "the bytes already written to standard output were read from it as it changed"
        case .checkedOnly: "the check does not vouch for it"
        }
        return "'\(path)' changed while it was being read (\(detail)); \(consequence)"
    }
}
