import Foundation
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// `jsonRecord`: a file's and a notice's record written directly, byte for byte as the encoder
/// writes them (the report's `--json` must not change with how its records are made).
@Suite struct JSONRecordTests {
    static func encoded(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
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

    @Test func aRecordWithAListingIsLeftToTheEncoder() {
        let entry = RunReport.FileEntry(
            path: "a", output: nil, pathBytes: nil, outputBytes: nil, bytesIn: 1, bytesOut: 1, seconds: 0, outputCRC32: nil,
            listing: FileListing(
                format: "gzip", compressedBytes: 1, uncompressedBytes: 1, members: 1, originalName: nil, modificationTime: nil,
                sizeSource: .index))
        #expect(entry.jsonRecord == nil)
    }
}
