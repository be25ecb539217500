/// A compression library refused to work: rare (out of memory, a bad parameter), never about input.
public struct CodecError: Error, Equatable, Sendable, CustomStringConvertible {
    public let library: String
    public let message: String

    public init(library: String, message: String) {
        self.library = library
        self.message = message
    }

    public var description: String { "\(library): \(message)" }
}
