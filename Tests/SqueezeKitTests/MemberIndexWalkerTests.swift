import SqueezeTestSupport
import Testing
@testable import SqueezeKit

@Suite struct MemberIndexWalkerTests {
    static func walk(_ bytes: [UInt8]) throws -> MemberIndex? {
        let scratch = try TemporaryDirectory()
        let file = try GzipBytes.file(bytes, in: scratch)
        return try MemberIndexWalker(file: file, fileSize: Int64(bytes.count)).walk()
    }

    /// Rewrites the "SQ" subfield of the member at `offset` (squeeze's members have FEXTRA only,
    /// and a NUL-free name only on the first, so the subfield sits at a fixed place).
    static func rewriteIndex(_ bytes: inout [UInt8], memberAt offset: Int, memberLength: UInt32? = nil, uncompressedLength: UInt32? = nil) {
        let payload = offset + 10 + 2 + 4
        func put(_ value: UInt32, at position: Int) {
            for byte in 0..<4 { bytes[position + byte] = UInt8(truncatingIfNeeded: value >> (8 * byte)) }
        }
        if let memberLength { put(memberLength, at: payload) }
        if let uncompressedLength { put(uncompressedLength, at: payload + 4) }
    }

    @Test func findsEveryMemberOfAnIndexedFile() throws {
        var data = TestData(seed: 11)
        let original = data.text(1_000_000)
        let bytes = GzipBytes.indexed(original, blockSize: 64 << 10)
        let index = try #require(try Self.walk(bytes))
        #expect(index.members.count == 16)
        #expect(index.uncompressedBytes == Int64(original.count))
        #expect(index.compressedBytes == Int64(bytes.count))
        #expect(index.firstHeader.name == Array("data".utf8))
        #expect(index.members.first?.offset == 0)
        #expect(index.members.last?.end == Int64(bytes.count))
        for (member, next) in zip(index.members, index.members.dropFirst()) { #expect(member.end == next.offset) }
        #expect(index.members.dropLast().allSatisfy { $0.uncompressedLength == 64 << 10 })
        #expect(index.uncompressedBytes(before: 3) == 3 * (64 << 10))
    }

    @Test func findsNoIndexInOtherGzip() throws {
        #expect(try Self.walk(GzipBytes.member(Array("plain".utf8))) == nil)
        #expect(try Self.walk(Array("not gzip".utf8)) == nil)
        #expect(try Self.walk([]) == nil)
        // Indexed members followed by a plain one, or by anything at all.
        let indexed = GzipBytes.indexed(TestData(seed: 1).randomBytesOnce(100_000), blockSize: 16 << 10)
        #expect(try Self.walk(indexed) != nil)
        #expect(try Self.walk(indexed + GzipBytes.member([1])) == nil)
        #expect(try Self.walk(indexed + [0, 0]) == nil)
        #expect(try Self.walk(Array(indexed.dropLast())) == nil)
    }

    @Test func refusesAnIndexThatCannotBeTrue() throws {
        let original = TestData(seed: 2).randomBytesOnce(100_000)
        let bytes = GzipBytes.indexed(original, blockSize: 16 << 10)
        let index = try #require(try Self.walk(bytes))
        let second = Int(index.members[1].offset)

        // More output than DEFLATE can produce from the member's data.
        var inflated = bytes
        Self.rewriteIndex(&inflated, memberAt: second, uncompressedLength: UInt32(index.members[1].deflateLength * 1033))
        #expect(try Self.walk(inflated) == nil)
        // More than a worker may hold, though DEFLATE could produce it from 128 KiB of data.
        var huge = GzipBytes.indexed(TestData(seed: 3).randomBytesOnce(400_000), blockSize: 128 << 10)
        #expect(try Self.walk(huge) != nil)
        Self.rewriteIndex(&huge, memberAt: 0, uncompressedLength: UInt32(MemberIndexWalker.maximumUncompressedLength + 1))
        #expect(try Self.walk(huge) == nil)
        // Members that overlap, run past the end, or cannot hold a header and trailer.
        for length in [UInt32(index.members[1].length - 1), UInt32(bytes.count), 20] {
            var broken = bytes
            Self.rewriteIndex(&broken, memberAt: second, memberLength: length)
            #expect(try Self.walk(broken) == nil, "member length \(length)")
        }
    }
}

extension TestData {
    /// Incompressible bytes from a throwaway generator.
    func randomBytesOnce(_ count: Int) -> [UInt8] {
        var copy = self
        return copy.randomBytes(count)
    }
}
