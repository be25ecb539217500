/// Extraction stopped because the archive could not be read any further (truncated, corrupt) or
/// the disk could not be written; the entries before that point were extracted.
public struct ArchiveDamageError: Error, CustomStringConvertible {
    /// Where extraction stopped.
    public enum Place: Sendable, Equatable {
        /// In the entry of that name (its data, or writing it).
        case entry(PathName)
        /// At a header that could not be read, after the entry of that name (nil: the first).
        case header(after: PathName?)
    }

    public let place: Place
    public let underlying: any Error

    public init(_ place: Place, underlying: any Error) {
        self.place = place
        self.underlying = underlying
    }

    public var description: String {
        switch place {
        case .entry(let name): "stopped at '\(name)', which could not be extracted: \(underlying)"
        case .header(let previous): "stopped at \(Self.entry(after: previous)), whose header could not be read: \(underlying)"
        }
    }

    /// An entry whose header could not be read, named by the one before it.
    static func entry(after previous: PathName?) -> String {
        previous.map { "the entry after '\($0)'" } ?? "the first entry"
    }
}
