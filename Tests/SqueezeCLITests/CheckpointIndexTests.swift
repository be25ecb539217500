import Foundation
import SqueezeTestSupport
import Testing

/// `squeeze index FILE.gz` and `decompress --range` through the index it writes (FILE.gz.gzidx),
/// for gzip files without member lengths: the bytes the real tools give, a stale index set
/// aside, a lying one never yielding a wrong byte, and indexed_gzip's format read and written
/// both ways with the real indexed_gzip and rapidgzip.
@Suite struct CheckpointIndexTests {
    /// gzip's, pigz's and two gzip members one after the other, of the same data as `RangeReadTests`.
    static func files(in scratch: TemporaryDirectory) throws -> (original: [UInt8], files: [String: String]) {
        var data = TestData(seed: 31)
        let original = data.text(300_000) + data.randomBytes(100_000) + data.text(90_000)
        try TreeBuilder.write(original, to: scratch("data"))
        var files: [String: String] = [:]
        for (name, command) in [
            ("gzip", "gzip -6 -c data > gzip.gz"), ("pigz", "pigz -c data > pigz.gz"),
            ("two", "head -c 250000 data | gzip -1 > two.gz && tail -c +250001 data | gzip -9 >> two.gz"),
        ] {
            let made = try CommandRunner.run("sh", ["-c", command], currentDirectory: scratch.path)
            try #require(made.status == 0, "\(command): \(made.standardError)")
            files[name] = scratch("\(name).gz")
        }
        return (original, files)
    }

    static func index(_ path: String, _ extra: [String] = []) throws {
        let indexed = try Squeeze.run(["index", "--spacing", "64K", path] + extra)
        #expect(indexed.status == 0, "\(indexed.standardError)")
        #expect(indexed.standardError.contains("checkpoints over 490000 decoded bytes"), "\(indexed.standardError)")
    }

    @Test func rangesThroughTheIndexAreWhatTheRealToolsGive() throws {
        let scratch = try TemporaryDirectory()
        let (_, files) = try Self.files(in: scratch)
        for (kind, path) in files.sorted(by: { $0.key < $1.key }) {
            try Self.index(path)
            #expect(FileManager.default.fileExists(atPath: path + ".gzidx"))
            for range in RangeReadTests.ranges + ["249990:20", "65536:65536", "0:1", "489999:"] {
                let result = try Squeeze.run(["decompress", "-c", path, "--range", range])
                #expect(result.status == 0, "\(kind) \(range): \(result.standardError)")
                #expect(result.standardOutput == (try RangeReadTests.expected(path, range)), "\(kind) \(range)")
                #expect(result.standardError.isEmpty, "\(kind) \(range): the index is used: \(result.standardError)")
            }
            let several = try Squeeze.run(["decompress", "-c", path, "--range", "400000:100", "--range", "5:5", "--range", "200000:100000"])
            #expect(several.status == 0)
            #expect(several.standardOutput == (try ["400000:100", "5:5", "200000:100000"].reduce(into: Data()) { $0 += try RangeReadTests.expected(path, $1) }))
        }
    }

