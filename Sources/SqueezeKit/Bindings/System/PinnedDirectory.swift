import CSystem
import Glibc
import Synchronization

/// A directory held open, by a descriptor of its own, for as long as anything refers to it: the
/// walk hands one with each file it finds, so that the file's source is opened, and its output
/// made and named, by one component relative to it (`openat`, `linkat`) rather than by a path the
/// kernel walks from the root (a third of a tiny file's path lookups). It also pins the
/// directory: renamed while its files are in flight, they are still read and written in it,
/// never in whatever its old path names by then.
///
/// Closed when the last reference goes (the walk's, then each task's). How many are open at once
/// is bounded by the `PinnedDirectory.Budget` they were taken from.
public final class PinnedDirectory: Sendable {
    /// The descriptor; valid for this object's life.
    let descriptor: Int32
    private let budget: Budget

    /// A bound on the directories held at once, shared by the handles taken from it: a walk takes
    /// one only while fewer than `limit` are open, so that however many directories have files in
    /// flight, descriptors stay few (the files of the others go by their paths).
    final class Budget: Sendable {
        let limit: Int
        private let open = Atomic<Int>(0)

        init(limit: Int = Budget.defaultLimit) {
            self.limit = limit
        }

        /// 64, or a sixteenth of the process's limit on open files when that is lower (1,024 is
        /// the usual soft limit): the walk's own descriptors, each job's source and output, and
        /// the run's others must still fit.
        static let defaultLimit: Int = {
            var limits = rlimit()
            guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limits) == 0 else { return 0 }
            return limit(forOpenFiles: limits.rlim_cur)
        }()

        static func limit(forOpenFiles openFiles: rlim_t) -> Int {
            Int(min(64, openFiles / 16))
        }

        /// How many directories taken from this budget are open now.
        var openCount: Int { open.load(ordering: .relaxed) }

        /// A descriptor of its own for the directory open on `descriptor` (which stays the
        /// caller's), or nil when `limit` are held already or it cannot be duplicated.
        func hold(_ descriptor: Int32) -> PinnedDirectory? {
            guard open.add(1, ordering: .relaxed).newValue <= limit else {
                open.subtract(1, ordering: .relaxed)
                return nil
            }
            let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
            guard copy >= 0 else {
                open.subtract(1, ordering: .relaxed)
                return nil
            }
            return PinnedDirectory(descriptor: copy, budget: self)
        }

        fileprivate func release() { open.subtract(1, ordering: .relaxed) }
    }

    private init(descriptor: Int32, budget: Budget) {
        self.descriptor = descriptor
        self.budget = budget
    }

    deinit {
        close(descriptor)
        budget.release()
    }

    /// Calls `body` with this directory's descriptor and the last component of `path` (a path of a
    /// file in this directory) as a C string, built on the stack.
    func withName<Result>(of path: PathName, _ body: (Int32, UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try path.withLastComponentCString { try body(descriptor, $0) }
    }
}

extension PathName {
    /// The last component as a C string, built on the stack ("c" for "a/b/c"; the path itself
    /// when it has no slash). For a path not ending in a slash.
    func withLastComponentCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBytes { path in
            // The last slash found by `memrchr`: `lastIndex(of:)` went a byte at a time (twice a file).
            let slash = path.baseAddress.flatMap { memrchr($0, Int32(UInt8(ascii: "/")), path.count) }
            let start = slash.map { path.baseAddress!.distance(to: UnsafeRawPointer($0)) + 1 } ?? 0
            let length = path.count - start
            return try withUnsafeTemporaryAllocation(of: CChar.self, capacity: length + 1) { buffer in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: path[start...]))
                buffer[length] = 0
                return try body(buffer.baseAddress!)
            }
        }
    }
}
