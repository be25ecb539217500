import SqueezeTestSupport
import Testing
@testable import SqueezeKit

@Suite struct GzipStreamDecoderTests {
    /// Decodes `bytes` from `start` with a fresh decoder; returns what reached the sink.
    static func decode(_ bytes: [UInt8], from start: StreamResumePoint = StreamResumePoint()) throws -> ([UInt8], GzipDecodeSummary) {
        let scratch = try TemporaryDirectory()
        let file = try GzipBytes.file(bytes, in: scratch)
        var output: [UInt8] = []
        let summary = try GzipStreamDecoder().decode(
            file, from: start, cancellation: CancellationFlag(), progress: { _ in }, sink: { output += $0 })
        return (output, summary)
    }

    @Test func decodesEveryMemberInTurn() throws {
        var data = TestData(seed: 7)
        let parts = [data.text(1_000), [], data.randomBytes(70_000), data.text(3_000_000)]
        let (output, summary) = try Self.decode(parts.flatMap { GzipBytes.member($0) })
        #expect(ByteDifference.between(output, parts.flatMap { $0 }) == nil)
        #expect(summary.members == 4)
        #expect(summary.uncompressedBytes == Int64(output.count))
        #expect(summary.trailing == .none)
        #expect(!summary.decodedInParallel)
    }

    @Test func keepsTheFirstHeaderWithEveryField() throws {
        let header = GzipHeader(
            modificationTime: 1_234_567, extra: Array("AB\u{2}\u{0}xy".utf8), name: Array("naïve.txt".utf8),
            comment: Array("a comment".utf8), hasHeaderCRC: true)
        var textHeader = header
        textHeader.isText = true
        let data = Array("every optional field\n".utf8)
        let (output, summary) = try Self.decode(GzipBytes.member(data, header: textHeader) + GzipBytes.member(data))
        #expect(output == data + data)
        #expect(summary.firstHeader == textHeader)
    }

    @Test func readsANameLongerThanTheInputBuffer() throws {
        let name = [UInt8](repeating: UInt8(ascii: "n"), count: GzipStreamDecoder.inputCapacity + 50_000)
        let (output, summary) = try Self.decode(GzipBytes.member(Array("x".utf8), header: GzipHeader(name: name)))
        #expect(output == Array("x".utf8))
        #expect(summary.firstHeader?.name == name)
    }

    @Test func refusesANameWithoutEnd() throws {
        var bytes = GzipHeader(name: []).encoded().dropLast()
        bytes += [UInt8](repeating: UInt8(ascii: "n"), count: GzipHeader.maximumLength + 10)
        #expect(throws: GzipFormatError.headerTooLong) { try Self.decode(Array(bytes)) }
    }

    @Test func everyPrefixOfAMemberIsTruncated() throws {
        let member = GzipBytes.member(Array("hello world\n".utf8), header: GzipHeader(name: Array("hello.txt".utf8)))
        #expect(throws: GzipFormatError.empty) { try Self.decode([]) }
        for length in 1..<member.count {
            #expect(throws: GzipFormatError.truncated, "prefix of \(length) bytes") { try Self.decode(Array(member[..<length])) }
        }
    }

