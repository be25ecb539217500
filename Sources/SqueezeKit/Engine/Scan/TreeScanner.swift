import Glibc

/// Walks files and directories given on the command line and selects the regular files a command
/// works on (or, for an archive, every entry: see `FileSelection.archiveEntries`). Symbolic links
/// inside a tree are not followed unless asked; when they are, a directory already on the current
/// path is a loop and a file already seen is a duplicate. Entries are visited in byte order of
/// their names, so runs are repeatable.
///
/// The walk works at the file system's pace and at any depth: each directory is read through its
/// own open descriptor (`readdir` on `fdopendir`, which glibc serves with `getdents64` reads of
/// 32 KiB), every entry is `fstatat`ed and every subdirectory `openat`ed relative to its parent's
/// descriptor, so the kernel never resolves a full path and paths longer than `PATH_MAX` walk as
/// any other. One descriptor is open per level of the current path. The roots (the paths given,
/// or a list's names) are looked up by their last component through a descriptor of their
/// directory, kept open while the next root is in it too (`ParentDirectory`).
public struct TreeScanner: Sendable {
    public var options: ScanOptions

    public init(options: ScanOptions) {
        self.options = options
    }

    /// Everything the walk finds, kept: the files compactly (`ScannedFiles`).
    public func scan(_ roots: [PathName]) -> ScanResult {
        var result = ScanResult()
        scan(roots) { finding in
            switch finding {
            case .file(let file), .fileWithOutputToCheck(let file): result.files.append(file)
            case .skipped(let skip): result.skipped.append(skip)
            case .failure(let failure): result.failures.append(failure)
            }
        }
        return result
    }

    /// Walks `roots` in order, handing each finding to `found` as it is made, in walk order: what
    /// a caller that starts work before the walk ends (or keeps the files its own way) uses. Once
    /// `cancellation` is set, the walk stops before its next entry.
    public func scan(_ roots: [PathName], stoppingWhen cancellation: CancellationFlag? = nil, _ found: (ScanFinding) -> Void) {
        scan(roots, stoppingWhen: cancellation, rootDirectory: nil, found)
    }

    /// As above, with roots looked up in `rootDirectory` when given: a caller that opens names
    /// beside them on the same thread shares its descriptor.
    func scan(
        _ roots: [PathName], stoppingWhen cancellation: CancellationFlag?, rootDirectory: ParentDirectory?,
        _ found: (ScanFinding) -> Void
    ) {
        withoutActuallyEscaping(found) { found in
            var walk = Walk(options: options, cancellation: cancellation, rootDirectory: rootDirectory ?? ParentDirectory(), found: found)
            for root in roots where !walk.isStopped { walk.visitRoot(root) }
        }
    }
}

/// One thing a walk found: a file selected, a path passed by, or a path it could not read.
public enum ScanFinding {
    case file(ScannedFile)
    /// A file selected whose output may exist already, under `ScanOptions.notesOutputsToCheck`:
    /// its directory lists its output's name (its name and the output suffix; a rerun's file,
    /// most likely done), or it was named as a root, whose directory is not listed.
    case fileWithOutputToCheck(ScannedFile)
    case skipped(SkippedPath)
    case failure(FileFailure)
}

/// The state of one walk.
private struct Walk {
    let options: ScanOptions
    let cancellation: CancellationFlag?
    let found: (ScanFinding) -> Void
    /// (device, inode) of the directories from the root to the current one.
    var ancestors: Set<FileIdentity> = []
    /// Files already selected, when links are followed and one file can be reached twice.
    var seenFiles: [FileIdentity: PathName] = [:]
    /// The directory of the last root, open while the next root is in it too (the names of a
    /// list or a plan's shard come a directory at a time), so that each is looked up by its name.
    let rootDirectory: ParentDirectory
    /// Under `ScanOptions.pinsDirectories`, what bounds the directories held for files found.
    let pins: PinnedDirectory.Budget?
    /// The directory being read (its descriptor, the walk's own), and its pinned copy once a file
    /// in it was selected.
    var current: (descriptor: Int32, pinned: PinnedDirectory?) = (-1, nil)

