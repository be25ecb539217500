import SqueezeTestSupport
import Testing
@testable import SqueezeKit

/// A damaged dynamic block header read as GNU gzip's inflate reads it (`DynamicBlockCandidate`,
/// `Reader.gnuGzip`), and the stream decoder reporting what gzip reports where gzip and zlib part:
/// gzip's test `hufts` (bug#33501) and zlib's repeat before the first length.
@Suite struct GnuGzipHeaderReadingTests {
    /// gzip's tests/hufts, bug#33501: a non-final dynamic block whose code-length code has four
    /// lengths, all 0, and then nothing but one byte more.
    static let emptyCodeLengthCode: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0x30, 0x30, 0x30, 0x30, 0x30, 0x30, 0x64, 0x00, 0x00, 0x00]
    /// zlib's infcover: a complete code-length code whose first code repeats the previous length.
    static let repeatFirst: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x04, 0x00, 0x24, 0x49, 0x00]

    static func read(_ member: [UInt8], by reader: DynamicBlockCandidate.Reader) -> DynamicBlockCandidate.Reading {
        Array(member.dropFirst(10)).withUnsafeBytes { DynamicBlockCandidate.read($0, atBit: 0, by: reader) }
    }

    @Test func gzipRefusesAnEmptyCodeLengthCodeAtItsFirstCode() {
        #expect(Self.read(Self.emptyCodeLengthCode, by: .gnuGzip) == .invalid("empty code lengths set"))
        #expect(Self.read(Self.emptyCodeLengthCode, by: .decoder) == .invalid("invalid code lengths set"))
        // Cut inside the code-length code: nothing to tell yet.
        #expect(Self.read(Array(Self.emptyCodeLengthCode.prefix(13)), by: .gnuGzip) == .cutShort)
    }

    @Test func gzipReadsARepeatBeforeTheFirstLengthAsZeros() {
        #expect(Self.read(Self.repeatFirst, by: .gnuGzip) == .cutShort)
        #expect(Self.read(Self.repeatFirst, by: .decoder) == .invalid("invalid bit length repeat"))
    }

    /// Real headers (zlib's) are valid by both rules, and prefixes of them are cut short by both.
    @Test func realHeadersReadAlikeByBothRules() throws {
        let (_, stream) = DynamicBlockStartTests.sample(seed: 170)
        let dynamic = DynamicBlockStartTests.boundaries(of: stream).filter { $0.type == 2 }
        try #require(dynamic.count >= 10)
        for boundary in dynamic {
            let bytes = Array(stream[(boundary.bit >> 3)...].prefix(DynamicBlockCandidate.maximumHeaderBytes))
            bytes.withUnsafeBytes { bytes in
                #expect(DynamicBlockCandidate.read(bytes, atBit: boundary.bit & 7, by: .gnuGzip) == .valid)
                #expect(DynamicBlockCandidate.read(bytes, atBit: boundary.bit & 7, by: .decoder) == .valid)
            }
            for length in [1, 3, 8, 20] {
                Array(bytes.prefix(length)).withUnsafeBytes { bytes in
                    #expect(DynamicBlockCandidate.read(bytes, atBit: boundary.bit & 7, by: .gnuGzip) == .cutShort)
                }
            }
        }
    }

    /// The decoder reports the header's fault where gzip finds it, though zlib, reading the empty
    /// code's lengths on, only wants more input; and the input's end, naming the fault gzip
    /// reads past.
    @Test func theStreamDecoderReportsWhatGzipFinds() {
        #expect(throws: GzipFormatError.invalidDeflateData("empty code lengths set")) {
            try GzipStreamDecoderTests.decode(Self.emptyCodeLengthCode)
        }
        #expect(throws: GzipFormatError.truncatedInInvalidHeader("invalid bit length repeat")) {
            try GzipStreamDecoderTests.decode(Self.repeatFirst)
        }
    }
}
