/// A path a run passed by, and why.
public struct SkippedPath: Hashable, Sendable {
    public var path: PathName
    public var reason: SkipReason

    public init(path: PathName, reason: SkipReason) {
        self.path = path
        self.reason = reason
    }
}