    init(options: ScanOptions, cancellation: CancellationFlag?, rootDirectory: ParentDirectory, found: @escaping (ScanFinding) -> Void) {
        self.options = options
        self.cancellation = cancellation
        self.rootDirectory = rootDirectory
        self.found = found
        pins = options.pinsDirectories && !options.followSymlinks ? PinnedDirectory.Budget() : nil
    }

    var isStopped: Bool { cancellation?.isCancelled ?? false }

    mutating func visitRoot(_ root: PathName) {
        let status: FileStatus
        do {
            status = try rootDirectory.status(of: root, followingSymlinks: true)
        } catch {
            if (try? rootDirectory.status(of: root, followingSymlinks: false))?.kind == .symbolicLink {
                found(.skipped(SkippedPath(path: root, reason: .danglingSymbolicLink)))
            } else {
                found(.failure(FileFailure(path: root, error: error)))
            }
            return
        }
        switch status.kind {
        case .directory:
            if options.selection.selectsEveryKind {
                found(.file(ScannedFile(path: root, relativeTailLength: 0, status: status)))
            }
            let descriptor = root.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
            walkDirectory(descriptor, root, relativeLength: 0, status: status)
        case .regular:
            // A regular file's path has no trailing slash (its `stat` would have failed): its
            // name is its tail.
            let name = root.lastComponent
            consider(
                root, name: name, relativeLength: name.bytes.count, status: status, isNamedOnCommandLine: true,
                outputMayExist: options.notesOutputsToCheck)
        default:
            if options.selection.selectsEveryKind && status.kind != .socket {
                found(.file(ScannedFile(path: root, relativePath: root.lastComponent, status: status)))
            } else if options.readsNamedStreams && (status.kind == .fifo || status.kind == .characterDevice) {
                // Named, a pipe or device is asked for: it is read as a stream, never skipped.
                found(.file(ScannedFile(path: root, relativePath: root.lastComponent, status: status)))
            } else {
                found(.skipped(SkippedPath(path: root, reason: .special(status.kind))))
            }
        }
    }

    /// Walks the directory open on `descriptor` (-1, with `errno` set, when it could not be
    /// opened), which it closes. Its path below the root is the last `relativeLength` bytes of
    /// `directory`, as each entry's is of its own path (`entryRelativeLength`).
    mutating func walkDirectory(_ descriptor: Int32, _ directory: PathName, relativeLength: Int, status: FileStatus) {
        guard descriptor >= 0, let stream = fdopendir(descriptor) else {
            let code = errno
            if descriptor >= 0 { close(descriptor) }
            found(.failure(FileFailure(path: directory, error: SystemError("read directory", directory, code: code))))
            return
        }
        defer { closedir(stream) }
        let identity = FileIdentity(status)
        ancestors.insert(identity)
        defer { ancestors.remove(identity) }
        let entries: [TreeScanner.DirectoryEntry]
        do {
            entries = try TreeScanner.entries(in: stream, directory, stoppingWhen: cancellation)
        } catch {
            found(.failure(FileFailure(path: directory, error: error)))
            return
        }
        let parent = dirfd(stream)
        let outer = current
        current = (parent, nil)
        defer { current = outer }
        let listedOutputs = options.notesOutputsToCheck ? Self.sourcesOfOutputs(in: entries, suffix: options.outputSuffix) : []
        for entry in entries where !isStopped {
            let name = entry.name
            visit(
                name, type: entry.type, in: parent, path: directory.appending(name),
                relativeLength: Self.entryRelativeLength(name, in: relativeLength),
                outputMayExist: !listedOutputs.isEmpty && listedOutputs.contains(name))
        }
    }

    /// How long an entry's path below the root is, in a directory whose own is `directoryLength`
    /// long. The entry's path (`PathName.appending`: the directory's, a slash, the name) ends with
    /// it, so the walk makes one path per entry, the one it opens, and no relative one.
    static func entryRelativeLength(_ name: PathName, in directoryLength: Int) -> Int {
        directoryLength == 0 ? name.bytes.count : directoryLength + 1 + name.bytes.count
    }

    /// The path below the root of `path`, its last `length` bytes: made only for globs.
    static func relativePath(of path: PathName, length: Int) -> PathName { PathName(bytes: path.bytes.suffix(length)) }

