import Dispatch
import Glibc

/// Walks files and directories given on the command line and selects the regular files a command
/// works on (or, for an archive, every entry: see `FileSelection.archiveEntries`). Symbolic links
/// inside a tree are not followed unless asked; when they are, a directory already on the current
/// path is a loop and a file already seen is a duplicate. Entries are visited in byte order of
/// their names, so runs are repeatable.
///
/// The walk itself reads directories on one thread; the `lstat` of each regular file (most of the
/// work: one system call per file, a disk seek on a cold cache) is sharded over every core, and
/// the results are then taken in walk order, so the outcome is that of a sequential walk.
public struct TreeScanner: Sendable {
    public var options: ScanOptions

    public init(options: ScanOptions) {
        self.options = options
    }

    public func scan(_ roots: [PathName]) -> ScanResult {
        var walk = Walk(options: options)
        for root in roots { walk.visitRoot(root) }
        return walk.finish()
    }
}

/// What the walk found, in walk order; regular files are decided on once every status is known.
private enum WalkEvent {
    /// A regular file to consider; `status` is nil until its `lstat` (deferred, done in parallel).
    case regularFile(PathName, relativePath: PathName, status: FileStatus?, isNamedOnCommandLine: Bool)
    case selected(ScannedFile)
    case skipped(SkippedPath)
    case failure(FileFailure)
}

/// The state of one scan.
private struct Walk {
    let options: ScanOptions
    var result = ScanResult()
    var events: [WalkEvent] = []
    /// (device, inode) of the directories from the root to the current one.
    var ancestors: Set<FileIdentity> = []
    /// Files already selected, when links are followed and one file can be reached twice.
    var seenFiles: [FileIdentity: PathName] = [:]

    init(options: ScanOptions) {
        self.options = options
    }

    mutating func visitRoot(_ root: PathName) {
        let status: FileStatus
        do {
            status = try FileStatus.of(root, followingSymlinks: true)
        } catch {
            if (try? FileStatus.of(root, followingSymlinks: false))?.kind == .symbolicLink {
                events.append(.skipped(SkippedPath(path: root, reason: .danglingSymbolicLink)))
            } else {
                events.append(.failure(FileFailure(path: root, error: error)))
            }
            return
        }
        switch status.kind {
        case .directory:
            if options.selection.selectsEveryKind {
                events.append(.selected(ScannedFile(path: root, relativePath: PathName(bytes: []), status: status)))
            }
            walkDirectory(root, relativePath: PathName(bytes: []), status: status)
        case .regular:
            events.append(.regularFile(root, relativePath: root.lastComponent, status: status, isNamedOnCommandLine: true))
        default:
            if options.selection.selectsEveryKind && status.kind != .socket {
                events.append(.selected(ScannedFile(path: root, relativePath: root.lastComponent, status: status)))
            } else if options.readsNamedStreams && (status.kind == .fifo || status.kind == .characterDevice) {
                // Named, a pipe or device is asked for: it is read as a stream, never skipped.
                events.append(.selected(ScannedFile(path: root, relativePath: root.lastComponent, status: status)))
            } else {
                events.append(.skipped(SkippedPath(path: root, reason: .special(status.kind))))
            }
        }
    }

    mutating func walkDirectory(_ directory: PathName, relativePath: PathName, status: FileStatus) {
        let identity = FileIdentity(status)
        ancestors.insert(identity)
        defer { ancestors.remove(identity) }
        let entries: [DirectoryEntry]
        do {
            entries = try Self.entries(of: directory)
        } catch {
            events.append(.failure(FileFailure(path: directory, error: error)))
            return
        }
        for entry in entries {
            let path = directory.appending(entry.name)
            let relative = relativePath.appending(entry.name)
            if entry.isRegularFile {
                // Its status comes later, with every other file's, from all cores at once.
                events.append(.regularFile(path, relativePath: relative, status: nil, isNamedOnCommandLine: false))
            } else {
                visit(path, relativePath: relative)
            }
        }
    }

    mutating func visit(_ path: PathName, relativePath: PathName) {
        var status: FileStatus
        do {
            status = try FileStatus.of(path, followingSymlinks: false)
        } catch {
            // Gone since readdir listed it: nothing to do, but say so.
            events.append(.failure(FileFailure(path: path, error: error)))
            return
        }
        if status.kind == .symbolicLink {
            guard options.followSymlinks else {
                if options.selection.selectsEveryKind {
                    considerEntry(path, relativePath: relativePath, status: status)
                } else {
                    events.append(.skipped(SkippedPath(path: path, reason: .symbolicLink)))
                }
                return
            }
            guard let target = try? FileStatus.of(path, followingSymlinks: true) else {
                events.append(.skipped(SkippedPath(path: path, reason: .danglingSymbolicLink)))
                return
            }
            status = target
        }
        switch status.kind {
        case .directory:
            if let reason = options.filter.skipReason(forDirectory: relativePath) {
                events.append(.skipped(SkippedPath(path: path, reason: reason)))
            } else if ancestors.contains(FileIdentity(status)) {
                events.append(.skipped(SkippedPath(path: path, reason: .symbolicLinkLoop)))
            } else {
                if options.selection.selectsEveryKind {
                    events.append(.selected(ScannedFile(path: path, relativePath: relativePath, status: status)))
                }
                walkDirectory(path, relativePath: relativePath, status: status)
            }
        case .regular:
            events.append(.regularFile(path, relativePath: relativePath, status: status, isNamedOnCommandLine: false))
        default:
            if options.selection.selectsEveryKind && status.kind != .socket {
                considerEntry(path, relativePath: relativePath, status: status)
            } else {
                events.append(.skipped(SkippedPath(path: path, reason: .special(status.kind))))
            }
        }
    }

