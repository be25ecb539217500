/// A source changed while it was read; its output was discarded rather than kept inconsistent.
public struct SourceChangedError: Error, Equatable, Sendable, CustomStringConvertible {
    public let path: PathName
    public let detail: String

    public var description: String { "'\(path)' changed while it was being read (\(detail)); its output was discarded" }
}