    /// The names whose outputs `entries` list: each entry's name that ends with `suffix`, without
    /// it. (Empty, and costing one suffix check an entry, in a tree not yet compressed.)
    static func sourcesOfOutputs(in entries: [TreeScanner.DirectoryEntry], suffix: String) -> Set<PathName> {
        var names: Set<PathName> = []
        let suffixLength = suffix.utf8.count
        for entry in entries where entry.name.hasSuffix(suffix) && entry.name.bytes.count > suffixLength {
            names.insert(PathName(bytes: entry.name.bytes.dropLast(suffixLength)))
        }
        return names
    }

    /// One entry of the directory open on `parent`, of the type `readdir` said. A regular file
    /// passed by for its name alone (a `.gz` found by compress, say) is passed by without a
    /// `fstatat`: nothing in its status would change that.
    mutating func visit(_ name: PathName, type: UInt8, in parent: Int32, path: PathName, relativeLength: Int, outputMayExist: Bool) {
        let isNameChecked = type == UInt8(DT_REG) && !options.selection.selectsEveryKind
        if isNameChecked, let reason = skipReason(forFile: path, name: name, relativeLength: relativeLength, isNamedOnCommandLine: false) {
            found(.skipped(SkippedPath(path: path, reason: reason)))
            return
        }
        var status: FileStatus
        do {
            status = try Self.status(of: name, in: parent, path: path, followingSymlinks: false)
        } catch {
            // Gone since readdir listed it: nothing to do, but say so.
            found(.failure(FileFailure(path: path, error: error)))
            return
        }
        if status.kind == .symbolicLink {
            guard options.followSymlinks else {
                if options.selection.selectsEveryKind {
                    considerEntry(path, relativeLength: relativeLength, status: status)
                } else {
                    found(.skipped(SkippedPath(path: path, reason: .symbolicLink)))
                }
                return
            }
            guard let target = try? Self.status(of: name, in: parent, path: path, followingSymlinks: true) else {
                found(.skipped(SkippedPath(path: path, reason: .danglingSymbolicLink)))
                return
            }
            status = target
        }
        switch status.kind {
        case .directory:
            if !options.filter.excludes.isEmpty,
               let reason = options.filter.skipReason(forDirectory: Self.relativePath(of: path, length: relativeLength)) {
                found(.skipped(SkippedPath(path: path, reason: reason)))
            } else if ancestors.contains(FileIdentity(status)) {
                found(.skipped(SkippedPath(path: path, reason: .symbolicLinkLoop)))
            } else {
                if options.selection.selectsEveryKind {
                    found(.file(ScannedFile(path: path, relativeTailLength: relativeLength, status: status)))
                }
                // Not following links, a directory replaced by a link since its fstatat is refused.
                let noFollow = options.followSymlinks ? 0 : O_NOFOLLOW
                let descriptor = name.withCString { openat(parent, $0, O_RDONLY | O_DIRECTORY | O_CLOEXEC | noFollow) }
                walkDirectory(descriptor, path, relativeLength: relativeLength, status: status)
            }
        case .regular:
            // Its name was judged above when `readdir` said it is a regular file.
            consider(
                path, name: name, relativeLength: relativeLength, status: status, isNamedOnCommandLine: false,
                isNameChecked: isNameChecked, outputMayExist: outputMayExist)
        default:
            if options.selection.selectsEveryKind && status.kind != .socket {
                considerEntry(path, relativeLength: relativeLength, status: status)
            } else {
                found(.skipped(SkippedPath(path: path, reason: .special(status.kind))))
            }
        }
    }

    /// A symbolic link or special file an archive stores as an entry: filtered like a file.
    mutating func considerEntry(_ path: PathName, relativeLength: Int, status: FileStatus) {
        if let reason = filterSkipReason(forFile: path, relativeLength: relativeLength) {
            found(.skipped(SkippedPath(path: path, reason: reason)))
        } else {
            found(.file(ScannedFile(path: path, relativeTailLength: relativeLength, status: status)))
        }
    }

