import Foundation
import SqueezeTestSupport
import Testing

/// `decompress --write-index` and `test --write-index`: the checkpoint index a full read leaves
/// beside each file is byte for byte what `squeeze index` writes, and only for a file read whole
/// and checked; and `--rm` (gunzip's removal too) takes a source's own indexes with it, nothing else.
@Suite struct WriteIndexTests {
    /// gzip's, pigz's and two members (`CheckpointIndexTests`), a 9 MB member (three checkpoints
    /// at the default spacing), a `.tar.gz` (the index lists its entries) and a member followed by
    /// garbage (the index stops at the member's end, as `squeeze index`'s does).
    static func files(in scratch: TemporaryDirectory) throws -> [String: String] {
        var (_, files) = try CheckpointIndexTests.files(in: scratch)
        var data = TestData(seed: 38)
        try TreeBuilder.write(data.text(9_000_000), to: scratch("big"))
        try FileManager.default.createDirectory(atPath: scratch("tree"), withIntermediateDirectories: false)
        for index in 0..<40 { try TreeBuilder.write(data.text(20_000 + index), to: scratch("tree/f\(index)")) }
        for (name, command) in [
            ("big", "gzip -1 -c big > big.gz"), ("tar", "tar -czf tar.gz tree"), ("garbage", "gzip -c data > garbage.gz && printf junk >> garbage.gz"),
        ] {
            let made = try CommandRunner.run("sh", ["-c", command], currentDirectory: scratch.path)
            try #require(made.status == 0, "\(command): \(made.standardError)")
            files[name] = scratch("\(name).gz")
        }
        return files
    }

    @Test func aFullReadWritesTheIndexSqueezeIndexWrites() throws {
        let scratch = try TemporaryDirectory()
        let files = try Self.files(in: scratch)
        for (kind, path) in files.sorted(by: { $0.key < $1.key }) {
            let reference = try Squeeze.run(["index", "-o", path + ".reference", path])
            #expect(reference.status == 0, "\(kind): \(reference.standardError)")
            if kind == "big" { #expect(reference.standardError.contains(": 3 checkpoints over 9000000 decoded bytes"), "\(reference.standardError)") }
            let expected = try TreeBuilder.read(path + ".reference")
            let status: Int32 = kind == "garbage" ? 2 : 0
            for command in [["test", "--write-index", path], ["decompress", "--write-index", "-f", path], ["decompress", "-c", "--write-index", path]] {
                try? FileManager.default.removeItem(atPath: path + ".gzidx")
                let run = try Squeeze.run(command)
                #expect(run.status == status, "\(kind) \(command): \(run.standardError)")
                #expect((try? TreeBuilder.read(path + ".gzidx")) == expected, "\(kind) \(command): not squeeze index's bytes")
            }
            let decoded = try CommandRunner.run("gzip", ["-dc", path])
            #expect(Array(decoded.standardOutput) == (try TreeBuilder.read(String(path.dropLast(3)))), "\(kind)")
            // What the index is for: a range read from it, without a word of decoding from the start.
            let range = try Squeeze.run(["decompress", "-c", path, "--range", "300000:5000"])
            #expect(range.standardOutput == decoded.standardOutput.dropFirst(300_000).prefix(5000), "\(kind)")
            #expect(range.standardError.isEmpty || kind == "garbage", "\(kind): \(range.standardError)")
        }
    }

    /// In a batch, a damaged file gets neither an output nor an index; the others get both.
    @Test func aDamagedFileGetsNoIndexAndTheBatchGoesOn() throws {
        let scratch = try TemporaryDirectory()
        let files = try Self.files(in: scratch)
        try FileManager.default.createDirectory(atPath: scratch("batch"), withIntermediateDirectories: false)
        var bytes = try TreeBuilder.read(files["big"]!)
        bytes[bytes.count / 2] ^= 0x55
        try TreeBuilder.write(bytes, to: scratch("batch/bad.gz"))
        var cut = try TreeBuilder.read(files["pigz"]!)
        cut.removeLast(3)
        try TreeBuilder.write(cut, to: scratch("batch/cut.gz"))
        try FileManager.default.copyItem(atPath: files["two"]!, toPath: scratch("batch/two.gz"))
        for command in ["test", "decompress"] {
            let run = try Squeeze.run([command, "--write-index", scratch("batch")])
            #expect(run.status == 1, "\(command): \(run.standardError)")
            #expect(run.standardError.contains("bad.gz: invalid compressed data"), "\(command): \(run.standardError)")
            #expect(run.standardError.contains("cut.gz: unexpected end of file"), "\(command): \(run.standardError)")
            let left = try FileManager.default.contentsOfDirectory(atPath: scratch("batch")).sorted()
            #expect(left == (command == "test" ? ["bad.gz", "cut.gz", "two.gz", "two.gz.gzidx"] : ["bad.gz", "cut.gz", "two", "two.gz", "two.gz.gzidx"]), "\(command)")
        }
        // An index that cannot be written fails its file whole: no output either.
        try FileManager.default.createDirectory(atPath: scratch("gzip.gz.gzidx"), withIntermediateDirectories: false)
        let blocked = try Squeeze.run(["decompress", "--write-index", files["gzip"]!])
        #expect(blocked.status == 1)
        #expect(blocked.standardError.contains("gzip.gz.gzidx' exists and is not a regular file: not replaced"), "\(blocked.standardError)")
        #expect(!FileManager.default.fileExists(atPath: scratch("gzip")))
    }

    /// squeeze's own files seek through their members and get no index; standard input has no
    /// place for one, and `--rm` would take the source the index is beside: both refused.
    @Test func squeezesOwnFilesGetNoneAndStandardInputAndRmAreRefused() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 39)
        try TreeBuilder.write(data.text(3_000_000), to: scratch("own"))
        #expect(try Squeeze.run(["compress", "-q", scratch("own")]).status == 0)
        let own = try Squeeze.run(["test", "--write-index", scratch("own.gz")])
        #expect(own.status == 0, "\(own.standardError)")
        #expect(!FileManager.default.fileExists(atPath: scratch("own.gz.gzidx")))

