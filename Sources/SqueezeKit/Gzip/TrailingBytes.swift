/// What followed the last gzip member of a file.
///
/// The policy (as gzip, on every conformance vector): after at least one complete member, a tail
/// of zero bytes only (tape-block padding) is ignored silently; a tail that begins with the gzip
/// magic, or a single non-zero byte, is read as a member, so whatever is wrong with it is an
/// error; any other tail is garbage, ignored with a warning (exit status 2), and the data decoded
/// before it is kept.
public enum TrailingBytes: Equatable, Sendable {
    case none
    case zeroPadding(count: Int64)
    case garbage(count: Int64)

    /// What the user is told, for garbage.
    public var warning: String? {
        guard case .garbage(let count) = self else { return nil }
        return "decompression OK, trailing garbage ignored (\(count) byte\(count == 1 ? "" : "s") after the last member)"
    }

    public var count: Int64 {
        switch self {
        case .none: 0
        case .zeroPadding(let count), .garbage(let count): count
        }
    }
}
