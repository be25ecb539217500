import Foundation
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// Archives damaged at an entry's header, not in its data: the report says after which entry
/// extraction stopped, or which entry could not be read and that extraction went on past it.
@Suite struct ExtractionRunDamageTests {
    /// TarBuilder writes every entry with at most 512 bytes of data as four blocks: pax header,
    /// pax records, ustar header, data.
    static let entrySize = 2048

    static func threeEntries() -> [UInt8] {
        TarBuilder().file("first.txt", "1\n").file("second.txt", "2\n").file("third.txt", "3\n").bytes()
    }

    static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        Array(try CommandRunner.run("gzip", ["-c"], input: Data(bytes)).standardOutput)
    }

    /// A plain tar that ends in the middle of the third entry's header.
    @Test func anArchiveCutInAHeaderSaysAfterWhichEntryItStopped() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write(Array(Self.threeEntries().prefix(2 * Self.entrySize + 100)), to: scratch("cut.tar"))

        let report = ExtractionRunTests.extract(scratch("cut.tar"), into: scratch("dest"))

        #expect(report.outcome == .failures)
        #expect(report.failures.map(\.path) == [scratch("cut.tar")])
        #expect(report.failures.first?.message
            == "stopped at the entry after 'second.txt', whose header could not be read: cannot read the next entry: Truncated tar archive")
        #expect(TreeSnapshot(of: scratch("dest")).paths == [".", "first.txt", "second.txt"])
    }

    /// A .tar.gz whose compressed stream breaks off exactly where the third entry begins: the
    /// decoder's error reaches libarchive as it reads that header.
    @Test func aCompressedArchiveCutAtAnEntryBoundarySaysAfterWhichEntryItStopped() throws {
        let scratch = try TemporaryDirectory()
        let tar = Self.threeEntries()
        // Two gzip members, the first ending at the boundary; the second cut after its header.
        let cut = try Self.gzip(Array(tar.prefix(2 * Self.entrySize))) + Self.gzip(Array(tar.dropFirst(2 * Self.entrySize))).prefix(12)
        try TreeBuilder.write(cut, to: scratch("cut.tar.gz"))

        let report = ExtractionRunTests.extract(scratch("cut.tar.gz"), into: scratch("dest"))

        #expect(report.outcome == .failures)
        #expect(report.failures.map(\.path) == [scratch("cut.tar.gz")])
        let message = report.failures.first?.message ?? ""
        #expect(message.hasPrefix("stopped at the entry after 'second.txt', whose header could not be read: "), "\(message)")
        #expect(TreeSnapshot(of: scratch("dest")).paths == [".", "first.txt", "second.txt"])
    }

    /// The first header is already cut: no entry to name.
    @Test func anArchiveCutInItsFirstHeaderSaysSo() throws {
        let scratch = try TemporaryDirectory()
        // The pax header whole, its records cut: libarchive has recognised the format by then.
        try TreeBuilder.write(Array(Self.threeEntries().prefix(700)), to: scratch("cut.tar"))
        let report = ExtractionRunTests.extract(scratch("cut.tar"), into: scratch("dest"))
        #expect(report.outcome == .failures)
        #expect(report.failures.first?.message.hasPrefix("stopped at the first entry, whose header could not be read: ") == true,
                "\(report.failures)")
        #expect(TreeSnapshot(of: scratch("dest")).paths == ["."])
    }

    /// A header with a bad checksum: libarchive says ARCHIVE_RETRY and goes on at the next block,
    /// so the entry is reported (once, however many blocks are passed over) and the rest extracted.
    @Test func aDamagedHeaderIsReportedAndTheRestExtracted() throws {
        let scratch = try TemporaryDirectory()
        var tar = TarBuilder()
            .file("first.txt", "1\n")
            .file("damaged.txt", String(repeating: "some text that is no header\n", count: 60))
            .file("third.txt", "3\n")
            .bytes()
        // Spoil the second entry's pax header and its ustar header (their names' first bytes).
        tar[Self.entrySize] ^= 0x20
        tar[Self.entrySize + 1024] ^= 0x20
        try TreeBuilder.write(tar, to: scratch("damaged.tar"))

        let report = ExtractionRunTests.extract(scratch("damaged.tar"), into: scratch("dest"))

        #expect(report.outcome == .failures)
        #expect(report.failures.count == 1, "\(report.failures)")
        #expect(report.failures.first?.path == scratch("damaged.tar"))
        #expect(report.failures.first?.message
            == "the entry after 'first.txt' could not be read: cannot read the next entry: Damaged tar archive (3,584 bytes passed over)")
        let dest = TreeSnapshot(of: scratch("dest"))
        #expect(dest.paths == [".", "first.txt", "third.txt"])
        #expect(report.filesDone == 2)
    }
}
