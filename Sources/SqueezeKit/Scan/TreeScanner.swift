import Glibc

/// Walks files and directories given on the command line and selects the regular files a command
/// works on (or, for an archive, every entry: see `FileSelection.archiveEntries`). Symbolic links inside a tree are not followed unless asked; when they are, a
/// directory already on the current path is a loop and a file already seen is a duplicate.
/// Entries are visited in byte order of their names, so runs are repeatable.
public struct TreeScanner: Sendable {
    public var options: ScanOptions

    public init(options: ScanOptions) {
        self.options = options
    }

    public func scan(_ roots: [PathName]) -> ScanResult {
        var walk = Walk(options: options)
        for root in roots { walk.visitRoot(root) }
        return walk.result
    }
}

/// The state of one scan.
private struct Walk {
    let options: ScanOptions
    var result = ScanResult()
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
                result.skipped.append(SkippedPath(path: root, reason: .danglingSymbolicLink))
            } else {
                result.failures.append(FileFailure(path: root, error: error))
            }
            return
        }
        switch status.kind {
        case .directory:
            if options.selection.selectsEveryKind {
                result.files.append(ScannedFile(path: root, relativePath: PathName(bytes: []), status: status))
            }
            walkDirectory(root, relativePath: PathName(bytes: []), status: status)
        case .regular:
            consider(root, relativePath: root.lastComponent, status: status, isNamedOnCommandLine: true)
        default:
            if options.selection.selectsEveryKind && status.kind != .socket {
                result.files.append(ScannedFile(path: root, relativePath: root.lastComponent, status: status))
            } else {
                result.skipped.append(SkippedPath(path: root, reason: .special(status.kind)))
            }
        }
    }

    mutating func walkDirectory(_ directory: PathName, relativePath: PathName, status: FileStatus) {
        let identity = FileIdentity(status)
        ancestors.insert(identity)
        defer { ancestors.remove(identity) }
        let names: [PathName]
        do {
            names = try Self.entries(of: directory)
        } catch {
            result.failures.append(FileFailure(path: directory, error: error))
            return
        }
        for name in names {
            visit(directory.appending(name), relativePath: relativePath.appending(name))
        }
    }

    mutating func visit(_ path: PathName, relativePath: PathName) {
        var status: FileStatus
        do {
            status = try FileStatus.of(path, followingSymlinks: false)
        } catch {
            // Gone since readdir listed it: nothing to do, but say so.
            result.failures.append(FileFailure(path: path, error: error))
            return
        }
        if status.kind == .symbolicLink {
            guard options.followSymlinks else {
                if options.selection.selectsEveryKind {
                    considerEntry(path, relativePath: relativePath, status: status)
                } else {
                    result.skipped.append(SkippedPath(path: path, reason: .symbolicLink))
                }
                return
            }
            guard let target = try? FileStatus.of(path, followingSymlinks: true) else {
                result.skipped.append(SkippedPath(path: path, reason: .danglingSymbolicLink))
                return
            }
            status = target
        }
        switch status.kind {
        case .directory:
            if let reason = options.filter.skipReason(forDirectory: relativePath) {
                result.skipped.append(SkippedPath(path: path, reason: reason))
            } else if ancestors.contains(FileIdentity(status)) {
                result.skipped.append(SkippedPath(path: path, reason: .symbolicLinkLoop))
            } else {
                if options.selection.selectsEveryKind {
                    result.files.append(ScannedFile(path: path, relativePath: relativePath, status: status))
                }
                walkDirectory(path, relativePath: relativePath, status: status)
            }
        case .regular:
            consider(path, relativePath: relativePath, status: status, isNamedOnCommandLine: false)
        default:
            if options.selection.selectsEveryKind && status.kind != .socket {
                considerEntry(path, relativePath: relativePath, status: status)
            } else {
                result.skipped.append(SkippedPath(path: path, reason: .special(status.kind)))
            }
        }
    }

    /// A symbolic link or special file an archive stores as an entry: filtered like a file.
    mutating func considerEntry(_ path: PathName, relativePath: PathName, status: FileStatus) {
        if let reason = options.filter.skipReason(forFile: relativePath) {
            result.skipped.append(SkippedPath(path: path, reason: reason))
        } else {
            result.files.append(ScannedFile(path: path, relativePath: relativePath, status: status))
        }
    }

    mutating func consider(_ path: PathName, relativePath: PathName, status: FileStatus, isNamedOnCommandLine: Bool) {
        let reason: SkipReason? =
            AtomicFileWriter.isTemporaryName(path.lastComponent) ? .temporaryFile
            : options.selection.skipReason(for: path, isNamedOnCommandLine: isNamedOnCommandLine)
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

    /// The names in a directory but "." and "..", sorted by bytes.
    static func entries(of directory: PathName) throws(SystemError) -> [PathName] {
        guard let stream = directory.withCString({ opendir($0) }) else {
            throw SystemError("read directory", directory, code: errno)
        }
        defer { closedir(stream) }
        var names: [PathName] = []
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
            names.append(name)
        }
        return names.sorted()
    }
}
