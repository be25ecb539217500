/// An input that could not be done, with a message naming it and the cause.
public struct FileFailure: Hashable, Sendable {
    public var path: PathName
    public var message: String

    public init(path: PathName, message: String) {
        self.path = path
        self.message = message
    }

    public init(path: PathName, error: any Error) {
        self.init(path: path, message: "\(error)")
    }
}
