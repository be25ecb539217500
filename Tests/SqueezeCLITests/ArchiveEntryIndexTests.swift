import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// The entry index squeeze's archives carry (trailing empty gzip members): every other reader
/// reads the archive as if it were not there, and `extract ARCHIVE PATH…` reads only the
/// members holding the entries asked for, extracting what GNU tar extracts for the same paths.
@Suite struct ArchiveEntryIndexTests {
    static let tree = "tree"

    /// An archive of every kind of entry, in 64 KiB members: several members, so an index.
    static func makeArchive(in scratch: TemporaryDirectory, largeFileSize: Int = 300_000) throws -> String {
        try EveryKindTree.make(at: scratch(tree), largeFileSize: largeFileSize)
        let result = try Squeeze.run(["archive", scratch(tree), "-o", scratch("t.tar.gz"), "--block-size", "64KiB", "-q"])
        #expect(result.status == 0, "\(result.standardError)")
        return scratch("t.tar.gz")
    }

    /// Where the data's members end and the index's begin, from the locator at the end.
    static func indexOffset(of archive: String) throws -> Int {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: archive)))
        let locator = bytes.suffix(80)
        // Header (10), XLEN (2), "SQ" subfield (12), "SI" and its length (4), version and kind (2).
        let field = locator.dropFirst(30).prefix(8)
        #expect(Array(locator.dropFirst(24).prefix(2)) == Array("SI".utf8))
        return field.reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    @Test func everyOtherReaderReadsTheArchiveAsIfTheIndexWereNotThere() throws {
        let scratch = try TemporaryDirectory()
        let archive = try Self.makeArchive(in: scratch)
        // The same file cut before its index: what every reader must see the indexed one as.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: archive))
        let offset = try Self.indexOffset(of: archive)
        #expect(offset > 0 && offset < bytes.count - 80)
        try bytes.prefix(offset).write(to: URL(fileURLWithPath: scratch("plain.tar.gz")))

        for tool in [("gzip", ["-t"]), ("pigz", ["-t"])] {
            let result = try CommandRunner.run(tool.0, tool.1 + [archive])
            #expect(result.status == 0 && result.standardError.isEmpty, "\(tool.0): \(result.standardError)")
        }
        for (tool, arguments) in [("zcat", [String]()), ("pigz", ["-dc"]), ("gzip", ["-dc"])] {
            let indexed = try CommandRunner.run(tool, arguments + [archive])
            let plain = try CommandRunner.run(tool, arguments + [scratch("plain.tar.gz")])
            #expect(indexed.status == 0 && indexed.standardOutput == plain.standardOutput, "\(tool)")
        }
        for (tool, arguments) in [("tar", ["-tzvf"]), ("bsdtar", ["-tvf"])] {
            let indexed = try CommandRunner.run(tool, arguments + [archive])
            let plain = try CommandRunner.run(tool, arguments + [scratch("plain.tar.gz")])
            // (GNU tar's word on the pax records of a name that is not UTF-8 is the same for both.)
            #expect(indexed.status == 0 && indexed.standardError == plain.standardError, "\(tool): \(indexed.standardError)")
            #expect(indexed.standardOutput == plain.standardOutput, "\(tool)")
        }
        let source = TreeSnapshot(of: scratch(Self.tree))
        for (tool, arguments) in [("tar", ["-xzpf"]), ("bsdtar", ["-xpf"])] {
            let destination = scratch("by-\(tool)")
            try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
            let result = try CommandRunner.run(tool, arguments + [archive, "-C", destination])
            #expect(result.status == 0, "\(tool): \(result.standardError)")
            let restored = TreeSnapshot(of: destination).subtree(Self.tree)
            #expect(restored == source, "\(tool): \(restored.differences(from: source))")
        }
    }

    /// Files, a directory, a symbolic link, a hard link whose target is not asked for, and a name
    /// the archive does not hold: squeeze extracts what GNU tar extracts, and says what it says.
    @Test(arguments: [
        ["tree/small.txt"],
        ["tree/big", "tree/links/relative"],
        ["tree/big/"],
        ["tree/hard/b.txt", "tree/hard/a.txt"],
        ["tree/deep/er/still/nested.txt", "tree/names"],
    ])
    func extractsWhatGnuTarExtracts(paths: [String]) throws {
        let scratch = try TemporaryDirectory()
        let archive = try Self.makeArchive(in: scratch)
        try FileManager.default.createDirectory(atPath: scratch("gnu"), withIntermediateDirectories: true)
        let gnu = try CommandRunner.run("tar", ["-xzf", archive, "-C", scratch("gnu")] + paths)
        #expect(gnu.status == 0, "\(gnu.standardError)")
        let squeeze = try Squeeze.run(["extract", archive, "-C", scratch("squeeze"), "-q"] + paths)
        #expect(squeeze.status == 0, "\(squeeze.standardError)")
        #expect(squeeze.standardError.isEmpty)
        let expected = TreeSnapshot(of: scratch("gnu"), directoryTimes: false)
        let extracted = TreeSnapshot(of: scratch("squeeze"), directoryTimes: false)
        #expect(extracted == expected, "\(extracted.differences(from: expected))")
    }

    @Test func aNameNotInTheArchiveIsReportedAsGnuTarReportsIt() throws {
        let scratch = try TemporaryDirectory()
        let archive = try Self.makeArchive(in: scratch)
        let gnu = try CommandRunner.run("tar", ["-xzf", archive, "-C", scratch.path, "tree/nothere"])
        #expect(gnu.status == 2 && gnu.standardError.contains("tree/nothere: Not found in archive"))
        let result = try Squeeze.run(["extract", archive, "-C", scratch("out"), "tree/small.txt", "tree/nothere"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("tree/nothere: Not found in archive"), "\(result.standardError)")
        #expect(TreeSnapshot(of: scratch("out")).paths == [".", "tree", "tree/small.txt"])
    }

    /// A hard link whose target is not extracted: GNU tar fails it ("Cannot hard link"), squeeze
    /// refuses it; neither makes it, and both extract the rest (GNU tar has made the link's
    /// directory by then; squeeze refuses the entry before making anything for it).
    @Test func aHardLinkToATargetNotAskedForIsNotMade() throws {
        let scratch = try TemporaryDirectory()
        let archive = try Self.makeArchive(in: scratch)
        // The tree's second name of the file is stored as a link to the first.
        let listing = try CommandRunner.run("tar", ["-tzvf", archive])
        let link = listing.output.contains("tree/hard/b.txt link to tree/hard/a.txt") ? "tree/hard/b.txt" : "tree/hard/a.txt"
        try FileManager.default.createDirectory(atPath: scratch("gnu"), withIntermediateDirectories: true)
        let gnu = try CommandRunner.run("tar", ["-xzf", archive, "-C", scratch("gnu"), link, "tree/small.txt"])
        #expect(gnu.status == 2 && gnu.standardError.contains("Cannot hard link"))
        let result = try Squeeze.run(["extract", archive, "-C", scratch("squeeze"), "-q", link, "tree/small.txt"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("\(link): refused: hard link to"), "\(result.standardError)")
        let expected = TreeSnapshot(of: scratch("gnu"), directoryTimes: false).removing(["tree/hard"])
        #expect(TreeSnapshot(of: scratch("squeeze"), directoryTimes: false) == expected)
    }

    /// One small file out of an archive of many members reads a small part of it: the report's
    /// bytes in are the compressed bytes read.
    @Test func oneFileReadsOnlyTheMembersHoldingIt() throws {
        let scratch = try TemporaryDirectory()
        let archive = try Self.makeArchive(in: scratch, largeFileSize: 3_000_000)
        let size = try FileManager.default.attributesOfItem(atPath: archive)[.size] as! Int
        let result = try Squeeze.run(["extract", archive, "-C", scratch("out"), "--json", "-", "-q", "tree/small.txt"])
        #expect(result.status == 0, "\(result.standardError)")
        let report = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let bytesIn = report?["bytesIn"] as? Int ?? .max
        #expect(bytesIn < size / 4, "read \(bytesIn) of \(size) bytes")
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch("out/tree/small.txt"))) == Data("hello\n".utf8))
    }

    /// Every file asked for by name: each member is decoded once, the members read to check the
    /// headers kept for the entries' bytes, so no more than the archive is read.
    @Test func everyMemberIsReadOnce() throws {
        let scratch = try TemporaryDirectory()
        let archive = try Self.makeArchive(in: scratch, largeFileSize: 3_000_000)
        let size = try FileManager.default.attributesOfItem(atPath: archive)[.size] as! Int
        let files = try CommandRunner.run("tar", ["-tzf", archive]).output.split(separator: "\n").map(String.init).filter {
            !$0.hasSuffix("/") && !$0.contains("fifo") && !$0.contains("null-device") && !$0.contains("\\")
        }
        let result = try Squeeze.run(["extract", archive, "-C", scratch("out"), "--json", "-", "-q"] + files)
        #expect(result.status == 0, "\(result.standardError)")
        let report = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let bytesIn = report?["bytesIn"] as? Int ?? .max
        #expect(bytesIn <= size, "read \(bytesIn) of \(size) bytes")
    }

    /// GNU tar's archives have no index: the same selection, read in full, without a word about it.
    @Test func anArchiveWithoutIndexIsReadInFull() throws {
        let scratch = try TemporaryDirectory()
        try EveryKindTree.make(at: scratch(Self.tree))
        #expect(try CommandRunner.run("tar", ["-czf", scratch("gnu.tar.gz"), "-C", scratch.path, Self.tree]).status == 0)
        let result = try Squeeze.run(["extract", scratch("gnu.tar.gz"), "-C", scratch("out"), "-q", "tree/big", "tree/small.txt"])
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
        #expect(TreeSnapshot(of: scratch("out")).paths == [".", "tree", "tree/big", "tree/big/large.txt", "tree/big/random.bin", "tree/small.txt"])
        let source = TreeSnapshot(of: scratch(Self.tree)).subtree("big")
        #expect(TreeSnapshot(of: scratch("out/tree")).subtree("big") == source)
    }

    /// The README's block, as pasted: one log out of an archive of several members.
    @Test func theReadmeBlock() throws {
        try Self.runLogsBlock(containing: "squeeze extract -q logs.tar.gz")
    }

    /// Runs the README block that holds `marker` on a tree of logs: it lists the archive, and
    /// one log comes out of it, alone, whole.
    static func runLogsBlock(containing marker: String) throws {
        let block = try ReadmeSnippets.block(containing: marker)
        let scratch = try ReadmeSnippetTests.scratchWithSqueeze()
        var data = TestData(seed: 33)
        for month in 1...4 { try TreeBuilder.write(data.text(1_200_000), to: scratch("logs/2025/\(month).log")) }
        let log = data.text(20_000)
        try TreeBuilder.write(log, to: scratch("logs/2026/app.log"))
        let result = try ReadmeSnippetTests.bash(block, in: scratch)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output.contains("-rw-r--r--") && result.output.contains("logs/2026/app.log"), "\(result.output)")
        #expect(try TreeBuilder.read(scratch("restored/logs/2026/app.log")) == log)
        #expect(TreeSnapshot(of: scratch("restored")).paths == [".", "logs", "logs/2026", "logs/2026/app.log"])
    }

    /// The index's listing is the one a full read gives, entry for entry.
    @Test func listingFromTheIndexIsTheFullReadsListing() throws {
        let scratch = try TemporaryDirectory()
        let archive = try Self.makeArchive(in: scratch)
        let indexed = try Squeeze.run(["list", archive, "--json", "-", "-q"])
        // The same bytes, as another file the index was cut from.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: archive))
        try bytes.prefix(try Self.indexOffset(of: archive)).write(to: URL(fileURLWithPath: scratch("t.tar.gz")))
        let full = try Squeeze.run(["list", scratch("t.tar.gz"), "--json", "-", "-q"])
        func entries(_ output: String) throws -> [NSDictionary] {
            let report = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
            let file = (report?["files"] as? [[String: Any]])?.first
            return ((file?["listing"] as? [String: Any])?["archive"] as? [String: Any])?["entries"] as? [NSDictionary] ?? []
        }
        let fromIndex = try entries(indexed.output), fromData = try entries(full.output)
        #expect(fromIndex.count > 10)
        #expect(fromIndex.count == fromData.count)
        for (fromIndex, fromData) in zip(fromIndex, fromData) { #expect(fromIndex == fromData) }
    }
}
