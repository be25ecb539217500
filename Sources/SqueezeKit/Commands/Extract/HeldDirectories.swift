import Glibc

/// Open descriptors of directories under the destination, each opened from its parent's with
/// O_NOFOLLOW, so never through a symbolic link, and kept for the entries that follow (they come
/// grouped by directory). The extraction thread moves its working directory into an entry's
/// directory with one `fchdir` and gives libarchive the entry's last component alone: libarchive's
/// symbolic link check (SECURE_SYMLINKS), which has no cache, then opens and examines one name
/// instead of every directory on the way, for every entry.
///
/// A descriptor stands for the directory it was opened on, whatever later becomes of its path.
/// So what the extraction itself removes or replaces is forgotten (`forget`) with everything held
/// beneath it, and looked up again when an entry goes there: a symbolic link an entry put in
/// the place of a directory is then found, and the entry refused (by libarchive, from the
/// destination, as before). At most `limit` descriptors are held; the least recently used goes first.
///
/// Only for a thread with a working directory of its own inside the destination (see
/// `EntryPlacement`): `enter` moves it, `leave` takes it back to the destination.
final class HeldDirectories {
    static let limit = 32

    /// The destination (the thread's working directory when made).
    private let root: Int32
    private var held: [PathName: (descriptor: Int32, lastUse: Int)] = [:]
    private var uses = 0
    /// The directory asked for last and its descriptor: entries come grouped by directory, so
    /// most lookups are a comparison of names, not a hash. Cleared whenever a descriptor closes.
    private var last: (directory: PathName, descriptor: Int32)?

    /// The working directory `leave` could not return to: the run cannot go on, since every path
    /// it names is relative to the destination.
    struct LostDestination: Error, CustomStringConvertible {
        let code: Int32
        var description: String { "cannot return to the destination: \(String(cString: strerror(code)))" }
    }

    /// nil when the working directory (the destination) cannot be opened.
    init?() {
        root = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if root < 0 { return nil }
    }

    /// From `root`, a descriptor of the destination that this takes over, for a thread that has
    /// no working directory there (`PlainFileCreator`): it only asks for descriptors (`held`).
    init(root: Int32) {
        self.root = root
    }

    /// A descriptor of the destination of its own, for `init(root:)`; nil when none can be made.
    func duplicateRoot() -> Int32? {
        let copy = fcntl(root, F_DUPFD_CLOEXEC, 0)
        return copy >= 0 ? copy : nil
    }

    deinit {
        for directory in held.values { close(directory.descriptor) }
        close(root)
    }

    /// Makes `directory` (relative to the destination, not empty) the thread's working directory.
    /// False, with the working directory unchanged, when a component of it is missing, not a
    /// directory, a symbolic link, or cannot be opened: the caller then names the entry from the
    /// destination, and libarchive's own checks decide.
    func enter(_ directory: PathName) -> Bool {
        guard let descriptor = descriptor(of: directory) else { return false }
        return fchdir(descriptor) == 0
    }

    /// The descriptor of `directory` (relative to the destination; "." is the destination), held
    /// for the entries that follow; nil on the same grounds as `enter`.
    func held(_ directory: PathName) -> Int32? { directory == "." ? root : descriptor(of: directory) }

    /// What `status(of:)` found.
    enum Found {
        case status(FileStatus)
        /// Nothing is there.
        case nothing
        /// The directory cannot be held (see `enter`): the caller asks by path.
        case notHeld
    }

    /// `lstat` of `relative` (below the destination, not empty) from the held descriptor of its
    /// directory: the kernel looks up one name, not every directory on the way.
    func status(of relative: PathName) -> Found {
        guard let directory = held(relative.parent) else { return .notHeld }
        var raw = stat()
        let found = relative.lastComponent.withCString { fstatat(directory, $0, &raw, AT_SYMLINK_NOFOLLOW) }
        return found == 0 ? .status(FileStatus(raw)) : .nothing
    }

    /// Takes the thread back to the destination.
    func leave() throws(LostDestination) {
        while fchdir(root) != 0 {
            if errno != EINTR { throw LostDestination(code: errno) }
        }
    }

    /// The extraction removes or replaces what is at `path`: the descriptors of it and of
    /// everything beneath it no longer stand for what the path names.
    func forget(_ path: PathName) {
        guard !held.isEmpty else { return }
        last = nil
        let slash = UInt8(ascii: "/")
        for name in held.keys where name == path
            || name.bytes.count > path.bytes.count && name.bytes[path.bytes.count] == slash && name.bytes.starts(with: path.bytes) {
            close(held.removeValue(forKey: name)!.descriptor)
        }
    }

    /// Whether a descriptor of `directory` is held (for tests).
    func isHeld(_ directory: PathName) -> Bool { held[directory] != nil }

    /// The descriptor of `directory`, opened (with its parents) from the nearest one held.
    private func descriptor(of directory: PathName) -> Int32? {
        if let last, last.directory == directory { return last.descriptor }
        last = nil
        uses += 1
        if held[directory] != nil {
            held[directory]!.lastUse = uses
            last = (directory, held[directory]!.descriptor)
            return held[directory]!.descriptor
        }
        let parent = directory.parent
        let base: Int32
        if parent == "." {
            base = root
        } else {
            guard let found = descriptor(of: parent) else { return nil }
            base = found
        }
        // The parent was used last but for this one: evicting the least recently used keeps it open.
        let opened = directory.lastComponent.withCString { openat(base, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard opened >= 0 else { return nil }
        if held.count >= Self.limit, let oldest = held.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            close(oldest.value.descriptor)
            held[oldest.key] = nil
        }
        uses += 1
        held[directory] = (opened, uses)
        last = (directory, opened)
        return opened
    }
}
