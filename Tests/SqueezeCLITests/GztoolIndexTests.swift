import Foundation
import SqueezeTestSupport
import Testing

/// gztool's index format, both ways with the real gztool (and rapidgzip, which reads and writes
/// it too): gztool's indexes used by `squeeze decompress --range` (found under gztool's own name,
/// FILE.gzi), squeeze's (`squeeze index --format gztool`) used by `gztool -b`/`-L` and by
/// rapidgzip's `--import-index`, and the stale or lying ones that must never give wrong bytes.
@Suite(.enabled(if: CommandRunner.isInstalled("gztool"), "needs gztool (scripts/bootstrap installs it)"))
struct GztoolIndexTests {
    /// 3.4 MB, so that gztool's smallest spacing (1 MiB) makes several checkpoints: text, random
    /// bytes (stored blocks), text.
    static func original(in scratch: TemporaryDirectory) throws -> [UInt8] {
        var data = TestData(seed: 37)
        let original = data.text(2_000_000) + data.randomBytes(200_000) + data.text(1_200_000)
        try TreeBuilder.write(original, to: scratch("data"))
        return original
    }

    static func make(_ command: String, in scratch: TemporaryDirectory) throws {
        let made = try CommandRunner.run("sh", ["-c", command], currentDirectory: scratch.path)
        try #require(made.status == 0, "\(command): \(made.standardError)")
    }

    /// Offsets all over the data: seeded random ones, and the edges.
    static func ranges(_ count: Int) -> [(start: Int, length: Int)] {
        var generator = TestData(seed: 31)
        let random = (0..<40).map { _ in (Int(generator.next() % UInt64(count)), 1 + Int(generator.next() % 200_000)) }
        return random + [(0, 1), (0, 70_000), (1_048_570, 20), (count - 1, 1), (count - 5_000, 5_000)]
    }

    static func checkRanges(_ path: String, _ original: [UInt8], extra: [String] = [], what: String) throws {
        for (start, length) in ranges(original.count) {
            let result = try Squeeze.run(["decompress", "-c", path, "--range", "\(start):\(length)"] + extra)
            #expect(result.status == 0, "\(what) \(start):\(length): \(result.standardError)")
            // No notice: the index was used, not a decode from the start.
            #expect(result.standardError.isEmpty, "\(what) \(start):\(length): \(result.standardError)")
            #expect(Array(result.standardOutput) == Array(original[start..<min(original.count, start + length)]), "\(what) \(start):\(length)")
        }
    }

    /// gztool's own indexes, found as FILE.gzi: of a gzip -6 member, of two members, of a BGZF
    /// file (windows shorter than 32 KiB), with and without lines, and of the file gztool
    /// compresses itself (`-c`: checkpoints after full flushes, without windows).
    @Test func gztoolsIndexesAreReadBySqueeze() throws {
        let scratch = try TemporaryDirectory()
        let original = try Self.original(in: scratch)
        for command in [
            "gzip -6 -c data > one.gz && gztool -s 1 -i one.gz",
            "head -c 1500000 data | gzip -1 > two.gz && tail -c +1500001 data | gzip -9 >> two.gz && gztool -z -s 1 -i two.gz",
            "bgzip -c data > bgzf.gz && gztool -s 1 -i bgzf.gz",
            "cp data flushed && gztool -s 1 -c flushed",
        ] {
            try Self.make(command, in: scratch)
        }
        for name in ["one", "two", "flushed"] {
            #expect(FileManager.default.fileExists(atPath: scratch("\(name).gzi")), "gztool wrote no \(name).gzi")
            try Self.checkRanges(scratch("\(name).gz"), original, what: name)
        }
        // BGZF seeks through its members' lengths; named, gztool's index serves past them all the same.
        try Self.checkRanges(scratch("bgzf.gz"), original, extra: ["--index", scratch("bgzf.gzi")], what: "bgzf")

        // bgzip's own index has gztool's name for a file not named .gz: passed by in silence.
        try Self.make("bgzip -i -I data.bgz.gzi -c data > data.bgz && test -f data.bgz.gzi && gzip -c data > plain.bgz && cp data.bgz.gzi plain.bgz.gzi", in: scratch)
        for name in ["data.bgz", "plain.bgz"] {
            let result = try Squeeze.run(["decompress", "-c", scratch(name), "--range", "3000000:100"])
            #expect(result.status == 0 && Array(result.standardOutput) == Array(original[3_000_000..<3_000_100]), "\(name): \(result.standardError)")
            #expect(!result.standardError.contains("index"), "\(name): \(result.standardError)")
        }
    }

