import Foundation
import SqueezeTestSupport
import Testing

/// Files whose "SQ" index fields lie about their members: `list` reports what the index claims,
/// `test` and `decompress` check every member against its field and fail. And a file of very many
/// tiny members, which `test` must get through in bounded memory.
@Suite struct IndexClaimsTests {
    /// Rewrites every member's claimed uncompressed length with `claim(real)`. squeeze's members
    /// carry FEXTRA first, so the "SQ" payload sits at a fixed place: member length at 16,
    /// uncompressed length at 20.
    static func rewriteClaims(_ bytes: inout [UInt8], _ claim: (UInt32) -> UInt32) {
        func word(at position: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(bytes[position + $1]) << (8 * $1) } }
        var offset = 0
        while offset < bytes.count {
            #expect(bytes[offset + 12] == UInt8(ascii: "S") && bytes[offset + 13] == UInt8(ascii: "Q"))
            let value = claim(word(at: offset + 20))
            for byte in 0..<4 { bytes[offset + 20 + byte] = UInt8(truncatingIfNeeded: value >> (8 * byte)) }
            offset += Int(word(at: offset + 16))
        }
    }

    static func compressed(in scratch: TemporaryDirectory) throws -> [UInt8] {
        var data = TestData(seed: 95)
        try TreeBuilder.write(data.text(600_000), to: scratch("in/data.txt"))
        let result = try Squeeze.run(["compress", scratch("in"), "--block-size", "16KiB", "-q"])
        #expect(result.status == 0, "\(result.standardError)")
        return try TreeBuilder.read(scratch("in/data.txt.gz"))
    }

    @Test(arguments: ["fewer", "more"])
    func testAndDecompressRefuseALyingIndex(lie: String) throws {
        let scratch = try TemporaryDirectory()
        var bytes = try Self.compressed(in: scratch)
        // One byte per member, or a hundred times what each holds (which DEFLATE could produce).
        Self.rewriteClaims(&bytes) { real in lie == "fewer" ? 1 : real * 100 }
        try TreeBuilder.write(bytes, to: scratch("lying/data.txt.gz"))

        // `list` reads the index alone, and says what it claims.
        let listed = try Squeeze.run(["list", scratch("lying/data.txt.gz"), "--json", "-"])
        #expect(listed.status == 0, "\(listed.standardError)")
        let claimed: Int64 = lie == "fewer" ? 37 : 600_000 * 100
        #expect(listed.output.contains("\"uncompressedBytes\" : \(claimed)") || listed.output.contains("\"uncompressedBytes\":\(claimed)"),
                "\(listed.output)")

        let tested = try Squeeze.run(["test", scratch("lying/data.txt.gz")])
        #expect(tested.status == 1)
        #expect(tested.standardError.contains("data.txt.gz"), "\(tested.standardError)")
        #expect(tested.standardError.contains("inconsistent member index: member at offset 0 decodes to"), "\(tested.standardError)")

        let decompressed = try Squeeze.run(["decompress", scratch("lying/data.txt.gz"), "-q"])
        #expect(decompressed.status == 1)
        #expect(decompressed.standardError.contains("inconsistent member index"), "\(decompressed.standardError)")
        #expect(TreeBuilder.files(under: scratch("lying")) == ["data.txt.gz"])
    }

    /// A member whose field says it ends elsewhere than it does (its data and trailer are fine).
    @Test func testRefusesAMemberLengthThatLies() throws {
        let scratch = try TemporaryDirectory()
        var bytes = try Self.compressed(in: scratch)
        // The whole file as one member of the same decoded size as the first.
        for byte in 0..<4 { bytes[16 + byte] = UInt8(truncatingIfNeeded: UInt32(bytes.count) >> (8 * byte)) }
        try TreeBuilder.write(bytes, to: scratch("lying.gz"))
        let tested = try Squeeze.run(["test", scratch("lying.gz")])
        #expect(tested.status == 1)
        #expect(tested.standardError.contains("lying.gz"), "\(tested.standardError)")
        #expect(tested.standardError.contains("inconsistent member index: member at offset 0 is"), "\(tested.standardError)")
    }

    /// `count` indexed members that hold nothing: header with the "SQ" field, an empty final
    /// DEFLATE block, a trailer; 34 bytes each.
    static func emptyMembers(_ count: Int) -> [UInt8] {
        var member: [UInt8] = [0x1F, 0x8B, 8, 4, 0, 0, 0, 0, 0, 3, 12, 0, UInt8(ascii: "S"), UInt8(ascii: "Q"), 8, 0]
        member += [34, 0, 0, 0, 0, 0, 0, 0]  // member length, uncompressed length
        member += [3, 0]  // an empty final block, fixed Huffman codes
        member += [0, 0, 0, 0, 0, 0, 0, 0]  // CRC-32 and length of nothing
        var bytes: [UInt8] = []
        bytes.reserveCapacity(member.count * count)
        for _ in 0..<count { bytes += member }
        return bytes
    }

    /// 300,000 members (10 MB): the index and the work are held a run of members at a time, not
    /// a record per member, so memory stays far below what one per member would take. (The goal
    /// is 64 MiB for ten million members, 300 MB; here a record and a work item per member took
    /// 55 MiB, where runs take about 27: the bound is set between.)
    @Test func testsManyEmptyMembersInBoundedMemory() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write(Self.emptyMembers(300_000), to: scratch("empty.gz"))
        let result = try Squeeze.run(["test", scratch("empty.gz"), "--json", "-"])
        #expect(result.status == 0, "\(result.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        let peak = try #require(report["peakMemoryBytes"] as? Int)
        #expect(peak > 0)
        #expect(Squeeze.isThreadSanitized || peak < 40 << 20, "peak \(peak)")
    }
}
