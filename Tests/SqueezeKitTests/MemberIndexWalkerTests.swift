import SqueezeTestSupport
import Testing
@testable import SqueezeKit

@Suite struct MemberIndexWalkerTests {
    /// The index with one run per member, unless `runLimit` says otherwise.
    static func walk(_ bytes: [UInt8], runLimit: Int = 0) throws -> MemberIndex? {
        let scratch = try TemporaryDirectory()
        let file = try GzipBytes.file(bytes, in: scratch)
        return try MemberIndexWalker(file: file, fileSize: Int64(bytes.count), runLimit: runLimit).walk()
    }

    /// The members of an indexed file written from memory, one run each.
    static func members(_ bytes: [UInt8]) throws -> [MemberRun] {
        try #require(try walk(bytes)).runs
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
        #expect(index.runs.count == 16)
        #expect(index.memberCount == 16)
        #expect(index.uncompressedBytes == Int64(original.count))
        #expect(index.compressedBytes == Int64(bytes.count))
        #expect(index.firstHeader.name == Array("data".utf8))
        #expect(index.runs.first?.offset == 0)
        #expect(index.runs.last?.end == Int64(bytes.count))
        for (member, next) in zip(index.runs, index.runs.dropFirst()) { #expect(member.end == next.offset) }
        #expect(index.runs.dropLast().allSatisfy { $0.uncompressedLength == 64 << 10 })
        #expect(index.uncompressedBytes(before: 3) == 3 * (64 << 10))
    }

    /// Small members are gathered into runs of at most the limit (a member alone may exceed it),
    /// which follow one another and hold every member.
    @Test func gathersSmallMembersIntoRuns() throws {
        let original = TestData(seed: 12).randomBytesOnce(1_000_000)
        let bytes = GzipBytes.indexed(original, blockSize: 16 << 10)
        let index = try #require(try Self.walk(bytes, runLimit: 200_000))
        #expect(index.memberCount == 62)
        #expect(index.runs.count > 1 && index.runs.count < 62)
        #expect(index.runs.reduce(0) { $0 + $1.memberCount } == 62)
        #expect(index.runs.allSatisfy { $0.memberCount == 1 || $0.length + $0.uncompressedLength <= 200_000 })
        #expect(index.runs.first?.offset == 0 && index.runs.last?.end == Int64(bytes.count))
        for (run, next) in zip(index.runs, index.runs.dropFirst()) { #expect(run.end == next.offset) }
        #expect(index.uncompressedBytes == Int64(original.count))
        #expect(index.memberCount(before: 2) == index.runs[0].memberCount + index.runs[1].memberCount)
    }

    /// A BGZF member of `data` whose FEXTRA holds a `padding`-byte subfield before "BC", with the
    /// data in one stored DEFLATE block.
    static func bgzfMember(_ data: [UInt8], padding: Int) -> [UInt8] {
        let deflate = [0x01] + [UInt8(data.count & 0xff), UInt8(data.count >> 8)]
            + [UInt8(~data.count & 0xff), UInt8((~data.count >> 8) & 0xff)] + data
        let extraLength = 4 + padding + 6
        let memberLength = 12 + extraLength + deflate.count + 8
        var member: [UInt8] = [0x1f, 0x8b, 8, 4, 0, 0, 0, 0, 0, 0xff]
        member.appendLittleEndian(UInt16(extraLength))
        member += [UInt8(ascii: "X"), UInt8(ascii: "X")]
        member.appendLittleEndian(UInt16(padding))
        member += [UInt8](repeating: 0, count: padding)
        member += [UInt8(ascii: "B"), UInt8(ascii: "C"), 2, 0]
        member.appendLittleEndian(UInt16(memberLength - 1))
        member += deflate
        member.appendLittleEndian(CRC32.checksum(data))
        member.appendLittleEndian(UInt32(data.count))
        return member
    }

    /// BGZF members whose headers are longer than the walker's read at a trailer: each header is
    /// read again from its start, and every member is found and decodes.
    @Test func findsBgzfMembersWithLongHeaders() throws {
        var data = TestData(seed: 13)
        let chunks = (0..<5).map { _ in data.text(3_000) }
        let bytes = chunks.flatMap { Self.bgzfMember($0, padding: 600) }
        let scratch = try TemporaryDirectory()
        let file = try GzipBytes.file(bytes, in: scratch)
        let index = try #require(try MemberIndexWalker(file: file, fileSize: Int64(bytes.count)).walk())
        #expect(index.memberCount == 5)
        #expect(index.uncompressedBytes == 15_000)
        #expect(index.runs.last?.end == Int64(bytes.count))
        let decoded = try index.runs.flatMap { try IndexedMemberDecoder().decode($0, from: file) }
        #expect(decoded == chunks.flatMap { $0 })
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
        let second = Int(index.runs[1].offset)

        // More output than DEFLATE can produce from the member's data.
        var inflated = bytes
        Self.rewriteIndex(&inflated, memberAt: second, uncompressedLength: UInt32((index.runs[1].length - 32) * 1033))
        #expect(try Self.walk(inflated) == nil)
        // More than a worker may hold, though DEFLATE could produce it from 128 KiB of data.
        var huge = GzipBytes.indexed(TestData(seed: 3).randomBytesOnce(400_000), blockSize: 128 << 10)
        #expect(try Self.walk(huge) != nil)
        Self.rewriteIndex(&huge, memberAt: 0, uncompressedLength: UInt32(MemberIndexWalker.maximumUncompressedLength + 1))
        #expect(try Self.walk(huge) == nil)
        // Members that overlap, run past the end, or cannot hold a header and trailer.
        for length in [UInt32(index.runs[1].length - 1), UInt32(bytes.count), 20] {
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
