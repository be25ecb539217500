import Foundation
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// The entry index's format, and what a stale or lying index does: never wrong bytes.
@Suite struct ArchiveEntryIndexTests {
    /// A tree of files of different sizes, archived in 16 KiB members.
    static func archive(in scratch: TemporaryDirectory) throws -> String {
        var random = SplitMix64(seed: 31)
        for index in 0..<40 {
            let size = Int(random.next() % 20_000)
            try TreeBuilder.write((0..<size).map { _ in UInt8(ascii: "a") + UInt8(random.next() % 26) }, to: scratch("src/d\(index % 4)/f\(index).txt"))
        }
        let report = ArchiveRun(request: ArchiveRequest(
            roots: [PathName(scratch("src"))], destination: PathName(scratch("a.tar.gz")),
            settings: CompressionSettings(blockSize: 16 << 10))).run()
        #expect(report.outcome == .succeeded)
        return scratch("a.tar.gz")
    }

    static func index(of path: String) throws -> ArchiveEntryIndex? {
        let file = try ReadableFile(PathName(path))
        return try ArchiveEntryIndex.read(from: file, fileSize: try file.status().size)
    }

    static func extract(_ archive: String, _ members: [String], into destination: String) -> RunReport {
        ExtractionRun(request: ExtractionRequest(
            archive: PathName(archive), destination: PathName(destination), members: members.map { PathName($0) })).run()
    }

    @Test func anIndexOfManyChunksReadsBackAsWritten() throws {
        let scratch = try TemporaryDirectory()
        var random = SplitMix64(seed: 7)
        // Random names deflate badly: several 64 KiB chunks.
        var offset: Int64 = 0
        let entries = (0..<3000).map { index -> ArchiveEntryIndex.Entry in
            let name = (0..<60).map { _ in UInt8(ascii: "a") + UInt8(random.next() % 26) }
            let header = TarHeader(
                name: name, linkName: [], typeflag: UInt8(ascii: "0"), size: Int64(index), mode: 0o644, owner: 1000, group: 100,
                modificationTime: -5 + Int64(index), ownerName: Array("user".utf8), groupName: [], headerLength: 512)
            defer { offset += header.spanLength }
            return ArchiveEntryIndex.Entry(headerOffset: offset, header: header)
        }
        let members = [ArchiveEntryIndex.Member(compressedOffset: 0, decodedOffset: 0), .init(compressedOffset: 900, decodedOffset: 70_000)]
        let index = ArchiveEntryIndex(entries: entries, members: members, decodedLength: offset + 1024, indexOffset: 1000)
        let encoded = try index.encodedMembers()
        #expect(encoded.count > 2 * ArchiveEntryIndex.chunkCapacity)
        try TreeBuilder.write([UInt8](repeating: 0, count: 1000) + encoded, to: scratch("x"))
        #expect(try Self.index(of: scratch("x")) == index)
        // Every member's header is short enough for squeeze's member walk: the archive it ends
        // stays one squeeze decodes in parallel and lists without inflating.
        try TreeBuilder.write(encoded, to: scratch("members"))
        let indexOnly = try ReadableFile(PathName(scratch("members")))
        let walk = try MemberIndexWalker(file: indexOnly, fileSize: Int64(encoded.count)).walk()
        #expect(walk?.memberCount == 4 && walk?.uncompressedBytes == 0)
        // Cut, or with a byte after it: no index.
        try TreeBuilder.write([UInt8](repeating: 0, count: 1000) + encoded.dropLast(), to: scratch("cut"))
        #expect(try Self.index(of: scratch("cut")) == nil)
        try TreeBuilder.write([UInt8](repeating: 0, count: 1000) + encoded + [0], to: scratch("longer"))
        #expect(try Self.index(of: scratch("longer")) == nil)
    }

