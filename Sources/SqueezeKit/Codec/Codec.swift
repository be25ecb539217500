/// The DEFLATE implementation that produces gzip output.
public enum Codec: String, CaseIterable, Sendable, Codable {
    /// libdeflate: fast whole-buffer compression; large files become indexed members.
    case libdeflate
    /// zlib: a single gzip member the way pigz writes it.
    case zlib

    public var levels: ClosedRange<Int> {
        switch self {
        case .libdeflate: 1...12
        case .zlib: 1...9
        }
    }

    public static let defaultLevel = 6
}
