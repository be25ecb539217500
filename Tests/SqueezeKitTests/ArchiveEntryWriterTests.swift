import Foundation
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// Items that go wrong between the scan and their turn fail alone; the archive stays readable.
@Suite struct ArchiveEntryWriterTests {
    final class MemorySink: ArchiveByteSink {
        var bytes: [UInt8] = []
        func consume(_ chunk: UnsafeRawBufferPointer) throws { bytes += chunk }
    }

    static func item(_ path: String, name: String, followingSymlinks: Bool = false) throws -> ArchiveItem {
        ArchiveItem(path: PathName(path), name: PathName(name), status: try FileStatus.of(PathName(path), followingSymlinks: followingSymlinks))
    }

    @Test func aFileThatVanishedOrChangedKindFailsAloneAndTheArchiveStaysReadable() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("first\n", to: scratch("first.txt"))
        try TreeBuilder.write("gone\n", to: scratch("gone.txt"))
        try TreeBuilder.write("was a file\n", to: scratch("now-a-fifo"))
        try TreeBuilder.write("last\n", to: scratch("last.txt"))
        let items = [
            try Self.item(scratch("first.txt"), name: "first.txt"),
            try Self.item(scratch("gone.txt"), name: "gone.txt"),
            try Self.item(scratch("now-a-fifo"), name: "now-a-fifo"),
            try Self.item(scratch("last.txt"), name: "last.txt"),
        ]
        // Between the scan and the archiving: one file removed, one replaced by a FIFO.
        try FileManager.default.removeItem(atPath: scratch("gone.txt"))
        try FileManager.default.removeItem(atPath: scratch("now-a-fifo"))
        try TreeBuilder.makeFIFO(scratch("now-a-fifo"))

        let sink = MemorySink()
        let entries = try ArchiveEntryWriter(sink: sink, collector: ResultCollector())
        let outcomes = try items.map { try entries.add($0) }
        try entries.finish()

        #expect(outcomes.map(\.status) == [
            .done, .failed("cannot open '\(scratch("gone.txt"))': No such file or directory"),
            .failed("is no longer a regular file (now a FIFO); not archived"), .done,
        ])
        try TreeBuilder.write(sink.bytes, to: scratch("out.tar"))
        let listed = try ArchiveLister().entries(in: PathName(scratch("out.tar")))
        #expect(listed.map(\.name) == ["first.txt", "last.txt"])
        #expect(sink.bytes.count % 10_240 == 0, "tar records are padded to 10 KiB blocks")
    }

    /// sysfs files claim 4096 bytes and hold fewer: the entry is padded, and the user told.
    @Test func aFileThatShrankIsPaddedAndReported() throws {
        let shrinking = "/sys/kernel/profiling"
        guard FileManager.default.fileExists(atPath: shrinking) else { return }
        let sink = MemorySink()
        let entries = try ArchiveEntryWriter(sink: sink, collector: ResultCollector())
        let outcome = try entries.add(Self.item(shrinking, name: "profiling"))
        try entries.finish()
        #expect(outcome.status == .failed("shrank while it was being archived; its entry is padded with zeros"))
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write(sink.bytes, to: scratch("out.tar"))
        #expect(try ArchiveLister().entries(in: PathName(scratch("out.tar"))).map(\.size) == [4096])
    }
}