    @Test func theIndexNamesEveryEntryWhereTheTarHasIt() throws {
        let scratch = try TemporaryDirectory()
        let archive = try Self.archive(in: scratch)
        let index = try #require(try Self.index(of: archive))
        let tar = Array(try CommandRunner.run("gzip", ["-dc", archive]).standardOutput)
        #expect(index.decodedLength == Int64(tar.count))
        #expect(index.members.count > 5)
        #expect(index.entries.map { String(decoding: $0.header.name, as: UTF8.self) }
            == (try CommandRunner.run("tar", ["-tf", "-"], input: Data(tar))).output.split(separator: "\n").map(String.init))
        for entry in index.entries {
            let outcome = tar[Int(entry.headerOffset)...].withUnsafeBytes { TarHeader.parse($0) }
            #expect(outcome == .entry(entry.header))
        }
    }

    /// GNU tar's own format keeps times where ustar keeps its name prefix (`tar -g` fills them):
    /// each header is named as `tar -t` names it, not with the times before it.
    @Test func gnuHeadersAreNamedAsTarNamesThem() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write(Array("hello\n".utf8), to: scratch("gi/a.txt"))
        try TreeBuilder.write(Array("more\n".utf8), to: scratch("gi/sub/b.txt"))
        let made = try CommandRunner.run("tar", ["--format=gnu", "-g", scratch("snap"), "-cf", scratch("x.tar"), "gi"], currentDirectory: scratch.path)
        #expect(made.status == 0, "\(made.standardError)")
        let tar = Array(try Data(contentsOf: URL(fileURLWithPath: scratch("x.tar"))))
        var names: [String] = []
        var offset = 0, timesWhereUstarHasItsPrefix = 0
        while case .entry(let header) = tar[offset...].withUnsafeBytes({ TarHeader.parse($0) }) {
            names.append(String(decoding: header.name, as: UTF8.self))
            if tar[offset + 345] != 0 { timesWhereUstarHasItsPrefix += 1 }
            offset += Int(header.spanLength)
        }
        #expect(timesWhereUstarHasItsPrefix > 0)
        let listed = try CommandRunner.run("tar", ["-tf", scratch("x.tar")]).output.split(separator: "\n").map(String.init)
        #expect(names == listed)
    }

    /// A ustar prefix that ends in a slash is joined without a second one, as libarchive joins it.
    @Test func aPrefixEndingInASlashIsJoinedWithoutAnother() throws {
        var block = [UInt8](repeating: 0, count: TarHeader.blockSize)
        func put(_ text: String, at offset: Int) { for (index, byte) in text.utf8.enumerated() { block[offset + index] = byte } }
        put("name.txt", at: 0)
        put("0000644\u{0}", at: 100)
        put("0000000\u{0}", at: 108)
        put("0000000\u{0}", at: 116)
        put("00000000000\u{0}", at: 124)
        put("14712345670\u{0}", at: 136)
        put("0", at: 156)
        put("ustar\u{0}00", at: 257)
        put("some/dir/", at: 345)
        put("        ", at: 148)
        put(String(format: "%06o\u{0} ", block.reduce(0) { $0 + Int($1) }), at: 148)
        let outcome = (block + [UInt8](repeating: 0, count: 1024)).withUnsafeBytes { TarHeader.parse($0) }
        guard case .entry(let header) = outcome else { Issue.record("\(outcome)"); return }
        #expect(String(decoding: header.name, as: UTF8.self) == "some/dir/name.txt")
    }

    /// The index is rewritten with one seeded lie at a time (an entry moved, resized, renamed,
    /// or a member moved), or the data under it damaged; extracting the entry it lies about
    /// gives the archive's bytes or none, and says the index did not match.
    @Test(arguments: 0..<24)
    func aLyingIndexNeverGivesWrongBytes(seed: UInt64) throws {
        let scratch = try TemporaryDirectory()
        let archive = try Self.archive(in: scratch)
        var index = try #require(try Self.index(of: archive))
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: archive)).prefix(Int(index.indexOffset)))
        var random = SplitMix64(seed: seed)
        let files = index.entries.indices.filter { index.entries[$0].header.size > 0 }
        let target = files[Int(random.next() % UInt64(files.count))]
        let name = String(decoding: index.entries[target].header.name, as: UTF8.self)
        switch seed % 6 {
        case 0: index.entries[target].headerOffset += 512 * Int64(1 + random.next() % 8)
        case 1: index.entries[target].headerOffset = max(0, index.entries[target].headerOffset - 512)
        case 2: index.entries[target].header.size += 1 + Int64(random.next() % 1000)
        case 3:
            // Another entry's place (an earlier one's: the entries stay in order), under this
            // one's name and size.
            let other = files.last { $0 != target && $0 < target } ?? files.first { $0 != target }!
            index.entries[target].headerOffset = index.entries[other].headerOffset
        case 4:
            // The member holding the entry's header starts later than it does (not the first,
            // which must start at 0: an index where it does not is no index, read in full unsaid).
            let holding = index.members.lastIndex { $0.decodedOffset <= index.entries[target].headerOffset }!
            index.members[max(1, holding)].decodedOffset += 1 + Int64(random.next() % 100)
        default:
            // Damage inside the member holding the entry's header.
            let member = index.members.lastIndex { $0.decodedOffset <= index.entries[target].headerOffset }!
            bytes[Int(index.members[member].compressedOffset) + 40] ^= 0x55
        }
        try TreeBuilder.write(bytes + (try index.encodedMembers()), to: scratch("lying.tar.gz"))

        let report = Self.extract(scratch("lying.tar.gz"), [name], into: scratch("out"))
        let source = try Data(contentsOf: URL(fileURLWithPath: scratch(name)))
        let extracted = try? Data(contentsOf: URL(fileURLWithPath: scratch("out/\(name)")))
        if seed % 6 == 5 {
            // The damage is found again by the full read: no file from it.
            #expect(report.outcome == .failures)
            #expect(extracted == nil || extracted == source)
        } else {
            #expect(extracted == source, "seed \(seed): \(report.failures)")
            #expect(report.warnings.contains { $0.message.contains("entry index") && $0.message.hasSuffix("read in full instead") },
                    "seed \(seed): \(report.warnings)")
        }
        #expect(TreeSnapshot(of: scratch("out")).paths.filter { $0.hasSuffix(".txt") } == (extracted == nil ? [] : [name]))
    }
}