        let input = try Squeeze.run(["test", "--write-index", "-"], input: Data(try TreeBuilder.read(scratch("own.gz"))))
        #expect(input.status == 64)
        #expect(input.standardError.contains("--write-index writes an index beside each file named: standard input has no place for one"))
        let removing = try Squeeze.run(["decompress", "--write-index", "--rm", scratch("own.gz")])
        #expect(removing.status == 64)
        #expect(removing.standardError.contains("which --rm removes"), "\(removing.standardError)")
        #expect(FileManager.default.fileExists(atPath: scratch("own.gz")))
    }

    /// `decompress --rm` and gunzip remove a source's indexes that squeeze wrote for that very
    /// file (indexed_gzip's and gztool's formats); a stale index, and a `.gzi` that is no index of
    /// it (bgzip's name for its own), stay.
    @Test func removingASourceRemovesItsOwnIndexesOnly() throws {
        let scratch = try TemporaryDirectory()
        _ = try CheckpointIndexTests.files(in: scratch)
        for name in ["gzip", "pigz", "two"] {
            try CheckpointIndexTests.index(scratch("\(name).gz"))
            try CheckpointIndexTests.index(scratch("\(name).gz"), ["--format", "gztool"])
        }
        // two.gz changes after its indexes were built: they are of another file now.
        let changed = try CommandRunner.run("sh", ["-c", "gzip -1 -c data > two.gz && printf 'not an index' > pigz.gzi"], currentDirectory: scratch.path)
        #expect(changed.status == 0)
        let removed = try Squeeze.run(["decompress", "--rm", scratch("gzip.gz"), scratch("pigz.gz"), scratch("two.gz")])
        #expect(removed.status == 0, "\(removed.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted()
            == ["data", "gzip", "pigz", "pigz.gzi", "two", "two.gz.gzidx", "two.gzi"])

        let gunzip = try GzipCommandTests.shell(
            #"gzip -c data > g.gz && "$SQ" index -q g.gz && "$BIN/gunzip" g.gz && ls"#, in: scratch.path)
        #expect(gunzip.status == 0, "\(gunzip.standardError)")
        #expect(!gunzip.output.contains("g.gz"), "\(gunzip.output)")
    }
}
