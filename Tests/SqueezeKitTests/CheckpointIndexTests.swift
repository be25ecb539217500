import Foundation
import SqueezeTestSupport
import Testing

@testable import SqueezeKit

/// indexed_gzip's format as squeeze writes and reads it: bit offsets through the byte-and-bits
/// encoding, windows where they lie, squeeze's addition, and the index files that must be refused.
@Suite struct CheckpointIndexFormatTests {
    static let index = CheckpointIndex(
        compressedSize: 5_000, decodedSize: 90_000, spacing: 32_768,
        checkpoints: [
            .init(bit: 15 * 8, decodedOffset: 0, hasWindow: false),
            .init(bit: 1_000 * 8 + 3, decodedOffset: 40_000, hasWindow: true),
            .init(bit: 2_000 * 8, decodedOffset: 80_000, hasWindow: true),
        ],
        verification: .init(
            sourceModificationTime: FileTime(seconds: 1_700_000_000, nanoseconds: 42), edgeChecksums: .init(head: 5, tail: 6),
            spanChecksums: [1, 2, 3]))

    static func write(_ bytes: [UInt8]) throws -> (TemporaryDirectory, ReadableFile) {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write(bytes, to: scratch("index"))
        return (scratch, try ReadableFile(PathName(scratch("index"))))
    }

    static func encoded(_ index: CheckpointIndex, as format: CheckpointIndexFormat = .indexedGzip, windows: [[UInt8]], lines: LineCounts? = nil) -> [UInt8] {
        var bytes: [UInt8] = []
        try! index.encode(as: format, windows: windows, lines: lines) { bytes += $0 }
        return bytes
    }

    /// What was read, without what only a read index has (where its windows are).
    static func parsed(_ file: ReadableFile) throws -> CheckpointIndex {
        var index = try CheckpointIndex(reading: file)
        index.layout = nil
        return index
    }

    @Test func roundTrips() throws {
        let windows = [[UInt8](repeating: 7, count: 32_768), [UInt8](repeating: 9, count: 32_768)]
        let bytes = Self.encoded(Self.index, windows: windows)
        // indexed_gzip's fields: the byte after the bit, and the bits before it (8 - 3 = 5).
        #expect(Array(bytes[0..<7]) == Array("GZIDX".utf8) + [1, 0])
        #expect(Array(bytes[(35 + 18)..<(35 + 18 + 8)]) == [0xE9, 0x03, 0, 0, 0, 0, 0, 0])
        #expect(bytes[35 + 18 + 16] == 5)
        let (_, file) = try Self.write(bytes)
        let read = try CheckpointIndex(reading: file)
        #expect(try Self.parsed(file) == Self.index)
        #expect(read.layout?.format == .indexedGzip)
        #expect(try read.window(0, in: file) == [])
        #expect(try read.window(2, in: file) == windows[1])
    }

    /// Indexes written before the edge CRCs (addition version 1) are still read, without them;
    /// `end` is where what follows the addition starts, for both versions.
    @Test func readsAVersionOneAddition() throws {
        let windows = [[UInt8](repeating: 7, count: 32_768), [UInt8](repeating: 9, count: 32_768)]
        var old = Self.index
        old.verification?.edgeChecksums = nil
        var addition = Array("SQZIDX".utf8) + [1, 0]
        addition.appendLittleEndian(UInt64(1_700_000_000))
        addition.appendLittleEndian(UInt32(42))
        addition.appendLittleEndian(UInt32(3))
        for checksum: UInt32 in [1, 2, 3] { addition.appendLittleEndian(checksum) }
        addition.appendLittleEndian(addition.withUnsafeBytes { CRC32.update(0, $0) })
        #expect(addition == old.encodedAddition())
        var withoutAddition = old
        withoutAddition.verification = nil
        let bytes = Self.encoded(withoutAddition, windows: windows) + addition
        let (_, file) = try Self.write(bytes + [0xAB])
        let read = try CheckpointIndex(reading: file)
        #expect(try Self.parsed(file) == old)
        #expect(read.end == Int64(bytes.count))
        let current = Self.encoded(Self.index, windows: windows)
        let (_, currentFile) = try Self.write(current + [0xAB])
        #expect(try CheckpointIndex(reading: currentFile).end == Int64(current.count))
    }

    @Test func anIndexWithoutSqueezesAdditionHasNoVerification() throws {
        var plain = Self.index
        plain.verification = nil
        let (_, file) = try Self.write(Self.encoded(plain, windows: [[UInt8](repeating: 1, count: 32_768), [UInt8](repeating: 2, count: 32_768)]))
        #expect(try Self.parsed(file) == plain)
    }

    @Test func refusesWhatIsNotAUsableIndex() throws {
        let windows = [[UInt8](repeating: 7, count: 32_768), [UInt8](repeating: 9, count: 32_768)]
        let good = Self.encoded(Self.index, windows: windows)
        var wrongMagic = good
        wrongMagic[0] = UInt8(ascii: "X")
        var cut = good
        cut.removeLast(40_000)
        var badAddition = good
        badAddition[badAddition.count - 6] ^= 1
        var backwards = good
        // Checkpoint 2's decoded offset, 0: before checkpoint 1's.
        backwards.replaceSubrange((35 + 36 + 8)..<(35 + 36 + 16), with: [UInt8](repeating: 0, count: 8))
        for (bytes, cause) in [
            (wrongMagic, "no GZIDX) nor in gztool's (no gzipindx)"), (cut, "cut short"), (badAddition, "does not match its own CRC-32"),
            (backwards, "checkpoint 2 does not fit"),
        ] {
            let (_, file) = try Self.write(bytes)
            #expect(throws: CheckpointIndexError.self, "\(cause)") { try CheckpointIndex(reading: file) }
            do { _ = try CheckpointIndex(reading: file) } catch { #expect("\(error)".contains(cause), "\(error)") }
        }
    }
}
