import Foundation
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// `jsonRecord`: a file's and a notice's record written directly, byte for byte as the encoder
/// writes them (the report's `--json` must not change with how its records are made).
@Suite struct JSONRecordTests {
    static func encoded(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }

    /// Text with every ASCII character, control characters among them, and some beyond.
    static func text(_ data: inout TestData) -> String {
        let pieces = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) } + ["é", "日本", "\u{FFFD}", "😀", "\u{2028}", "/", "\\", "\""]
        return (0..<data.int(in: 0...24)).map { _ in pieces[data.int(in: 0...(pieces.count - 1))] }.joined()
    }

    @Test func recordsAreTheEncodersBytes() throws {
        var data = TestData(seed: 71)
        let seconds: [Double] = [0, 1, 2.5, 0.000123, 1e-7, 3e20, 12345.678, 1.0 / 3, 86400, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        for round in 0..<2000 {
            let optional = { (data: inout TestData) -> String? in data.int(in: 0...2) == 0 ? nil : Self.text(&data) }
            let entry = RunReport.FileEntry(
                path: Self.text(&data), output: optional(&data), pathBytes: optional(&data), outputBytes: optional(&data),
                bytesIn: Int64(data.int(in: 0...Int(Int32.max))) * Int64(data.int(in: 0...3)), bytesOut: Int64(data.int(in: 0...99999)),
                seconds: round < seconds.count ? seconds[round] : Double(data.int(in: 0...1_000_000)) / Double(data.int(in: 1...100_000)),
                outputCRC32: data.int(in: 0...1) == 0 ? nil : UInt32(truncatingIfNeeded: data.next()), listing: nil)
            #expect(entry.jsonRecord == (try Self.encoded(entry)), "\(entry)")
            var notice = RunReport.Notice(path: Self.text(&data), message: Self.text(&data))
            notice.pathBytes = optional(&data)
            #expect(notice.jsonRecord == (try Self.encoded(notice)), "\(notice)")
        }
    }

    /// A finished file's record, written from its paths' bytes, is its entry's as the encoder
    /// writes it: for UTF-8 names (written as they are) and others (shown with U+FFFD, and
    /// their bytes in base64).
    @Test func finishedFilesRecordsAreTheirEntriesEncoded() throws {
        var data = TestData(seed: 72)
        let pieces: [[UInt8]] = (0..<0x80).map { [UInt8($0)] } + [[0xC3, 0xA9], [0xE6, 0x97, 0xA5], [0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x98, 0x80]]
        let path = { (data: inout TestData) in
            PathName(bytes: (0..<data.int(in: 1...20)).flatMap { _ in pieces[data.int(in: 0...(pieces.count - 1))] })
        }
        // The same records appended to a spool in place, one after another, are read back whole.
        let spool = try SpoolFile()
        var spooled: [UInt8] = []
        for round in 0..<2000 {
            let finished = FinishedFile(
                source: path(&data), output: data.int(in: 0...3) == 0 ? nil : path(&data),
                bytesIn: Int64(data.int(in: 0...Int(Int32.max))) * Int64(data.int(in: 0...5)), bytesOut: Int64(data.int(in: 0...99999)),
                seconds: round % 2 == 0 ? 0 : Double(data.int(in: 0...1_000_000)) / Double(data.int(in: 1...100_000)),
                outputChecksum: data.int(in: 0...1) == 0 ? nil : UInt32(truncatingIfNeeded: data.next()), listing: nil)
            #expect(finished.jsonRecord == (try Self.encoded(finished.entry)), "\(finished.entry)")
            #expect(try finished.appendJSONRecord(to: spool, separatedBy: ",\n"))
            spooled += (round == 0 ? [] : Array(",\n".utf8)) + (try Self.encoded(finished.entry))
        }
        var readBack: [UInt8] = []
        try spool.forEachChunk { readBack += $0 }
        #expect(readBack == spooled)
        #expect(spool.recordCount == 2000)
        let negativeZero = FinishedFile(source: "a", output: nil, bytesIn: 0, bytesOut: 0, seconds: -0.0, outputChecksum: nil, listing: nil)
        #expect(negativeZero.jsonRecord == (try Self.encoded(negativeZero.entry)))
    }

    @Test func aRecordWithAListingIsLeftToTheEncoder() throws {
        let entry = RunReport.FileEntry(
            path: "a", output: nil, pathBytes: nil, outputBytes: nil, bytesIn: 1, bytesOut: 1, seconds: 0, outputCRC32: nil,
            listing: FileListing(
                format: "gzip", compressedBytes: 1, uncompressedBytes: 1, members: 1, originalName: nil, modificationTime: nil,
                sizeSource: .index))
        #expect(entry.jsonRecord == nil)
        let finished = FinishedFile(source: "a", output: nil, bytesIn: 1, bytesOut: 1, seconds: 0, outputChecksum: nil, listing: entry.listing)
        let spool = try SpoolFile()
        #expect(try finished.appendJSONRecord(to: spool, separatedBy: ",\n") == false)
        #expect(spool.recordCount == 0)
    }
}
