/// Where outputs go and what may be replaced or removed.
public struct OutputOptions: Sendable {
    /// Mirror the tree under this directory instead of writing beside each source.
    public var directory: PathName?
    /// Overwrite existing outputs.
    public var force: Bool
    /// Delete each source once its output is complete and in place.
    public var removeSources: Bool
    /// Write nothing: work in memory only (benchmarks).
    public var discard: Bool

    public init(directory: PathName? = nil, force: Bool = false, removeSources: Bool = false, discard: Bool = false) {
        self.directory = directory
        self.force = force
        self.removeSources = removeSources
        self.discard = discard
    }

    /// Where the output for `file` goes: beside it, or mirrored under `directory`.
    func destination(for file: ScannedFile, transformingName transform: (PathName) -> PathName) -> PathName {
        guard let directory else { return transform(file.path) }
        return directory.appending(transform(file.relativePath))
    }
}
