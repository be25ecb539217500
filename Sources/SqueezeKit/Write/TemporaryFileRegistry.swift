import Glibc

/// Every temporary file squeeze has created and not yet renamed or removed, so that an interrupted
/// run can remove them all, even those whose writers are still busy.
public final class TemporaryFileRegistry: Sendable {
    private let paths = Locked<Set<PathName>>([])

    public init() {}

    func register(_ path: PathName) { _ = paths.withLock { $0.insert(path) } }

    func unregister(_ path: PathName) { _ = paths.withLock { $0.remove(path) } }

    /// Unlinks every registered temporary; returns how many there were.
    @discardableResult
    public func removeAll() -> Int {
        let leftovers = paths.withLock { paths in
            defer { paths.removeAll() }
            return paths
        }
        for path in leftovers { _ = path.withCString { unlink($0) } }
        return leftovers.count
    }

    public var count: Int { paths.withLock { $0.count } }
}
