@testable import SqueezeKit
import Testing

@Suite struct ByteCountTests {
    @Test(arguments: [
        ("65536", 65536), ("64KiB", 65536), ("64K", 65536), ("1MiB", 1 << 20), ("4M", 4 << 20),
        ("1GiB", 1 << 30), ("1 MiB", 1 << 20), ("10kB", 10_000), ("2MB", 2_000_000), ("12B", 12),
    ])
    func parses(text: String, expected: Int) {
        #expect(ByteCount.parse(text) == expected)
    }

    @Test(arguments: ["", "MiB", "1XiB", "-1", "1.5M", "99999999999999999999", "9999999999999999G"])
    func rejects(text: String) {
        #expect(ByteCount.parse(text) == nil)
    }

    @Test func describes() {
        #expect(ByteCount.describe(512) == "512 B")
        #expect(ByteCount.describe(1 << 20) == "1 MiB")
        #expect(ByteCount.describe(1536 * 1024) == "1.5 MiB")
    }

    @Test func blockSizesAreParsedOnceAndKeptInRange() throws {
        #expect(try BlockSize(parsing: "64KiB").bytes == 64 << 10)
        #expect(try BlockSize(parsing: "16KiB").bytes == BlockLayout.blockSizes.lowerBound)
        #expect(try BlockSize(parsing: "512MiB").bytes == BlockLayout.blockSizes.upperBound)
        #expect(BlockSize.standard.bytes == 1 << 20)
        #expect(throws: BlockSize.ParseError.notASize("huge")) { try BlockSize(parsing: "huge") }
        #expect(throws: BlockSize.ParseError.outOfRange("16383")) { try BlockSize(parsing: "16383") }
        #expect(throws: BlockSize.ParseError.outOfRange("1GiB")) { try BlockSize(parsing: "1GiB") }
        #expect("\(BlockSize.ParseError.outOfRange("1KiB"))" == "a block size must be between 16KiB and 512MiB, not 1KiB")
    }
}
