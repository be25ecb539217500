/// What a member's header says about where the member ends, so that a reader can find the next
/// member without inflating this one: squeeze's "SQ" subfield (the member's length and its decoded
/// length) or BGZF's "BC" subfield (`bgzip`, htslib: the member's length; its decoded length is
/// the trailer's ISIZE, exact since BGZF members decode to at most 64 KiB).
///
/// Only a claim: whoever decodes the member checks that its DEFLATE data ends exactly there and
/// that it decodes to exactly the claimed length, as well as CRC-32 and ISIZE.
enum MemberLengthClaim: Equatable, Sendable {
    case indexed(MemberIndexField)
    /// BGZF's BSIZE plus one.
    case blockGzip(memberLength: Int)

    /// BGZF's subfield: SI1 'B', SI2 'C', LEN 2, BSIZE (the member's length minus one, u16 LE).
    static let blockGzipIdentifier: [UInt8] = [UInt8(ascii: "B"), UInt8(ascii: "C")]
    /// BGZF's own limit on a member's decoded length.
    static let blockGzipMaximumUncompressedLength = 1 << 16

    /// The claim in `header`'s FEXTRA, if it has a well-formed one ("SQ" first).
    init?(header: GzipHeader) {
        guard let extra = header.extra else { return nil }
        if let field = MemberIndexField(extra: extra) {
            self = .indexed(field)
        } else if let payload = GzipExtraSubfield.payload(of: Self.blockGzipIdentifier, in: extra), payload.count == 2 {
            self = .blockGzip(memberLength: (Int(payload.first!) | Int(payload.last!) << 8) + 1)
        } else {
            return nil
        }
    }

    /// From the header's first byte to the trailer's last.
    var memberLength: Int {
        switch self {
        case .indexed(let field): Int(field.memberLength)
        case .blockGzip(let length): length
        }
    }

    /// The decoded length, given the member's trailer when the header does not say it.
    func uncompressedLength(trailer: GzipTrailer) -> Int {
        switch self {
        case .indexed(let field): Int(field.uncompressedLength)
        case .blockGzip: Int(trailer.lengthModulo)
        }
    }

    /// The most a member can decode to under this claim's format (checked before allocating).
    var maximumUncompressedLength: Int {
        switch self {
        case .indexed: MemberIndexWalker.maximumUncompressedLength
        case .blockGzip: Self.blockGzipMaximumUncompressedLength
        }
    }

    /// Whether the decoded length is only in the trailer.
    var needsTrailer: Bool {
        if case .blockGzip = self { true } else { false }
    }
}

/// FEXTRA subfields (RFC 1952 2.3.1.1): SI1 SI2 LEN(2, LE) then LEN bytes, one after another.
enum GzipExtraSubfield {
    /// The payload of the first subfield with identifier `identifier`; nil if there is none or the
    /// subfields do not hold together before it.
    static func payload(of identifier: [UInt8], in extra: [UInt8]) -> ArraySlice<UInt8>? {
        var offset = 0
        while offset + 4 <= extra.count {
            let length = Int(extra[offset + 2]) | Int(extra[offset + 3]) << 8
            let payload = offset + 4
            guard payload + length <= extra.count else { return nil }
            if extra[offset] == identifier[0] && extra[offset + 1] == identifier[1] {
                return extra[payload..<(payload + length)]
            }
            offset = payload + length
        }
        return nil
    }
}
