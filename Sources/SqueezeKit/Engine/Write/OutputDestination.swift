import Glibc

/// How squeeze writes a path it was asked to write, decided in one place from what is at the path
/// now: every named output (reports, charts, archives, compressed and decompressed files) is
/// opened here.
///
/// - A regular file, or nothing yet: written atomically (`AtomicFileWriter`: a nameless file or
///   a temporary beside it, then `link` or `rename`). Without `--force` anything at all there is
///   left alone: the `link` that names the output fails.
/// - A character device, FIFO or socket: written into in place (`InPlaceOutput`), never replaced,
///   never truncated. Opening a FIFO waits for a reader, as `cat > fifo` does.
/// - A symbolic link: see `SymlinkHandling`.
/// - A directory, a block device, anything else: refused (`OutputRefusal`), left untouched.
enum OutputDestination: Equatable {
    /// Write atomically to `path` (for a followed link, its target's path).
    case atomic(PathName)
    /// Write into the existing `kind` at `path` in place.
    case inPlace(PathName, FileKind)

    /// What squeeze does with an output path that is a symbolic link.
    enum SymlinkHandling {
        /// The link is followed, as a shell's `>` follows it: its target is written (atomically
        /// beside the target, or in place), and the link stays. For outputs the user names
        /// (`--json`, `--svg`, `archive -o`): a link there is one the user put there.
        case follow
        /// The link itself is the output's name and is replaced by the new file (only under
        /// `--force`: without it the output exists), as `gzip -f` does. For outputs squeeze
        /// names after their sources: following a link planted in a tree would let whoever can
        /// write there aim the output at any file the run may write.
        case replace
    }

    /// How `path` is to be written. Throws `OutputRefusal` for what squeeze never writes. When
    /// `replacingExisting` is false nothing is looked up: the output is written atomically, and
    /// its commit fails with EEXIST if anything (of any kind) is at `path` by then, since `link`
    /// never replaces.
    static func resolve(
        _ path: PathName, replacingExisting: Bool, symlinks: SymlinkHandling
    ) throws -> OutputDestination {
        guard replacingExisting else { return .atomic(path) }
        var raw = stat()
        guard path.withCString({ lstat($0, &raw) }) == 0 else {
            let code = errno
            if code == ENOENT { return .atomic(path) }
            throw SystemError("stat", path, code: code)
        }
        let kind = FileKind(mode: raw.st_mode)
        guard kind == .symbolicLink else { return try destination(path, of: kind) }
        if symlinks == .replace { return .atomic(path) }
        guard path.withCString({ stat($0, &raw) }) == 0 else {
            let code = errno
            if code == ENOENT { return .atomic(try danglingTarget(of: path)) }
            throw SystemError("follow the symbolic link", path, code: code)
        }
        let targetKind = FileKind(mode: raw.st_mode)
        // A special file is opened through the link (which also works for /dev/fd/N of a pipe,
        // whose target names no path); a regular file is replaced where it really is.
        if targetKind == .regular { return .atomic(try path.canonical()) }
        return try destination(path, of: targetKind, through: path)
    }

    /// What to do with an existing `kind` at `path` (`requested` names it in a refusal).
    private static func destination(
        _ path: PathName, of kind: FileKind, through requested: PathName? = nil
    ) throws -> OutputDestination {
        switch kind {
        case .regular: return .atomic(path)
        case .characterDevice, .fifo, .socket: return .inPlace(path, kind)
        default: throw OutputRefusal(path: requested ?? path, kind: kind)
        }
    }

    /// Where a dangling symbolic link at `path` points once every link on the way is followed:
    /// the file that writing through it creates, as a shell's `>` would.
    private static func danglingTarget(of path: PathName) throws -> PathName {
        var current = path
        for _ in 0..<40 {
            var raw = stat()
            guard current.withCString({ lstat($0, &raw) }) == 0, raw.st_mode & S_IFMT == S_IFLNK else { return current }
            let target = try current.symbolicLinkTarget()
            current = target.isAbsolute ? target : current.parent.appending(target)
        }
        throw SystemError("follow the symbolic link", path, code: ELOOP)
    }

    /// Opens the output for `path`, named so in every message whatever the output really is.
    /// `directory`, held open, is `path`'s: an output written where `path` names is made and named
    /// relative to it (not one written at a followed link's target).
    static func open(
        _ path: PathName, in directory: PinnedDirectory? = nil, replacingExisting: Bool, symlinks: SymlinkHandling,
        registry: TemporaryFileRegistry
    ) throws -> any OutputFile {
        switch try resolve(path, replacingExisting: replacingExisting, symlinks: symlinks) {
        case .atomic(let destination):
            do {
                return try AtomicFileWriter(
                    destination: destination, reportedAs: path, in: destination == path ? directory : nil, registry: registry)
            } catch {
                // Nothing was looked up before (see `resolve`): in a directory squeeze cannot
                // write, an output that exists is still reported as such.
                if !replacingExisting && FileStatus.exists(path) { throw SystemError("write", path, code: EEXIST) }
                throw error
            }
        case .inPlace(let destination, let kind):
            return try InPlaceOutput(path: destination, kind: kind, followingSymlink: symlinks == .follow)
        }
    }
}

/// Writes `bytes` as the whole content of the output the user named at `path` (a report, a
/// chart), by the rules of `OutputDestination`: a regular file is replaced atomically with the
/// permissions a new file gets, a link is followed, a device, FIFO or socket is written into.
public func writeWholeOutput(_ bytes: [UInt8], to path: PathName) throws {
    try writeWholeOutput(to: path) { write in try write(bytes) }
}

/// `writeWholeOutput` for content made a chunk at a time: `body` hands each chunk to the writer
/// it is given (a JSON report assembled from spooled records, say).
public func writeWholeOutput(to path: PathName, _ body: (_ write: ([UInt8]) throws -> Void) throws -> Void) throws {
    let output = try OutputDestination.open(path, replacingExisting: true, symlinks: .follow, registry: TemporaryFileRegistry())
    do {
        try body { chunk in try output.write(chunk) }
        try output.commit(attributes: FileStatus.newFile(), replacingExisting: true)
    } catch {
        output.discard()
        throw error
    }
}

/// An output path squeeze will not write: a directory, a block device, anything but a regular
/// file, a character device, a FIFO or a socket. Nothing is written and the path is left untouched.
public struct OutputRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    public let path: PathName
    public let kind: FileKind

    /// Why, for a message that names the path itself.
    public var reason: String {
        "it is \(kind.phrase), and squeeze writes only into regular files, character devices, FIFOs and sockets; it was left untouched"
    }

    public var description: String { "cannot write '\(path)': \(reason)" }
}
