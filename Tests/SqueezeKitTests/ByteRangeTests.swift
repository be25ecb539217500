import Testing

@testable import SqueezeKit

@Suite struct ByteRangeTests {
    @Test func parsesStartAndLength() {
        #expect(ByteRange(parsing: "10:20") == ByteRange(start: 10, length: 20))
        #expect(ByteRange(parsing: "10:") == ByteRange(start: 10, length: nil))
        #expect(ByteRange(parsing: "0:0") == ByteRange(start: 0, length: 0))
        #expect(ByteRange(parsing: "2K:1m") == ByteRange(start: 2048, length: 1 << 20))
        #expect(ByteRange(parsing: "1G:1T") == ByteRange(start: 1 << 30, length: 1 << 40))
        #expect(ByteRange(parsing: "10:20")?.end == 30)
        #expect(ByteRange(parsing: "10:")?.end == nil)
    }

    @Test(arguments: ["", "5", ":5", "5:x", "-1:5", "5:-1", "1:2:3", "K:1", "1KK:1", "9223372036854775807K:1", " 1:2", "١:2"])
    func refusesAnythingElse(text: String) {
        #expect(ByteRange(parsing: text) == nil)
    }

    /// An end past Int64 saturates rather than traps: such a range reads to the end.
    @Test func anEndPastInt64Saturates() {
        #expect(ByteRange(start: .max - 1, length: 10).end == .max)
    }
}