    /// A symbolic link or special file an archive stores as an entry: filtered like a file.
    mutating func considerEntry(_ path: PathName, relativePath: PathName, status: FileStatus) {
        if let reason = options.filter.skipReason(forFile: relativePath) {
            events.append(.skipped(SkippedPath(path: path, reason: reason)))
        } else {
            events.append(.selected(ScannedFile(path: path, relativePath: relativePath, status: status)))
        }
    }

    /// Stats the files the walk deferred (in parallel), then decides on every event in walk order:
    /// the result is what a sequential walk gives, duplicates included.
    mutating func finish() -> ScanResult {
        let statuses = Self.statuses(of: events)
        for (index, event) in events.enumerated() {
            switch event {
            case .regularFile(let path, let relativePath, let known, let isNamed):
                switch known.map(Result<FileStatus, SystemError>.success) ?? statuses[index]! {
                case .success(let status) where status.kind == .regular:
                    consider(path, relativePath: relativePath, status: status, isNamedOnCommandLine: isNamed)
                case .success(let status):
                    // Replaced by something else since readdir called it a file.
                    result.skipped.append(SkippedPath(path: path, reason: .special(status.kind)))
                case .failure(let error):
                    result.failures.append(FileFailure(path: path, error: error))
                }
            case .selected(let file): result.files.append(file)
            case .skipped(let skip): result.skipped.append(skip)
            case .failure(let failure): result.failures.append(failure)
            }
        }
        events = []
        return result
    }

    /// `lstat` of every regular file whose status the walk deferred, by event index, sharded over
    /// the active cores.
    static func statuses(of events: [WalkEvent]) -> [Int: Result<FileStatus, SystemError>] {
        let pending: [(Int, PathName)] = events.indices.compactMap { index in
            if case .regularFile(let path, _, nil, _) = events[index] { return (index, path) }
            return nil
        }
        let shards = min(SchedulingOptions.activeCores, max(1, pending.count / 256))
        let found = Locked<[Int: Result<FileStatus, SystemError>]>([:])
        DispatchQueue.concurrentPerform(iterations: shards) { shard in
            var local: [(Int, Result<FileStatus, SystemError>)] = []
            for position in stride(from: shard, to: pending.count, by: shards) {
                let (index, path) = pending[position]
                local.append((index, Result { () throws(SystemError) in try FileStatus.of(path, followingSymlinks: false) }))
            }
            found.withLock { results in for (index, status) in local { results[index] = status } }
        }
        return found.withLock { $0 }
    }

    mutating func consider(_ path: PathName, relativePath: PathName, status: FileStatus, isNamedOnCommandLine: Bool) {
        let reason: SkipReason? =
            TemporaryName.recognise(path.lastComponent).map { LeftoverTemporaries.settle(path, $0, removing: options.removesLeftoverTemporaries) }
            ?? options.selection.skipReason(for: path, isNamedOnCommandLine: isNamedOnCommandLine)
                ?? (isNamedOnCommandLine ? nil : options.filter.skipReason(forFile: relativePath))
        if let reason {
            result.skipped.append(SkippedPath(path: path, reason: reason))
            return
        }
        if options.followSymlinks {
            let identity = FileIdentity(status)
            if let first = seenFiles[identity] {
                result.skipped.append(SkippedPath(path: path, reason: .duplicate(of: first)))
                return
            }
            seenFiles[identity] = path
        }
        result.files.append(ScannedFile(path: path, relativePath: relativePath, status: status))
    }

    /// A name in a directory, and whether `readdir` says it is a regular file (file systems that
    /// do not say are asked with `lstat`, as every other kind is).
    struct DirectoryEntry {
        var name: PathName
        var isRegularFile: Bool
    }

    /// The entries of a directory but "." and "..", sorted by name bytes.
    static func entries(of directory: PathName) throws(SystemError) -> [DirectoryEntry] {
        guard let stream = directory.withCString({ opendir($0) }) else {
            throw SystemError("read directory", directory, code: errno)
        }
        defer { closedir(stream) }
        var entries: [DirectoryEntry] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw SystemError("read directory", directory, code: errno) }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                PathName(bytes: raw.prefix(while: { $0 != 0 }))
            }
            if name == "." || name == ".." { continue }
            entries.append(DirectoryEntry(name: name, isRegularFile: entry.pointee.d_type == UInt8(DT_REG)))
        }
        return entries.sorted { $0.name < $1.name }
    }
}
