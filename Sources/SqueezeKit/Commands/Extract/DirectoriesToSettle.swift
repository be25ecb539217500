import Glibc

/// Directories made by squeeze from their parent's held descriptor (`ArchiveExtractor.makeDirectory`),
/// and those whose entry came when they were there already: made by this extraction as the
/// parent of an earlier entry (an archive that stores a directory after its contents), or named a
/// second time. libarchive gives such a directory the entry's mode and times at once, and what is
/// written in it afterwards (a later entry, or a waiting file taking its name) would change its
/// time, and a read-only mode would keep the rest out. So the entry is written with the owner's
/// permissions added and no more, and its mode and time are given here, at the end, once
/// everything in it has its name: the order GNU tar keeps, and libarchive for the directories it
/// creates. Paths are relative to the destination.
struct DirectoriesToSettle {
    private struct Directory {
        var identity: FileIdentity
        var permissions: mode_t
        var modificationTime: FileTime
        /// nil: left as it is.
        var accessTime: FileTime?
    }

    /// By path: the last entry of a directory gives it its mode and time.
    private var directories: [PathName: Directory] = [:]

    /// Notes the mode and times `relative` (a directory, there now) must end with.
    mutating func add(_ relative: PathName, status: FileStatus, permissions: mode_t, modificationTime: FileTime, accessTime: FileTime? = nil) {
        directories[relative] = Directory(
            identity: FileIdentity(status), permissions: permissions, modificationTime: modificationTime, accessTime: accessTime)
    }

    /// The directory at `relative` was removed (an entry took its name): what was noted for it is
    /// not for a directory made there later, which may be given the same inode number.
    mutating func forget(_ relative: PathName) {
        if !directories.isEmpty { directories[relative] = nil }
    }

    /// Gives each directory its mode and time, if it is still the directory noted; deepest first,
    /// so that a parent made unreadable does not keep its children from theirs. Returns what
    /// could not be set.
    mutating func settle(placement: EntryPlacement) -> [FileFailure] {
        var failures: [FileFailure] = []
        let depth = { (path: PathName) in path.bytes.lazy.filter { $0 == UInt8(ascii: "/") }.count }
        for (relative, directory) in directories.sorted(by: { depth($0.key) > depth($1.key) }) {
            let path = placement.path(relative)
            guard let status = try? FileStatus.of(path, followingSymlinks: false), status.kind == .directory,
                FileIdentity(status) == directory.identity
            else { continue }
            // UTIME_OMIT, a macro Swift cannot import: the access time is left as it is.
            let times = [directory.accessTime?.timespec ?? timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2), directory.modificationTime.timespec]
            let set = path.withCString { name in
                utimensat(AT_FDCWD, name, times, AT_SYMLINK_NOFOLLOW) == 0 && fchmodat(AT_FDCWD, name, directory.permissions, 0) == 0
            }
            if !set {
                let error = SystemError("set the mode and time of", placement.absolute(relative), code: errno)
                failures.append(FileFailure(path: placement.absolute(relative), message: "\(error)"))
            }
        }
        directories = [:]
        return failures
    }
}
