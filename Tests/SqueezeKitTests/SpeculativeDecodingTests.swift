import SqueezeTestSupport
import Testing
@testable import SqueezeKit

/// Files of members without length fields, decoded speculatively: whatever false member starts
/// the data holds, the output is exactly what the stream gives.
@Suite struct SpeculativeDecodingTests {
    /// A concatenation of members, most of them stored (level 0) so that their data shows in the
    /// file as it is: text, incompressible bytes, whole valid gzip members (fake member starts that
    /// decode), whole gzip files of many members, and bare magic bytes with plausible headers.
    static func adversarial(seed: UInt64, size: Int) -> (bytes: [UInt8], original: [UInt8], members: Int) {
        var data = TestData(seed: seed)
        var bytes: [UInt8] = [], original: [UInt8] = [], members = 0
        while bytes.count < size {
            var content: [UInt8] = []
            // The first member stores a gzip file of small members, longer than two chunks: in
            // the stored block holding a chunk's end, fake members decode one after another past
            // that end, so chunks inside it find a false start that decodes.
            while members == 0 && content.count < 3_000_000 { content += GzipBytes.member(data.randomBytes(data.int(in: 100...3_000))) }
            let target = data.int(in: 0...700_000)
            while content.count < target {
                switch data.int(in: 0...5) {
                case 0: content += data.text(data.int(in: 1...40_000))
                case 1: content += data.randomBytes(data.int(in: 1...20_000))
                case 2: content += GzipBytes.member(data.text(data.int(in: 0...30_000)))
                case 3: content += GzipBytes.member(data.text(data.int(in: 0...2_000)), header: GzipHeader(name: Array("fake".utf8)))
                case 4: content += [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0, 3, 0x03, 0x00]
                default:
                    // A whole gzip file of many members (a .gz stored in a tar, say): a stretch
                    // started inside it decodes member after member, far past a chunk's end.
                    for _ in 0..<data.int(in: 10...60) { content += GzipBytes.member(data.randomBytes(data.int(in: 1...40_000))) }
                }
            }
            let level = data.int(in: 0...3) == 0 ? 6 : 0
            bytes += GzipHeader().encoded() + GzipBytes.deflate(content, level: level) + GzipBytes.trailer(content)
            original += content
            members += 1
        }
        return (bytes, original, members)
    }

    static func read(_ bytes: [UInt8], threshold: Int64 = 0, jobs: Int = 3) throws -> ([UInt8], GzipDecodeSummary) {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write(bytes, to: scratch("a.gz"))
        return try GzipFileReaderTests.read(scratch("a.gz"), jobs: jobs, threshold: threshold)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func falseMemberStartsNeverChangeTheOutput(seed: UInt64) throws {
        let (bytes, original, members) = Self.adversarial(seed: 70 + seed, size: 6 << 20)
        // The file is split for speculation.
        let scratch = try TemporaryDirectory()
        let file = try GzipBytes.file(bytes, in: scratch)
        guard case .speculative = DecodingPlan.make(for: file, size: Int64(bytes.count), threshold: 0) else {
            Issue.record("not split for speculation")
            return
        }
        let (output, summary) = try Self.read(bytes, jobs: Int(seed) + 1)
        #expect(ByteDifference.between(output, original) == nil)
        let (streamed, streamedSummary) = try Self.read(bytes, threshold: .max)
        #expect(ByteDifference.between(streamed, original) == nil)
        #expect(summary.members == members && streamedSummary.members == members)
        #expect(summary.uncompressedBytes == Int64(original.count))
        #expect(summary.compressedBytes == Int64(bytes.count))
    }

    /// Members of plain data, concatenated (`cat a.gz b.gz`): decoded in parallel, every one.
    @Test func concatenatedMembersDecodeInParallel() throws {
        var data = TestData(seed: 75)
        var bytes: [UInt8] = [], original: [UInt8] = []
        var members = 0
        while bytes.count < 6 << 20 {
            let part = data.int(in: 0...2) == 0 ? data.randomBytes(data.int(in: 0...400_000)) : data.text(data.int(in: 0...900_000))
            bytes += GzipBytes.member(part, header: GzipHeader(name: members == 0 ? Array("first".utf8) : nil))
            original += part
            members += 1
        }
        let (output, summary) = try Self.read(bytes)
        #expect(ByteDifference.between(output, original) == nil)
        #expect(summary.decodedInParallel)
        #expect(summary.members == members)
        #expect(summary.firstHeader?.name == Array("first".utf8))
    }

    /// One large member holding fake members in its data: the probe finds them, the first chunk's
    /// member is too large for a stretch, and the file is streamed from its start.
    @Test func aLargeMemberWithFakeStartsFallsBackToTheStream() throws {
        var data = TestData(seed: 76)
        var content: [UInt8] = []
        while content.count <= SpeculativeStretchDecoder.outputLimit { content += data.randomBytes(200_000) + GzipBytes.member(data.text(5_000)) }
        let bytes = GzipHeader().encoded() + GzipBytes.deflate(content, level: 0) + GzipBytes.trailer(content)
        let (output, summary) = try Self.read(bytes)
        #expect(output == content)
        #expect(summary.members == 1)
        #expect(!summary.decodedInParallel)
    }

    /// Seeded truncations and bit flips of an adversarial file: an error, or exactly the original.
    @Test func damageGivesAnErrorOrTheOriginal() throws {
        let (intact, original, _) = Self.adversarial(seed: 77, size: 5 << 20)
        var data = TestData(seed: 78)
        for round in 0..<8 {
            var bytes = intact
            if round % 2 == 0 {
                bytes[data.int(in: 0...(bytes.count - 1))] ^= UInt8(1) << data.int(in: 0...7)
            } else {
                bytes = Array(bytes.prefix(data.int(in: 1...(bytes.count - 1))))
            }
            if let (output, _) = try? Self.read(bytes) {
                #expect(output == original, "round \(round)")
            }
        }
    }

    @Test func plausibleStartsAreWhatGzipWritersWrite() {
        let real = GzipBytes.member(Array("hello".utf8))
        #expect(real.withUnsafeBytes { MemberStartCandidate.isPlausible($0) })
        var reservedFlag = real
        reservedFlag[3] = 0x20
        #expect(!reservedFlag.withUnsafeBytes { MemberStartCandidate.isPlausible($0) })
        var oddSystem = real
        oddSystem[9] = 77
        #expect(!oddSystem.withUnsafeBytes { MemberStartCandidate.isPlausible($0) })
        // A stored block whose length does not match its complement.
        let stored: [UInt8] = [0x1F, 0x8B, 0x08, 0, 0, 0, 0, 0, 0, 3, 0x01, 5, 0, 0, 0, 1, 2, 3, 4, 5]
        #expect(!stored.withUnsafeBytes { MemberStartCandidate.isPlausible($0) })
        var reserved = real
        reserved[10] = 0x07
        #expect(!reserved.withUnsafeBytes { MemberStartCandidate.isPlausible($0) })
    }
}
