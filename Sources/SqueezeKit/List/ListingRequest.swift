/// Everything `squeeze list` was asked to do.
public struct ListingRequest: Sendable {
    public var roots: [PathName]
    public var filter: PathFilter
    public var followSymlinks: Bool
    public var scheduling: SchedulingOptions

    public init(
        roots: [PathName], filter: PathFilter = PathFilter(), followSymlinks: Bool = false,
        scheduling: SchedulingOptions = SchedulingOptions()
    ) {
        self.roots = roots
        self.filter = filter
        self.followSymlinks = followSymlinks
        self.scheduling = scheduling
    }
}
