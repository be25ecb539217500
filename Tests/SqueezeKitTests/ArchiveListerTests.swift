import Foundation
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

@Suite struct ArchiveListerTests {
    @Test func listsWhatSqueezeArchived() throws {
        let scratch = try TemporaryDirectory()
        try EveryKindTree.make(at: scratch("tree"))
        #expect(ArchiveRunTests.archive([scratch("tree")], to: scratch("t.tar.gz")).outcome == .succeeded)
        var entries: [String: ArchiveEntryMetadata] = [:]
        let description = try ArchiveLister().forEachEntry(in: PathName(scratch("t.tar.gz"))) { entry in
            entries[ByteDirectory.display(entry.name.bytes)] = entry
        }
        #expect(description.format.contains("pax"))
        #expect(description.filters == ["gzip"])
        #expect(description.entryCount == entries.count)

        #expect(entries["tree/"]?.kind == .directory)
        let small = try #require(entries["tree/small.txt"])
        #expect(small.kind == .regular && small.size == 6 && small.permissions == 0o644)
        #expect(entries["tree/small.txt"]?.modificationTime.seconds ?? 0 >= 1_600_000_000)
        #expect(entries["tree/suid-tool"]?.permissions == 0o4755)
        #expect(entries["tree/shared/"]?.permissions == 0o1777)
        let link = try #require(entries["tree/links/relative"])
        #expect(link.kind == .symbolicLink && link.symbolicLinkTarget == "../small.txt")
        let hard = try #require(entries["tree/hard/b.txt"])
        #expect(hard.hardLinkTarget == "tree/hard/a.txt" && hard.size == 0)
        #expect(entries["tree/fifo"]?.kind == .fifo)
        #expect(entries["tree/names/" + ByteDirectory.display(EveryKindTree.nonUTF8Name)] != nil)
        #expect(entries["tree/\(EveryKindTree.longDirectory)/\(EveryKindTree.longFile)"]?.size == 3_000)
        if geteuid() == 0 {
            #expect(entries["tree/null-device"]?.kind == .characterDevice)
            #expect(small.owner == 1234 && small.group == 5678)
        }
    }

    @Test func listsArchivesOfOtherTools() throws {
        guard let interop = Squeeze.interopDirectory else { return }
        let lister = ArchiveLister()
        let gnu = try lister.entries(in: PathName("\(interop)/go-tar/gnu.tar"))
        #expect(gnu.map(\.name) == ["small.txt", "small2.txt"])
        #expect(gnu.map(\.size) == [5, 11])
        let notUTF8 = try lister.entries(in: PathName("\(interop)/go-tar/gnu-not-utf8.tar"))
        #expect(notUTF8.map(\.name.bytes) == [Array("hi".utf8) + [0x80, 0x81, 0x82, 0x83] + Array("bye".utf8)])
        let hardlink = try lister.entries(in: PathName("\(interop)/go-tar/hardlink.tar"))
        #expect(hardlink.map(\.name) == ["file.txt", "hard.txt"])
        #expect(hardlink.last?.hardLinkTarget == "file.txt")
        let split = try lister.forEachEntry(in: PathName("\(interop)/libarchive/test_compat_gzip_1.tgz")) { _ in }
        #expect(split.entryCount == 6 && split.filters == ["gzip"])
    }

    @Test func listsZipAndXzThroughEveryOpener() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("zipped\n", to: scratch("tree/a.txt"))
        try TreeBuilder.write("too\n", to: scratch("tree/sub/b.txt"))
        #expect(try CommandRunner.run("bsdtar", ["--format", "zip", "-cf", scratch("t.zip"), "-C", scratch(""), "tree"]).status == 0)
        #expect(try CommandRunner.run("tar", ["-cJf", scratch("t.tar.xz"), "-C", scratch(""), "tree"]).status == 0)
        for opener in [DecodedStreamOpeners.raw, DecodedStreamOpeners.readAhead, DecodedStreamOpeners.automatic()] {
            for archive in ["t.zip", "t.tar.xz"] {
                let names = try ArchiveLister(openStream: opener).entries(in: PathName(scratch(archive))).map(\.name)
                #expect(Set(names) == ["tree/", "tree/a.txt", "tree/sub/", "tree/sub/b.txt"], "\(archive)")
            }
        }
    }

    @Test func refusesWhatIsNotAnArchive() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("just text, not an archive at all\n", to: scratch("text"))
        #expect(throws: LibarchiveError.self) { try ArchiveLister().entries(in: PathName(scratch("text"))) }
        #expect(throws: SystemError.self) { try ArchiveLister().entries(in: PathName(scratch("missing"))) }
        if let interop = Squeeze.interopDirectory {
            #expect(throws: LibarchiveError.self) { try ArchiveLister().entries(in: PathName("\(interop)/go-tar/neg-size.tar")) }
        }
    }
}
