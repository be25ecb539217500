/// A file a scan selected, with where it was found: a regular file, or for an archive any entry
/// (its `status.kind` tells which).
public struct ScannedFile: Equatable, Sendable {
    public var path: PathName
    /// The path below the scanned root (the file's own name when the root was the file), used to
    /// mirror the tree under an output directory and to match globs.
    public var relativePath: PathName
    public var status: FileStatus

    public init(path: PathName, relativePath: PathName, status: FileStatus) {
        self.path = path
        self.relativePath = relativePath
        self.status = status
    }
}