    /// The file changed after its index was built: its size (or, for squeeze's, modification
    /// time) tells, the index is set aside with a notice, and the bytes come from the start.
    @Test func aStaleIndexIsSetAside() throws {
        let scratch = try TemporaryDirectory()
        let (_, files) = try Self.files(in: scratch)
        let path = files["gzip"]!
        try Self.index(path)
        let touched = try CommandRunner.run("touch", ["-d", "2001-02-03 04:05:06", path])
        #expect(touched.status == 0)
        let result = try Squeeze.run(["decompress", "-c", path, "--range", "300000:1000"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("gzip.gz.gzidx is stale (the file was modified after it was built): not used"), "\(result.standardError)")
        #expect(result.standardError.contains("decoding from the start"), "\(result.standardError)")
        #expect(result.standardOutput == (try RangeReadTests.expected(path, "300000:1000")))

        // Another file of another size under the same name.
        let replaced = try CommandRunner.run("sh", ["-c", "gzip -1 -c data > gzip.gz"], currentDirectory: scratch.path)
        #expect(replaced.status == 0)
        let other = try Squeeze.run(["decompress", "-c", path, "--range", "300000:1000"])
        #expect(other.status == 0)
        #expect(other.standardError.contains("is stale (it is of a file of"), "\(other.standardError)")
        #expect(other.standardOutput == (try RangeReadTests.expected(path, "300000:1000")))
    }

    /// Something else under the index's name (a directory) is passed by with a notice.
    @Test func aDirectoryUnderTheIndexNameIsPassedBy() throws {
        let scratch = try TemporaryDirectory()
        let (_, files) = try Self.files(in: scratch)
        let path = files["pigz"]!
        try FileManager.default.createDirectory(atPath: path + ".gzidx", withIntermediateDirectories: false)
        let result = try Squeeze.run(["decompress", "-c", path, "--range", "300000:1000"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("pigz.gz.gzidx cannot be read"), "\(result.standardError)")
        #expect(result.standardOutput == (try RangeReadTests.expected(path, "300000:1000")))
    }

    /// An index that does not stale-check as changed but lies (a window altered; the file's data
    /// altered with its size and time kept): the read fails, naming the cause, and writes none
    /// of the bytes of the span it could not check.
    @Test func aLyingIndexNeverGivesWrongBytes() throws {
        let scratch = try TemporaryDirectory()
        let (_, files) = try Self.files(in: scratch)
        let path = files["gzip"]!
        try Self.index(path)
        let intactIndex = try TreeBuilder.read(path + ".gzidx")
        var index = intactIndex
        // The third window's last bytes (text, so not zero): the span before checkpoint 3 fails.
        let count = Int(index[31]) | Int(index[32]) << 8
        let windows = 35 + 18 * count
        for offset in (windows + 3 * 32768 - 100)..<(windows + 3 * 32768) { index[offset] ^= 0x20 }
        try TreeBuilder.write(index, to: path + ".gzidx")
        let lied = try Squeeze.run(["decompress", "-c", path, "--range", "0:"])
        #expect(lied.status == 1)
        #expect(lied.standardError.contains("the index does not match the file (the window of checkpoint 3"), "\(lied.standardError)")
        let expected = try RangeReadTests.expected(path, "0:")
        #expect(expected.starts(with: lied.standardOutput) && lied.standardOutput.count < expected.count)

        // The index intact, the file's data changed in the middle, its size and times kept.
        try TreeBuilder.write(intactIndex, to: path + ".gzidx")
        var bytes = try TreeBuilder.read(path)
        bytes[bytes.count / 2] ^= 0x01
        try TreeBuilder.write(bytes, to: scratch("altered.gz"))
        #expect(try CommandRunner.run("touch", ["-r", path, scratch("altered.gz")]).status == 0)
        #expect(try CommandRunner.run("mv", [scratch("altered.gz"), path]).status == 0)
        let altered = try Squeeze.run(["decompress", "-c", path, "--range", "0:"])
        #expect(altered.status == 1)
        #expect(
            altered.standardError.contains("the index does not match the file") || altered.standardError.contains("invalid compressed data"),
            "\(altered.standardError)")
        #expect(expected.starts(with: altered.standardOutput) && altered.standardOutput.count < expected.count)
    }

    /// A damaged file gets no index (and leaves nothing behind); only a regular file is replaced.
    @Test func noIndexOfADamagedFileNorOverAnythingButAFile() throws {
        let scratch = try TemporaryDirectory()
        let (_, files) = try Self.files(in: scratch)
        var bytes = try TreeBuilder.read(files["gzip"]!)
        bytes[bytes.count - 6] ^= 0xFF  // in the trailer's CRC
        try TreeBuilder.write(bytes, to: scratch("bad.gz"))
        let damaged = try Squeeze.run(["index", scratch("bad.gz")])
        #expect(damaged.status == 1)
        #expect(damaged.standardError.contains("bad.gz: invalid compressed data--crc error"), "\(damaged.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["bad.gz", "data", "gzip.gz", "pigz.gz", "two.gz"])

        try FileManager.default.createDirectory(atPath: files["pigz"]! + ".gzidx", withIntermediateDirectories: false)
        let refused = try Squeeze.run(["index", files["pigz"]!])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("pigz.gz.gzidx' exists and is not a regular file: not replaced"), "\(refused.standardError)")
    }

    /// indexed_gzip and rapidgzip (PyPI, in the venv `scripts/index-venv` makes) read squeeze's
    /// index and give the file's bytes at random offsets; squeeze reads theirs (`--index`).
    @Test func indexedGzipAndRapidgzipReadSqueezesIndexesAndSqueezeReadsTheirs() throws {
        let venv = ProcessInfo.processInfo.environment["SQUEEZE_INDEX_VENV"] ?? "/var/tmp/squeeze-index-venv"
        let python = venv + "/bin/python"
        try #require(FileManager.default.isExecutableFile(atPath: python), "no \(python): scripts/bootstrap makes it (scripts/index-venv)")
        let scratch = try TemporaryDirectory()
        let (original, files) = try Self.files(in: scratch)
        let script = """
            import indexed_gzip, rapidgzip, random, sys
            gz, index, data = sys.argv[1], sys.argv[2], open(sys.argv[3], 'rb').read()
            offsets = random.Random(7).sample(range(len(data)), 300)
            with indexed_gzip.IndexedGzipFile(gz, index_file=index) as f:
                for o in offsets:
                    f.seek(o); assert f.read(700) == data[o:o + 700], ('indexed_gzip', o)
            with rapidgzip.open(gz, parallelization=1) as f:
                f.import_index(open(index, 'rb'))
                for o in offsets:
                    f.seek(o); assert f.read(700) == data[o:o + 700], ('rapidgzip', o)
            with indexed_gzip.IndexedGzipFile(gz, spacing=65536) as f:
                f.build_full_index(); f.export_index(gz + '.igz')
            with rapidgzip.open(gz, parallelization=1) as f:
                f.export_index(open(gz + '.rgz', 'wb'))
            print('read', len(offsets))
            """
        try Data(script.utf8).write(to: URL(fileURLWithPath: scratch("check.py")))
        for (kind, path) in files.sorted(by: { $0.key < $1.key }) {
            try Self.index(path)
            let checked = try CommandRunner.run(python, [scratch("check.py"), path, path + ".gzidx", scratch("data")])
            #expect(checked.status == 0, "\(kind): \(checked.standardError)")
            #expect(checked.standardOutput == Data("read 300\n".utf8), "\(kind)")
            for theirs in [path + ".igz", path + ".rgz"] {
                for range in ["0:10", "131072:65536", "300000:100000", "489990:"] {
                    let result = try Squeeze.run(["decompress", "-c", path, "--index", theirs, "--range", range])
                    #expect(result.status == 0, "\(kind) \(theirs) \(range): \(result.standardError)")
                    #expect(result.standardError.isEmpty, "\(kind) \(theirs): \(result.standardError)")
                    let start = Int(range.split(separator: ":")[0])!
                    let length = range.hasSuffix(":") ? original.count - start : Int(range.split(separator: ":")[1])!
                    #expect(Array(result.standardOutput) == Array(original[start..<(start + length)]), "\(kind) \(theirs) \(range)")
                }
            }
        }
    }
}