    /// squeeze's index in gztool's format: gztool extracts from byte and line positions through
    /// it without rebuilding it, lists it as complete, and rapidgzip imports it.
    @Test func gztoolAndRapidgzipReadSqueezesIndex() throws {
        let scratch = try TemporaryDirectory()
        let original = try Self.original(in: scratch)
        try Self.make("gzip -6 -c data > one.gz && head -c 1500000 data | gzip -1 > two.gz && tail -c +1500001 data | gzip -9 >> two.gz", in: scratch)
        for name in ["one", "two"] {
            let path = scratch("\(name).gz")
            let indexed = try Squeeze.run(["index", "--format", "gztool", "--spacing", "256K", path])
            #expect(indexed.status == 0, "\(indexed.standardError)")
            #expect(indexed.standardError.contains("\(name).gzi: 8 checkpoints over 3400000 decoded bytes"), "\(indexed.standardError)")
            let index = try TreeBuilder.read(scratch("\(name).gzi"))
            #expect(Array(index[0..<16]) == [UInt8](repeating: 0, count: 8) + Array("gzipindX".utf8))
            for (start, length) in Self.ranges(original.count).prefix(20) {
                // -W: gztool must use the index as it is, not write one of its own.
                let result = try CommandRunner.run("gztool", ["-W", "-v", "0", "-b", "\(start)", "-r", "\(length)", path])
                #expect(result.status == 0, "\(name) \(start): \(result.standardError)")
                #expect(Array(result.standardOutput) == Array(original[start..<min(original.count, start + length)]), "gztool -b \(start) \(name)")
            }
            let lines = original.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            let line = lines.count * 3 / 4
            let byLine = try CommandRunner.run("gztool", ["-W", "-v", "0", "-L", "\(line)", "-R", "2", path])
            #expect(byLine.status == 0, "\(byLine.standardError)")
            #expect(Array(byLine.standardOutput) == Array(lines[line - 1]) + [10] + Array(lines[line]) + [10], "gztool -L \(line) \(name)")
            let listed = try CommandRunner.run("gztool", ["-l", path])
            let listing = listed.standardError + String(decoding: listed.standardOutput, as: UTF8.self)
            // Lines as gztool counts them: its newlines (at least one).
            let lineCount = max(1, original.count(where: { $0 == 10 }))
            #expect(listing.contains("Number of index points   : 8") && listing.contains("Number of lines          : \(lineCount) "), "\(listing)")
            #expect(try TreeBuilder.read(scratch("\(name).gzi")) == index, "gztool changed squeeze's index")

            let venv = ProcessInfo.processInfo.environment["SQUEEZE_INDEX_VENV"] ?? "/var/tmp/squeeze-index-venv"
            try #require(FileManager.default.isExecutableFile(atPath: venv + "/bin/rapidgzip"), "no \(venv)/bin/rapidgzip: scripts/bootstrap makes it (scripts/index-venv)")
            let imported = try CommandRunner.run(venv + "/bin/rapidgzip", ["--import-index", scratch("\(name).gzi"), "-P", "2", "-d", "-c", path])
            #expect(imported.status == 0, "\(imported.standardError)")
            #expect(Array(imported.standardOutput) == original, "rapidgzip --import-index \(name).gzi")
        }
    }

    /// With one checkpoint (no window to compress, where zlib's and libdeflate's bytes would
    /// differ), squeeze's index is gztool's byte for byte up to squeeze's addition: lines and all.
    @Test(arguments: ["", "a", "a\nb\nc", "a\nb\nc\n", "\n\n"])
    func aOneCheckpointIndexIsGztoolsByteForByte(text: String) throws {
        let scratch = try TemporaryDirectory()
        // The text last: whether the data ends with a newline changes gztool's count of lines.
        try TreeBuilder.write((text.isEmpty ? [] : Array(String(repeating: "line\n", count: 50_000).utf8)) + Array(text.utf8), to: scratch("data"))
        try Self.make("gzip -c data > theirs.gz && cp theirs.gz ours.gz && gztool -i theirs.gz", in: scratch)
        let indexed = try Squeeze.run(["index", "-q", "--format", "gztool", scratch("ours.gz")])
        #expect(indexed.status == 0, "\(indexed.standardError)")
        let theirs = try TreeBuilder.read(scratch("theirs.gzi")), ours = try TreeBuilder.read(scratch("ours.gzi"))
        #expect(Array(ours.prefix(theirs.count)) == theirs && Array(ours.dropFirst(theirs.count).prefix(6)) == Array("SQZIDX".utf8))
    }