    /// Why a regular file is passed by, from its name alone (`name`, the last component of
    /// `path`): one of squeeze's temporaries (a killed run's is removed here), not of the
    /// selection, or filtered out.
    func skipReason(forFile path: PathName, name: PathName, relativeLength: Int, isNamedOnCommandLine: Bool) -> SkipReason? {
        TemporaryName.recognise(name).map { LeftoverTemporaries.settle(path, $0, removing: options.removesLeftoverTemporaries) }
            ?? options.selection.skipReason(for: path, isNamedOnCommandLine: isNamedOnCommandLine, outputSuffix: options.outputSuffix)
                ?? (isNamedOnCommandLine ? nil : filterSkipReason(forFile: path, relativeLength: relativeLength))
    }

    /// The globs' verdict on a file whose path below the root is the last `relativeLength` bytes
    /// of `path`; that path is made only when there are globs.
    func filterSkipReason(forFile path: PathName, relativeLength: Int) -> SkipReason? {
        let filter = options.filter
        guard !filter.includes.isEmpty || !filter.excludes.isEmpty else { return nil }
        return filter.skipReason(forFile: Self.relativePath(of: path, length: relativeLength))
    }

    /// A regular file: selected, unless its name (judged already when `isNameChecked`) or, with
    /// links followed, its having been seen already passes it by.
    mutating func consider(
        _ path: PathName, name: PathName, relativeLength: Int, status: FileStatus, isNamedOnCommandLine: Bool,
        isNameChecked: Bool = false, outputMayExist: Bool = false
    ) {
        if !isNameChecked,
           let reason = skipReason(forFile: path, name: name, relativeLength: relativeLength, isNamedOnCommandLine: isNamedOnCommandLine) {
            found(.skipped(SkippedPath(path: path, reason: reason)))
            return
        }
        if options.followSymlinks {
            let identity = FileIdentity(status)
            if let first = seenFiles[identity] {
                found(.skipped(SkippedPath(path: path, reason: .duplicate(of: first))))
                return
            }
            seenFiles[identity] = path
        }
        // Pinned at the first file selected (and again after the budget was spent, whenever a
        // file comes): a directory of no selected file costs no descriptor.
        if let pins, !isNamedOnCommandLine, current.pinned == nil, current.descriptor >= 0 {
            current.pinned = pins.hold(current.descriptor)
        }
        let file = ScannedFile(
            path: path, relativeTailLength: relativeLength, status: status, directory: isNamedOnCommandLine ? nil : current.pinned)
        found(outputMayExist ? .fileWithOutputToCheck(file) : .file(file))
    }

    /// `fstatat` of `name` in the directory open on `parent`; errors name the whole `path`.
    static func status(of name: PathName, in parent: Int32, path: PathName, followingSymlinks: Bool) throws(SystemError) -> FileStatus {
        var raw = stat()
        let flags = followingSymlinks ? 0 : AT_SYMLINK_NOFOLLOW
        try systemCall("stat", path) { name.withCString { fstatat(parent, $0, &raw, flags) } }
        return FileStatus(raw)
    }
}

extension TreeScanner {
    /// A name a directory lists, with the type `readdir` gave (`DT_UNKNOWN` where the file system
    /// does not say). (A struct, not a tuple: arrays of tuples are sorted, copied and destroyed
    /// through the runtime's generic witnesses, a few hundred instructions an entry.)
    struct DirectoryEntry {
        let name: PathName
        let type: UInt8
    }

    /// The entries of a directory stream but "." and "..", sorted by name (bytes); none once
    /// `cancellation` is set, which a directory of millions of entries is read and sorted too
    /// long to wait for.
    static func entries(
        in stream: OpaquePointer, _ directory: PathName, stoppingWhen cancellation: CancellationFlag? = nil
    ) throws(SystemError) -> [DirectoryEntry] {
        var entries: [DirectoryEntry] = []
        while true {
            if cancellation?.isCancelled == true { return [] }
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw SystemError("read directory", directory, code: errno) }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> PathName? in
                let bytes = UnsafeRawBufferPointer(rebasing: raw[..<strnlen(raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count)])
                let dot = UInt8(ascii: ".")
                if (1...2).contains(bytes.count) && bytes.allSatisfy({ $0 == dot }) { return nil }  // "." and ".."
                return PathName(bytes: bytes)
            }
            guard let name else { continue }
            entries.append(DirectoryEntry(name: name, type: entry.pointee.d_type))
        }
        return entries.sorted { $0.name < $1.name }
    }
}
