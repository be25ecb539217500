/// What one extraction has made under its destination, so that it may replace, link to and
/// update what it made itself, but never touch what was there before it started. Paths are
/// relative to the destination.
///
/// Directories libarchive creates on the way to an entry count too: each directory on the way is
/// looked at once, before anything is created under it.
struct ExtractedPaths {
    private var made: Set<PathName> = []
    /// Directories on the way to entries whose state before this run is settled.
    private var examined: Set<PathName> = []

    /// `destinationWasCreated`: the destination itself is this extraction's.
    init(destinationWasCreated: Bool) {
        if destinationWasCreated { made.insert(PathName(bytes: [])) }
    }

    /// Call before extracting to `relative`: remembers which of its parent directories do not
    /// exist yet (`exists` answers for a relative path), and so will be made by this extraction.
    mutating func noteParents(of relative: PathName, exists: (PathName) -> Bool) {
        var directory = relative.parent
        while directory != "." && !examined.contains(directory) {
            examined.insert(directory)
            if !exists(directory) { made.insert(directory) }
            directory = directory.parent
        }
    }

    mutating func insert(_ relative: PathName) { made.insert(relative) }

    /// Whether this extraction made `relative` (empty: the destination).
    func contains(_ relative: PathName) -> Bool { made.contains(relative) }

    /// Whether everything in `relative`'s directory was made by this extraction, so that nothing
    /// there predates it and no lookup is needed to know.
    func madeParent(of relative: PathName) -> Bool {
        let parent = relative.parent
        return made.contains(parent == "." ? PathName(bytes: []) : parent)
    }
}
