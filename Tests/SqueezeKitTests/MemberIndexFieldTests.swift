@testable import SqueezeKit
import Testing

@Suite struct MemberIndexFieldTests {
    @Test func roundTrips() {
        let field = MemberIndexField(memberLength: 0x1234_5678, uncompressedLength: 1 << 20)
        let encoded = field.encoded()
        #expect(encoded.count == MemberIndexField.encodedLength)
        #expect(Array(encoded.prefix(4)) == [UInt8(ascii: "S"), UInt8(ascii: "Q"), 8, 0])
        #expect(MemberIndexField(extra: encoded) == field)
    }

    @Test func isFoundAmongOtherSubfields() {
        let other: [UInt8] = [UInt8(ascii: "B"), UInt8(ascii: "C"), 2, 0, 0xAA, 0xBB]
        let field = MemberIndexField(memberLength: 99, uncompressedLength: 7)
        #expect(MemberIndexField(extra: other + field.encoded()) == field)
    }

    @Test func malformedExtraIsNotAnIndex() {
        #expect(MemberIndexField(extra: []) == nil)
        #expect(MemberIndexField(extra: [UInt8(ascii: "S"), UInt8(ascii: "Q"), 4, 0, 1, 2, 3, 4]) == nil)
        #expect(MemberIndexField(extra: [UInt8(ascii: "S"), UInt8(ascii: "Q"), 8, 0, 1, 2]) == nil)
        #expect(MemberIndexField(extra: [UInt8(ascii: "X"), UInt8(ascii: "Y"), 200, 0, 1]) == nil)
    }
}