    /// rapidgzip's export in gztool's format (with its sparse windows: bytes never referred to
    /// are zeros) read by squeeze.
    @Test func squeezeReadsRapidgzipsGztoolIndex() throws {
        let venv = ProcessInfo.processInfo.environment["SQUEEZE_INDEX_VENV"] ?? "/var/tmp/squeeze-index-venv"
        try #require(FileManager.default.isExecutableFile(atPath: venv + "/bin/rapidgzip"), "no \(venv)/bin/rapidgzip: scripts/bootstrap makes it (scripts/index-venv)")
        let scratch = try TemporaryDirectory()
        let original = try Self.original(in: scratch)
        try Self.make("gzip -6 -c data > one.gz", in: scratch)
        for format in ["gztool", "gztool-with-lines"] {
            let exported = try CommandRunner.run(
                venv + "/bin/rapidgzip", ["--index-format", format, "--export-index", scratch("\(format).gzi"), "-d", "-o", "/dev/null", "-f", scratch("one.gz")])
            #expect(exported.status == 0, "\(exported.standardError)")
            try Self.checkRanges(scratch("one.gz"), original, extra: ["--index", scratch("\(format).gzi")], what: format)
        }
    }

    /// A gztool index that no longer describes its file, or says what is not so: set aside when
    /// squeeze's addition tells it is stale; otherwise the read fails, naming the cause, and no
    /// byte it could not check is written.
    @Test func aStaleOrLyingGztoolIndexNeverGivesWrongBytes() throws {
        let scratch = try TemporaryDirectory()
        let original = try Self.original(in: scratch)
        try Self.make("gzip -6 -c data > one.gz && gztool -s 1 -i one.gz", in: scratch)
        let path = scratch("one.gz")
        let tail = Array(original[3_000_000...])

        // gztool's own index, of another file (the same data at another level): no size recorded to
        // tell, so the decode through it finds out.
        let gztools = try TreeBuilder.read(scratch("one.gzi"))
        try Self.make("gzip -1 -c data > other.gz && cp one.gzi other.gzi", in: scratch)
        let other = try Squeeze.run(["decompress", "-c", scratch("other.gz"), "--range", "3000000:"])
        #expect(other.status == 1)
        #expect(other.standardError.contains("the index does not match the file") || other.standardError.contains("invalid compressed data"), "\(other.standardError)")
        #expect(tail.starts(with: other.standardOutput) && other.standardOutput.count < tail.count)

        // An incomplete one (gztool was interrupted, "have" 0): set aside, the bytes from the start.
        var incomplete = gztools
        incomplete.replaceSubrange(20..<28, with: [UInt8](repeating: 0, count: 8))
        try TreeBuilder.write(incomplete, to: scratch("one.gzi"))
        let setAside = try Squeeze.run(["decompress", "-c", path, "--range", "3000000:"])
        #expect(setAside.status == 0)
        #expect(setAside.standardError.contains("one.gzi is not a usable index: gztool's index is incomplete"), "\(setAside.standardError)")
        #expect(Array(setAside.standardOutput) == tail)

        // squeeze's, of a file modified since: its addition tells.
        let indexed = try Squeeze.run(["index", "--format", "gztool", "--spacing", "256K", path])
        #expect(indexed.status == 0, "\(indexed.standardError)")
        let squeezes = try TreeBuilder.read(scratch("one.gzi"))
        #expect(try CommandRunner.run("touch", ["-d", "2001-02-03 04:05:06", path]).status == 0)
        let stale = try Squeeze.run(["decompress", "-c", path, "--range", "3000000:"])
        #expect(stale.status == 0)
        #expect(stale.standardError.contains("index \(path.dropLast(3)).gzi is stale (the file was modified after it was built): not used"), "\(stale.standardError)")
        #expect(Array(stale.standardOutput) == tail)

        // squeeze's, its windows swapped (each still a good zlib stream): the spans' CRC-32s and
        // the windows a decode reaches tell.
        _ = try Squeeze.run(["index", "--format", "gztool", "--spacing", "256K", path])
        let points = try Self.points(of: try TreeBuilder.read(scratch("one.gzi")))
        var swapped = try TreeBuilder.read(scratch("one.gzi"))
        let (a, b) = (points[5], points[6])
        let first = Array(swapped[a.window]), second = Array(swapped[b.window])
        swapped.replaceSubrange(b.window, with: first)
        swapped.replaceSubrange((b.window.lowerBound - 4)..<b.window.lowerBound, with: Self.bigEndian(UInt32(first.count)))
        swapped.replaceSubrange(a.window, with: second)
        swapped.replaceSubrange((a.window.lowerBound - 4)..<a.window.lowerBound, with: Self.bigEndian(UInt32(second.count)))
        try TreeBuilder.write(swapped, to: scratch("one.gzi"))
        // From before checkpoint 5: the decode reaches it, with a window that is not its own.
        let start = a.decoded - 1_000
        let expected = Array(original[start...])
        let lied = try Squeeze.run(["decompress", "-c", path, "--range", "\(start):"])
        #expect(lied.status == 1)
        #expect(lied.standardError.contains("the index does not match the file"), "\(lied.standardError)")
        #expect(expected.starts(with: lied.standardOutput) && lied.standardOutput.count < expected.count)
        #expect(squeezes.count == swapped.count)
    }

