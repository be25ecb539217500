/// squeeze's FEXTRA subfield, in the spirit of BGZF's "BC": it tells the length of the member it
/// sits in and of that member's uncompressed data, so a reader can find every member (and size
/// every output block) by hopping from header to header, without inflating anything.
///
/// Subfield ID "SQ", LEN 8: member length in bytes (header to trailer, u32 LE), then the
/// uncompressed length (u32 LE). Other readers skip unknown subfields, as RFC 1952 requires.
public struct MemberIndexField: Equatable, Sendable {
    static let identifier: [UInt8] = [UInt8(ascii: "S"), UInt8(ascii: "Q")]
    static let payloadLength = 8
    /// The whole FEXTRA payload: SI1 SI2 LEN(2) and the payload.
    static let encodedLength = 4 + payloadLength

    public var memberLength: UInt32
    public var uncompressedLength: UInt32

    public init(memberLength: UInt32, uncompressedLength: UInt32) {
        self.memberLength = memberLength
        self.uncompressedLength = uncompressedLength
    }

    /// The FEXTRA payload holding this subfield only.
    func encoded() -> [UInt8] {
        var bytes = Self.identifier
        bytes.appendLittleEndian(UInt16(Self.payloadLength))
        bytes.appendLittleEndian(memberLength)
        bytes.appendLittleEndian(uncompressedLength)
        return bytes
    }

    /// Finds the subfield among the FEXTRA subfields, if it is there and well formed.
    public init?(extra: [UInt8]) {
        var offset = 0
        while offset + 4 <= extra.count {
            let length = Int(extra[offset + 2]) | Int(extra[offset + 3]) << 8
            let payload = offset + 4
            guard payload + length <= extra.count else { return nil }
            if extra[offset] == Self.identifier[0] && extra[offset + 1] == Self.identifier[1] {
                guard length == Self.payloadLength else { return nil }
                let word = { (at: Int) in
                    UInt32(extra[at]) | UInt32(extra[at + 1]) << 8 | UInt32(extra[at + 2]) << 16 | UInt32(extra[at + 3]) << 24
                }
                self.init(memberLength: word(payload), uncompressedLength: word(payload + 4))
                return
            }
            offset = payload + length
        }
        return nil
    }
}
