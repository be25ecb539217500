/// What one extraction has made under its destination, so that it may replace, link to and
/// update what it made itself, but never touch what was there before it started.
///
/// Directories libarchive creates on the way to an entry count too: each directory on the way is
/// looked at once, before anything is created under it.
struct ExtractedPaths {
    let root: PathName
    private var made: Set<PathName> = []
    /// Directories on the way to entries whose state before this run is settled.
    private var examined: Set<PathName> = []

    init(root: PathName, rootWasCreated: Bool) {
        self.root = root
        if rootWasCreated { made.insert(root) }
    }

    /// Call before extracting to `target`: remembers which of its parent directories do not
    /// exist yet, and so will be made by this extraction.
    mutating func noteParents(of target: PathName) {
        var directory = target.parent
        while directory.bytes.count > root.bytes.count && !examined.contains(directory) {
            examined.insert(directory)
            if !FileStatus.exists(directory) { made.insert(directory) }
            directory = directory.parent
        }
    }

    mutating func insert(_ path: PathName) { made.insert(path) }

    /// Whether this extraction made `path`.
    func contains(_ path: PathName) -> Bool { made.contains(path) }
}
