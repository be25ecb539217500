/// Everything `squeeze archive` was asked to do.
public struct ArchiveRequest: Sendable {
    /// Directories and files to store; each directory's entries are named under its last component.
    public var roots: [PathName]
    /// The .tar.gz to write.
    public var destination: PathName
    public var filter: PathFilter
    public var followSymlinks: Bool
    public var settings: CompressionSettings
    public var scheduling: SchedulingOptions
    /// Replace an existing archive.
    public var force: Bool

    public init(
        roots: [PathName], destination: PathName, filter: PathFilter = PathFilter(), followSymlinks: Bool = false,
        settings: CompressionSettings = CompressionSettings(), scheduling: SchedulingOptions = SchedulingOptions(),
        force: Bool = false
    ) {
        self.roots = roots
        self.destination = destination
        self.filter = filter
        self.followSymlinks = followSymlinks
        self.settings = settings
        self.scheduling = scheduling
        self.force = force
    }
}
