@testable import SqueezeKit
import Testing

@Suite struct GzipHeaderTests {
    static func parse(_ bytes: [UInt8]) -> GzipHeader.ParseOutcome {
        bytes.withUnsafeBytes { GzipHeader.parse($0) }
    }

    @Test func minimalHeaderIsTenBytes() {
        let bytes = GzipHeader().encoded()
        #expect(bytes == [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3])
        #expect(Self.parse(bytes) == .header(GzipHeader(), length: 10))
    }

    @Test func everyOptionalFieldRoundTrips() {
        var header = GzipHeader(
            modificationTime: 0xFFFF_FFFF, extraFlags: 2,
            extra: MemberIndexField(memberLength: 1, uncompressedLength: 2).encoded(),
            name: Array("naïve.txt".utf8), comment: Array(repeating: UInt8(ascii: "c"), count: 255), hasHeaderCRC: true)
        header.isText = true
        let bytes = header.encoded()
        #expect(bytes[3] == 0x1F)
        #expect(Self.parse(bytes) == .header(header, length: bytes.count))
        // Anything after the header is not part of it.
        #expect(Self.parse(bytes + [1, 2, 3]) == .header(header, length: bytes.count))
    }

    /// A header written in place (in front of a member's body) is the one `encoded()` makes, and
    /// `encodedLength` long: with every field, a name cut at a NUL, and the header CRC over it.
    @Test func writtenInPlaceAsEncoded() {
        let header = GzipHeader(
            modificationTime: 0x1234_5678, extraFlags: 4, extra: [7, 8, 0, 0],
            name: Array("cut\0here".utf8), comment: Array("a comment".utf8), hasHeaderCRC: true)
        var buffer = [UInt8](repeating: 0xAA, count: header.encodedLength + 3)
        let length = buffer.withUnsafeMutableBytes { header.encode(into: $0) }
        #expect(length == header.encodedLength)
        #expect(Array(buffer[..<length]) == header.encoded())
        #expect(buffer[length...].allSatisfy { $0 == 0xAA })
        var expected = header
        expected.name = Array("cut".utf8)
        #expect(Self.parse(Array(buffer[..<length])) == .header(expected, length: length))
    }

    @Test func everyProperPrefixIsIncomplete() {
        let bytes = GzipHeader(extra: [1, 2, 0, 0], name: Array("name".utf8), comment: Array("c".utf8), hasHeaderCRC: true).encoded()
        for length in 0..<bytes.count {
            #expect(Self.parse(Array(bytes.prefix(length))) == .incomplete, "prefix \(length)")
        }
    }

    @Test func invalidHeadersSayWhy() {
        #expect(Self.parse([0x1F, 0x8C]) == .invalid(.notGzip))
        #expect(Self.parse([0x50, 0x4B, 3, 4]) == .invalid(.notGzip))
        #expect(Self.parse([0x1F, 0x8B, 0, 0]) == .invalid(.unknownMethod(0)))
        #expect(Self.parse([0x1F, 0x8B, 8, 0x80]) == .invalid(.reservedFlags(0x80)))
        var bytes = GzipHeader(hasHeaderCRC: true).encoded()
        let computed = UInt16(bytes[bytes.count - 2]) | UInt16(bytes[bytes.count - 1]) << 8
        bytes[bytes.count - 1] ^= 0xFF
        #expect(Self.parse(bytes) == .invalid(.headerCRCMismatch(stored: computed ^ 0xFF00, computed: computed)))
        // In the words gzip's are made from: both figures, four hexadecimal digits each.
        #expect("\(GzipFormatError.headerCRCMismatch(stored: 0, computed: 0x4F05))" == "header CRC mismatch (stored 0x0000, computed 0x4f05)")
    }

    @Test func aNameWithoutEndIsRefusedPastTheLimit() {
        let bytes = [0x1F, 0x8B, 8, 0x08, 0, 0, 0, 0, 0, 3] + [UInt8](repeating: 0x41, count: GzipHeader.maximumLength + 10)
        #expect(Self.parse(bytes) == .invalid(.headerTooLong))
    }

    @Test func extraFlagsFollowGzip() {
        #expect(GzipHeader.extraFlags(forLevel: 9, maximum: 9) == 2)
        #expect(GzipHeader.extraFlags(forLevel: 1, maximum: 9) == 4)
        #expect(GzipHeader.extraFlags(forLevel: 6, maximum: 9) == 0)
        #expect(GzipHeader.extraFlags(forLevel: 12, maximum: 12) == 2)
    }
}
