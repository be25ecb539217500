@testable import SqueezeKit
import SqueezeTestSupport
import Testing

@Suite struct ByteSearchTests {
    /// The first place, as a search byte by byte finds it, in seeded random bytes over a small
    /// alphabet (so that needles occur, often overlapping, and first bytes match in vain).
    @Test func findsWhatASearchByteByByteFinds() {
        var data = TestData(seed: 0x5EED)
        func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(data.int(in: 0...2)) } }
        for _ in 0..<2_000 {
            let haystack = bytes(data.int(in: 0...200))
            let needle = bytes(data.int(in: 1...5))
            let expected = haystack.count < needle.count ? nil
                : (0...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
            #expect(haystack.firstRange(ofBytes: needle) == expected.map { $0..<($0 + needle.count) }, "\(haystack) \(needle)")
        }
    }

    @Test func edges() {
        #expect([UInt8]().firstRange(ofBytes: [1]) == nil)
        #expect([1, 2, 3].firstRange(ofBytes: []) == 0..<0)
        #expect([1, 2, 3].firstRange(ofBytes: [1, 2, 3, 4]) == nil)
        #expect([1, 2, 3].firstRange(ofBytes: [2, 3]) == 1..<3)
        #expect(Array("Name:\tx\nUmask:\t0022\n".utf8).firstRange(ofBytes: Array("\nUmask:".utf8)) == 7..<14)
    }
}