    /// A GNU tar `.tar.gz` indexed in gztool's format: `list` and `extract PATH` use its entries
    /// (after squeeze's addition, in ARCHIVE.tar.gzi, gztool's name), and gztool reads the same file.
    @Test func anArchiveIndexedInGztoolsFormatIsListedAndExtractedThroughIt() throws {
        let scratch = try TemporaryDirectory()
        try EveryKindTree.make(at: scratch("tree"), largeFileSize: 300_000)
        let archive = scratch("gnu.tar.gz")
        try Self.make("tar -czf gnu.tar.gz tree && tar -xzf gnu.tar.gz -O tree/small.txt > small.expected && gzip -dc gnu.tar.gz > gnu.tar", in: scratch)
        let indexed = try Squeeze.run(["index", "--format", "gztool", "--spacing", "64K", archive])
        #expect(indexed.status == 0 && indexed.standardError.contains("gnu.tar.gzi: ") && indexed.standardError.contains(" archive entries, "), "\(indexed.standardError)")
        let listed = try Squeeze.run(["list", archive, "--json", "-", "-q"])
        #expect(listed.status == 0, "\(listed.standardError)")
        #expect(listed.output.contains(#""sizeSource":"index""#) || listed.output.contains(#""sizeSource" : "index""#), "\(listed.output)")
        let extracted = try Squeeze.run(["extract", archive, "-C", scratch("out"), "-q", "tree/small.txt"])
        #expect(extracted.status == 0 && extracted.standardError.isEmpty, "\(extracted.standardError)")
        #expect(try TreeBuilder.read(scratch("out/tree/small.txt")) == (try TreeBuilder.read(scratch("small.expected"))))
        let tar = try TreeBuilder.read(scratch("gnu.tar"))
        let fromGztool = try CommandRunner.run("gztool", ["-W", "-v", "0", "-b", "100000", "-r", "5000", archive])
        #expect(fromGztool.status == 0 && Array(fromGztool.standardOutput) == Array(tar[100_000..<105_000]), "\(fromGztool.standardError)")
    }

    /// Where each checkpoint's stored window lies in a gztool index with lines.
    static func points(of index: [UInt8]) throws -> [(decoded: Int, window: Range<Int>)] {
        func number(_ at: Int, _ size: Int) -> Int { index[at..<(at + size)].reduce(0) { $0 << 8 | Int($1) } }
        var position = 16 + 4 + 16, points: [(Int, Range<Int>)] = []
        for _ in 0..<number(20, 8) {
            let length = number(position + 20, 4)
            points.append((number(position, 8), (position + 24)..<(position + 24 + length)))
            position += 24 + length + 8
        }
        return points
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
}
