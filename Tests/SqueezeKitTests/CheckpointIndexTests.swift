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

/// gztool's format as squeeze writes and reads it, and an index gztool itself wrote
/// (`testdata/gztool`): checkpoints, compressed windows, lines, and what must be refused.
@Suite struct CheckpointIndexGztoolTests {
    static func records() -> [UInt8] {
        let text = (0..<30_000).map { "record \($0) of the squeeze test fixture: \($0 % 7 == 0 ? "seventh" : "ok")\n" }.joined()
        return Array(text.utf8.prefix(1_200_000))
    }

    @Test func readsAnIndexGztoolWrote() throws {
        let file = try ReadableFile(PathName(Squeeze.fixture("gztool/records.gzi")))
        let index = try CheckpointIndex(reading: file)
        #expect(index.layout?.format == .gztool)
        #expect(index.compressedSize == nil && index.decodedSize == 1_200_000 && index.verification == nil)
        #expect(index.checkpoints == [.init(bit: 80, decodedOffset: 0, hasWindow: false), .init(bit: 64_312 * 8 - 5, decodedOffset: 1_081_344, hasWindow: true)])
        #expect(try index.window(0, in: file) == [])
        #expect(try index.window(1, in: file) == Array(Self.records()[(1_081_344 - 32_768)..<1_081_344]))
        #expect(index.end == (try file.status().size))

        // A range through it, found under gztool's name beside the file.
        let source = try ReadableFile(PathName(Squeeze.fixture("gztool/records.gz")))
        let opened = try #require(
            try OpenCheckpointIndex.open(
                source.path.checkpointIndexSidecar, isNamed: false, for: try source.status(), of: source, notice: { Issue.record("\($0)") }))
        var read: [UInt8] = []
        try opened.read(ByteRange(start: 1_100_000, length: 50_000), of: source) { read += $0 }
        #expect(read == Array(Self.records()[1_100_000..<1_150_000]))
    }

    /// What squeeze writes in gztool's format reads back as the same index, its windows as they
    /// were, with lines where asked and squeeze's addition after gztool's trailer.
    @Test func roundTrips() throws {
        var index = CheckpointIndexFormatTests.index
        let windows = [Array(Self.records()[0..<32_768]), [UInt8](repeating: 9, count: 1_000)]
        for lines in [nil, LineCounts(newlinesBefore: [0, 700, 1_400], newlines: 2_000)] {
            let bytes = CheckpointIndexFormatTests.encoded(index, as: .gztool, windows: windows, lines: lines)
            #expect(Array(bytes[0..<16]) == [0, 0, 0, 0, 0, 0, 0, 0] + Array((lines == nil ? "gzipindx" : "gzipindX").utf8))
            let (_, file) = try CheckpointIndexFormatTests.write(bytes)
            let read = try CheckpointIndex(reading: file)
            #expect(read.layout?.format == .gztool && read.end == Int64(bytes.count))
            var expected = index
            expected.compressedSize = nil
            expected.spacing = 0
            #expect(try CheckpointIndexFormatTests.parsed(file) == expected)
            #expect(try read.window(1, in: file) == windows[0])
            #expect(try read.window(2, in: file) == windows[1])
            if let lines {
                // The trailer: the decoded size, then the lines (its newlines, as gztool counts).
                #expect(Array(bytes[(bytes.count - index.encodedAddition().count - 8)...].prefix(8)) == [0, 0, 0, 0, 0, 0, 0x07, 0xD0])
            }
        }
        index.verification = nil
        let (_, plain) = try CheckpointIndexFormatTests.write(CheckpointIndexFormatTests.encoded(index, as: .gztool, windows: windows))
        #expect(try CheckpointIndex(reading: plain).verification == nil)
    }

    @Test func refusesWhatIsNotAUsableIndex() throws {
        let good = try TreeBuilder.read(Squeeze.fixture("gztool/records.gzi"))
        var incomplete = good
        incomplete.replaceSubrange(20..<28, with: [UInt8](repeating: 0, count: 8))
        var cut = good
        cut.removeLast(100)
        var badWindow = good
        badWindow[36 + 24 + 8 + 24 + 100] ^= 0x10
        var badBits = good
        badBits[36 + 8 + 24 + 8 + 8 + 3] = 9
        var newer = good
        newer[14] = UInt8(ascii: "X")
        for (bytes, cause) in [
            (incomplete, "gztool's index is incomplete (0 of 2 checkpoints)"), (cut, "cut short"),
            (badBits, "checkpoint 1 does not fit"), (newer, "nor in gztool's"),
        ] {
            let (_, file) = try CheckpointIndexFormatTests.write(bytes)
            do {
                _ = try CheckpointIndex(reading: file)
                Issue.record("\(cause): read")
            } catch { #expect("\(error)".contains(cause), "\(error)") }
        }
        let (_, file) = try CheckpointIndexFormatTests.write(badWindow)
        let index = try CheckpointIndex(reading: file)
        #expect(throws: CheckpointIndexError.malformed("the window of checkpoint 1 is not a zlib stream of at most 32 KiB")) { try index.window(1, in: file) }
    }
}