    @Test func checksTheTrailer() throws {
        let data = Array("some data".utf8)
        let body = GzipHeader().encoded() + GzipBytes.deflate(data)
        #expect(throws: GzipFormatError.checksumMismatch(expected: 1, actual: CRC32.checksum(data))) {
            try Self.decode(body + GzipBytes.trailer(data, checksum: 1))
        }
        #expect(throws: GzipFormatError.lengthMismatch(expected: 99, actual: UInt32(data.count))) {
            try Self.decode(body + GzipBytes.trailer(data, length: 99))
        }
        // Both wrong: both said, as gzip says both.
        #expect(throws: GzipFormatError.checksumAndLengthMismatch) {
            try Self.decode(body + GzipBytes.trailer(data, checksum: 1, length: 99))
        }
    }

    @Test func reportsZlibsReasonForInvalidData() throws {
        let bytes = GzipHeader().encoded() + [0x07, 0x00] + GzipBytes.trailer([])
        #expect(throws: GzipFormatError.invalidDeflateData("invalid block type")) { try Self.decode(bytes) }
    }

    @Test func ignoresZeroPaddingSilently() throws {
        let member = GzipBytes.member(Array("data".utf8))
        let (output, summary) = try Self.decode(member + [UInt8](repeating: 0, count: 300_000))
        #expect(output == Array("data".utf8))
        #expect(summary.trailing == .zeroPadding(count: 300_000))
        #expect(summary.compressedBytes == Int64(member.count))
    }

    @Test func keepsTheDataBeforeGarbage() throws {
        let member = GzipBytes.member(Array("data".utf8))
        for garbage in [Array("garbage!!!".utf8), [0, 0, 0, 1], [0x1F, 0x00]] {
            let (output, summary) = try Self.decode(member + garbage)
            #expect(output == Array("data".utf8))
            #expect(summary.trailing == .garbage(count: Int64(garbage.count)), "\(garbage)")
            #expect(summary.trailing.warning?.contains("trailing garbage ignored") == true)
        }
    }

    @Test func readsATailWithTheMagicAsAMember() throws {
        let member = GzipBytes.member(Array("data".utf8))
        #expect(throws: GzipFormatError.truncated) { try Self.decode(member + [0x1F]) }
        #expect(throws: GzipFormatError.truncated) { try Self.decode(member + [0x01]) }
        #expect(throws: GzipFormatError.truncated) { try Self.decode(member + [0x1F, 0x8B]) }
        #expect(throws: GzipFormatError.unknownMethod(0)) { try Self.decode(member + [0x1F, 0x8B, 0x00]) }
        // pack's magic too, as gzip reads it (`OtherInputFormatsTests`): a header cut short.
        #expect(throws: GzipFormatError.truncated) { try Self.decode(member + [0x1F, 0x1E, 0x00]) }
    }

    @Test func decodesManyEmptyMembersWithoutRecursion() throws {
        let empty: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0xA7, 0x8F, 0x43, 0x62, 0x00, 0x03, 0x03, 0x00] + [UInt8](repeating: 0, count: 8)
        let count = 200_000
        let (output, summary) = try Self.decode(Array([[UInt8]](repeating: empty, count: count).joined()))
        #expect(output.isEmpty)
        #expect(summary.members == count)
    }

    @Test func resumesAtAMemberBoundary() throws {
        let first = GzipBytes.member(Array("first".utf8), header: GzipHeader(name: Array("f".utf8)))
        let second = GzipBytes.member(Array("second".utf8))
        let header = GzipHeader(name: Array("f".utf8))
        let (output, summary) = try Self.decode(
            first + second,
            from: StreamResumePoint(offset: Int64(first.count), membersBefore: 1, uncompressedBytesBefore: 5, firstHeader: header))
        #expect(output == Array("second".utf8))
        #expect(summary.members == 2)
        #expect(summary.uncompressedBytes == 11)
        #expect(summary.firstHeader == header)
    }

    /// Inside a member, at a block of each kind (stored, fixed, dynamic), with the bytes before
    /// it as its window and their CRC-32: the rest of the member, its trailer checked; and on a
    /// member damaged past that block, the same bytes and the same error (zlib's, as ISA-L's
    /// fault makes zlib decode it again, from the block) as from the member's start.
    @Test func resumesInsideAMember() throws {
        var data = TestData(seed: 140)
        let content = data.text(1_200_000) + data.randomBytes(100_000) + data.text(400_000) + data.text(300_000)
        // Dynamic blocks of text, stored blocks of random bytes, fixed blocks of text.
        let deflater = RawDeflater()
        deflater.write(content[..<1_300_000])
        deflater.set(level: 6, strategy: .fixed)
        deflater.write(content[1_300_000..<1_700_000])
        deflater.set(level: 6, strategy: .normal)
        deflater.write(content[1_700_000...])
        let stream = deflater.finish()
        let header = GzipHeader()
        let intact = header.encoded() + stream + GzipBytes.trailer(content)
        let blocks = DynamicBlockStartTests.boundaries(of: stream).filter { $0.output >= 100_000 }
        var errors: Set<String> = []
        for type in 0...2 {
            let block = try #require(blocks.first { $0.type == type }, "a block of type \(type)")
            let before = Array(content[..<block.output])
            let start = StreamResumePoint(
                offset: Int64(header.encoded().count + block.bit / 8), firstHeader: header,
                openMember: StreamResumePoint.OpenMember(
                    bitsUsed: block.bit % 8, window: Array(before.suffix(32 << 10)), checksum: CRC32.checksum(before),
                    length: Int64(before.count)))
            // Past the block: a bit flipped, random bytes (an invalid code or distance, most
            // likely, which ISA-L refuses and zlib names), the member cut short.
            let past = header.encoded().count + block.bit / 8 + 50_000
            var flipped = intact
            flipped[past] ^= 0x10
            var scrambled = intact
            scrambled.replaceSubrange(past..<past + 64, with: data.randomBytes(64))
            for bytes in [intact, flipped, scrambled, Array(intact[..<past])] {
                let resumed = Result { try Self.decode(bytes, from: start) }
                let whole = Result { try Self.decode(bytes) }
                switch (resumed, whole) {
                case (.success(let (output, summary)), .success(let (wholeOutput, wholeSummary))):
                    #expect(ByteDifference.between(before + output, wholeOutput) == nil, "block type \(type)")
                    #expect(summary.uncompressedBytes == wholeSummary.uncompressedBytes && summary.members == 1)
                case (.failure(let error), .failure(let wholeError)):
                    #expect("\(error)" == "\(wholeError)", "block type \(type)")
                    #expect(bytes != intact, "block type \(type): \(error)")
                    errors.insert("\(error)")
                default:
                    Issue.record("block type \(type): resumed \(resumed), whole \(whole)")
                }
            }
        }
        #expect(errors.count >= 3, "\(errors)")
    }

    @Test func stopsWhenCancelled() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 3)
        let file = try GzipBytes.file(GzipBytes.member(data.randomBytes(3 << 20)), in: scratch)
        let cancellation = CancellationFlag()
        var chunks = 0
        #expect(throws: CancellationError.self) {
            try GzipStreamDecoder().decode(file, cancellation: cancellation, progress: { _ in }, sink: { _ in
                chunks += 1
                cancellation.cancel()
            })
        }
        #expect(chunks == 1)
    }

    /// Decodes `bytes` into a `WriteBehindOutput` (`WriteBehindOutputTests.decodeIntoLender`).
    static func decodeIntoLender(_ bytes: [UInt8]) throws -> (written: [UInt8], sinkCalls: Int, failure: (any Error)?) {
        let scratch = try TemporaryDirectory()
        let file = try GzipBytes.file(bytes, in: scratch)
        return try WriteBehindOutputTests.decodeIntoLender { lender, sink in
            _ = try GzipStreamDecoder().decode(file, cancellation: CancellationFlag(), progress: { _ in }, lender: lender, sink: sink)
        }
    }

    @Test func decodesIntoTheOutputsOwnBuffersAfterTheFirstChunk() throws {
        var data = TestData(seed: 61)
        let parts = [data.text(2_500_000), data.randomBytes(1_200_000), [], data.text(900_000)]
        let (written, sinkCalls, failure) = try Self.decodeIntoLender(parts.flatMap { GzipBytes.member($0) })
        #expect(failure == nil)
        #expect(sinkCalls == 1)
        #expect(ByteDifference.between(written, parts.flatMap { $0 }) == nil)
    }

    @Test func handsOnTheBytesBeforeDamageFromALentBuffer() throws {
        var data = TestData(seed: 62)
        let text = data.text(3_000_000)
        var member = GzipBytes.member(text)
        // A flipped byte late in the DEFLATE data: ISA-L refuses it, zlib decodes the member again.
        member[member.count - 2_000] ^= 0x55
        let (written, _, failure) = try Self.decodeIntoLender(member)
        #expect(failure != nil)
        #expect(failure is GzipFormatError)
        let checked = 2 * GzipStreamDecoder.outputCapacity
        #expect(written.count > checked)
        #expect(ByteDifference.between(Array(written.prefix(checked)), Array(text[..<checked])) == nil)
    }

    /// Members that start, run on and end in different places of the output's buffers: the
    /// output's thread computes the part of each member's CRC-32 that it was lent, and a wrong
    /// trailer on any of them, with every right length, still fails the decode at that member.
    @Test func checksTheChecksumOfMembersThatSpanLentBuffers() throws {
        var data = TestData(seed: 63)
        let size = WriteBehindOutput.bufferSize
        let parts = [data.text(size / 3), data.text(3 * size + 77), data.randomBytes(size), data.text(2 * size / 3), [], data.text(size + 5)]
        let members = parts.map { GzipBytes.member($0) }
        let whole = try Self.decodeIntoLender(members.flatMap { $0 })
        #expect(whole.failure == nil)
        #expect(ByteDifference.between(whole.written, parts.flatMap { $0 }) == nil)
        for damaged in members.indices {
            var bytes = members
            // The trailer's CRC-32, flipped: the length still matches.
            bytes[damaged][bytes[damaged].count - 8] ^= 0x01
            let result = try Self.decodeIntoLender(bytes.flatMap { $0 })
            let right = CRC32.checksum(parts[damaged])
            #expect(
                result.failure as? GzipFormatError == .checksumMismatch(expected: right ^ 0x01, actual: right),
                "member \(damaged)")
            let before = parts[..<damaged].reduce(0) { $0 + $1.count }
            #expect(result.written.count >= before)
            #expect(ByteDifference.between(Array(result.written.prefix(before)), Array(parts[..<damaged].joined())) == nil)
        }
    }
}
