import Foundation
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// Hard link entries that carry data: cpio's newc format puts a file's data on its last name, and
/// pax allows it on any link. Every name of the file must end up with that data, and an entry
/// that fails or is interrupted must leave every name whole.
@Suite struct ExtractionRunHardLinkTests {
    @Test(arguments: [true, false])
    func aPaxLinkWithDataGivesEveryNameOfTheFileTheData(entersDestination: Bool) throws {
        let scratch = try TemporaryDirectory()
        try TarBuilder()
            .file("a", "old\n")
            .hardlink("c", to: "a")
            .file("other", "other\n")
            .hardlink("sub/b", to: "a", data: Array("new contents\n".utf8), permissions: 0o600)
            .write(to: scratch("links.tar"))
        let report = ExtractionRunTests.extract(scratch("links.tar"), into: scratch("dest"), entersDestination: entersDestination)
        #expect(report.outcome == .succeeded, "\(report.failures) \(report.warnings)")
        #expect(report.filesDone == 4)
        let dest = TreeSnapshot(of: scratch("dest"))
        for name in ["a", "c", "sub/b"] {
            #expect(dest.nodes[name]?.contents == Array("new contents\n".utf8), "\(name)")
            #expect(dest.nodes[name]?.permissions == 0o600, "\(name): the last entry's metadata")
        }
        let identity = ExtractionRunTests.identity(scratch("dest/a"))
        #expect(identity != nil && ExtractionRunTests.identity(scratch("dest/c")) == identity && ExtractionRunTests.identity(scratch("dest/sub/b")) == identity)
        #expect(dest.nodes["other"]?.contents == Array("other\n".utf8))
        #expect(ArchiveRunTests.temporaries(in: scratch("dest")).isEmpty && ArchiveRunTests.temporaries(in: scratch("dest/sub")).isEmpty)
    }

    /// As GNU cpio and bsdcpio write it: three names of one file, the data on the last.
    @Test func aCpioFileWithSeveralNamesComesBackAsOneFile() throws {
        let scratch = try TemporaryDirectory()
        try CpioBuilder()
            .file("first", "", inode: 7, links: 3)
            .file("single", "alone\n", inode: 8)
            .file("dir/second", "", inode: 7, links: 3)
            .file("third", "the data\n", inode: 7, links: 3, permissions: 0o640)
            .write(to: scratch("links.cpio"))
        let report = ExtractionRunTests.extract(scratch("links.cpio"), into: scratch("dest"))
        #expect(report.outcome == .succeeded, "\(report.failures) \(report.warnings)")
        let dest = TreeSnapshot(of: scratch("dest"))
        for name in ["first", "dir/second", "third"] {
            #expect(dest.nodes[name]?.contents == Array("the data\n".utf8), "\(name)")
            #expect(dest.nodes[name]?.permissions == 0o640, "\(name)")
        }
        let identity = ExtractionRunTests.identity(scratch("dest/first"))
        #expect(identity != nil && ExtractionRunTests.identity(scratch("dest/dir/second")) == identity && ExtractionRunTests.identity(scratch("dest/third")) == identity)
        #expect(try FileStatus.of(PathName(scratch("dest/third")), followingSymlinks: false).linkCount == 3)
        #expect(dest.nodes["single"]?.contents == Array("alone\n".utf8))
    }

    /// The archive ends in the middle of the link's data: the names the file already had keep what
    /// they held, whole; the link is not made; no temporary is left.
    @Test(arguments: ["tar", "cpio"])
    func aLinkWhoseDataIsCutLeavesEveryNameWhole(format: String) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 21)
        let large = data.randomBytes(400_000)
        let whole = format == "tar"
            ? TarBuilder().file("a", "whole\n").hardlink("b", to: "a", data: large).bytes()
            : CpioBuilder().file("a", "", inode: 3, links: 2).file("b", large, inode: 3, links: 2).bytes()
        try TreeBuilder.write(Array(whole.prefix(whole.count - 200_000)), to: scratch("cut.\(format)"))

        let report = ExtractionRunTests.extract(scratch("cut.\(format)"), into: scratch("dest"))

        #expect(report.outcome == .failures)
        #expect(report.failures.map(\.path) == [scratch("cut.\(format)")])
        #expect(report.failures.first?.message.contains("stopped at 'b'") == true, "\(report.failures)")
        let dest = TreeSnapshot(of: scratch("dest"))
        #expect(dest.paths == [".", "a"])
        #expect(dest.nodes["a"]?.contents == (format == "tar" ? Array("whole\n".utf8) : []))
        #expect(ArchiveRunTests.temporaries(in: scratch("dest")).isEmpty)
    }

    /// Interrupted while the link's data is being written: the same, and the run says so.
    @Test func anInterruptedLinkLeavesEveryNameWhole() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 22)
        try TarBuilder()
            .file("a", "whole\n")
            .hardlink("b", to: "a", data: data.randomBytes(400_000))
            .file("after", "never reached\n")
            .write(to: scratch("links.tar"))
        // Cancelled once the stream has handed over part of b's data (a's entry is 3 KiB).
        let report = ExtractionRunTests.extractCancelled(scratch("links.tar"), into: scratch("dest"), after: 100_000)

        #expect(report.interrupted)
        let dest = TreeSnapshot(of: scratch("dest"))
        #expect(dest.paths == [".", "a"])
        #expect(dest.nodes["a"]?.contents == Array("whole\n".utf8))
        #expect(ArchiveRunTests.temporaries(in: scratch("dest")).isEmpty)
    }

    /// A link with data to something that is not a regular file (here a symbolic link the archive
    /// made, pointing outside) has nowhere to put it: refused, and nothing outside changes.
    @Test func aLinkWithDataToSomethingElseIsRefused() throws {
        let scratch = try ExtractionRunTests.scratchWithVictims()
        try TarBuilder()
            .symlink("victim-link", to: scratch("outside/victim"))
            .hardlink("hard", to: "victim-link", contents: "pwned\n")
            .directory("dir")
            .hardlink("hard-dir", to: "dir", contents: "pwned\n")
            .write(to: scratch("links.tar"))
        let before = TreeSnapshot(of: scratch.path, excluding: ["dest"])
        let report = ExtractionRunTests.extract(scratch("links.tar"), into: scratch("dest"))
        #expect(TreeSnapshot(of: scratch.path, excluding: ["dest"]) == before)
        #expect(report.outcome == .failures)
        let failures = ExtractionRunTests.failures(report)
        #expect(failures["hard"]?.contains("not a regular file") == true, "\(failures)")
        #expect(failures["hard-dir"]?.contains("not a regular file") == true, "\(failures)")
        #expect(TreeSnapshot(of: scratch("dest")).paths == [".", "dir", "existing.txt", "victim-link"])
    }
}
