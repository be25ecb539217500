/// What a scan selects and how it walks.
public struct ScanOptions: Sendable {
    public var selection: FileSelection
    public var filter: PathFilter
    /// Follow symbolic links inside the tree (links named on the command line are always followed).
    public var followSymlinks: Bool

    public init(selection: FileSelection, filter: PathFilter = PathFilter(), followSymlinks: Bool = false) {
        self.selection = selection
        self.filter = filter
        self.followSymlinks = followSymlinks
    }
}
