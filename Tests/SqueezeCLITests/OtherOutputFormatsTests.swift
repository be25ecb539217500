import Foundation
import SqueezeTestSupport
import Testing

/// `--format zlib` and `--format zip` (pigz's `-z` and `-K`) and `--single-member` (what gzip and
/// pigz write): one DEFLATE stream compressed in parallel blocks, read by the real tools.
@Suite struct OtherOutputFormatsTests {
    /// Several blocks of 256 KiB, text and random bytes.
    static func sample() -> [UInt8] {
        var data = TestData(seed: 83)
        return data.text(700_000) + data.randomBytes(100_000) + data.text(300_000)
    }

    static func python(_ script: String, _ arguments: [String], input: Data? = nil) throws -> CommandResult {
        try CommandRunner.run("python3", ["-c", script] + arguments, input: input)
    }

    @Test func zlibIsReadByPigzAndPythonWithItsAdler32() throws {
        let scratch = try TemporaryDirectory()
        let original = Self.sample()
        try TreeBuilder.write(original, to: scratch("data"))
        let made = try Squeeze.run(["compress", "--format", "zlib", "--block-size", "256KiB", "-q", scratch("data")])
        #expect(made.status == 0, "\(made.standardError)")
        let compressed = try TreeBuilder.read(scratch("data.zz"))
        // RFC 1950's header check, and zlib's own reading of the stream and its Adler-32.
        #expect((UInt16(compressed[0]) << 8 | UInt16(compressed[1])) % 31 == 0 && compressed[0] == 0x78)
        let python = try Self.python("import sys, zlib; sys.stdout.buffer.write(zlib.decompress(open(sys.argv[1], 'rb').read()))", [scratch("data.zz")])
        let pythonRead = Array(python.standardOutput) == original
        #expect(python.status == 0 && pythonRead, "\(python.standardError)")
        let pigz = try CommandRunner.run("pigz", ["-dc", scratch("data.zz")])
        let pigzRead = Array(pigz.standardOutput) == original
        #expect(pigz.status == 0 && pigzRead, "\(pigz.standardError)")
        // A damaged checksum is caught by the readers.
        var damaged = compressed
        damaged[damaged.count - 1] ^= 1
        try TreeBuilder.write(damaged, to: scratch("damaged.zz"))
        #expect(try CommandRunner.run("pigz", ["-dc", scratch("damaged.zz")]).status != 0)
        // From standard input, the same bytes.
        let filtered = try Squeeze.run(["compress", "--format", "zlib", "--block-size", "256KiB"], input: Data(original))
        #expect(Array(filtered.standardOutput) == compressed)
    }

    @Test func zipIsReadByEveryZipReaderWithItsNameTimeAndSizes() throws {
        let scratch = try TemporaryDirectory()
        let original = Self.sample()
        try TreeBuilder.write(original, to: scratch("data.bin"))
        try #require(try CommandRunner.run("touch", ["-d", "2021-03-04 05:06:08", scratch("data.bin")]).status == 0)
        let made = try Squeeze.run(["compress", "--format", "zip", "--block-size", "256KiB", "-q", scratch("data.bin")])
        #expect(made.status == 0, "\(made.standardError)")
        let zip = scratch("data.bin.zip")
        let described = try Self.python("""
            import sys, zipfile, zlib, time
            z = zipfile.ZipFile(sys.argv[1])
            assert z.testzip() is None
            (i,) = z.infolist()
            data = z.read(i)
            print(i.filename, i.date_time, i.file_size, i.CRC == zlib.crc32(data), i.compress_size < i.file_size)
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
            """, [zip])
        try #require(described.status == 0, "\(described.standardError)")
        let lines = described.standardOutput.split(separator: UInt8(ascii: "\n"), maxSplits: 1)
        #expect(String(decoding: lines[0], as: UTF8.self) == "data.bin (2021, 3, 4, 5, 6, 8) \(original.count) True True")
        let pythonRead = Array(lines[1]) == original
        #expect(pythonRead)
        // unzip, bsdtar, pigz and (its sizes being 32-bit, from a file) gzip read it too.
        for (tool, arguments) in [("unzip", ["-p", zip]), ("bsdtar", ["-xOf", zip]), ("pigz", ["-dc", zip]), ("gzip", ["-dc", zip])] {
            let read = try CommandRunner.run(tool, arguments)
            let isOriginal = Array(read.standardOutput) == original
            #expect(read.status == 0 && isOriginal, "\(tool): \(read.standardError)")
        }
        let tested = try CommandRunner.run("unzip", ["-tq", zip])
        #expect(tested.status == 0, "\(tested.output)")
        #expect(try Squeeze.run(["decompress", "-c", zip]).standardOutput == Data(original))
    }

    /// Standard input's length is known only at its end: Zip64 sizes, as pigz writes every zip,
    /// named `-` as pigz names it.
    @Test func zipOfStandardInputIsZip64AsPigzWritesIt() throws {
        let original = Self.sample()
        let made = try Squeeze.run(["compress", "--format", "zip", "--block-size", "256KiB"], input: Data(original))
        #expect(made.status == 0, "\(made.standardError)")
        let scratch = try TemporaryDirectory()
        let zip = scratch("stdin.zip")
        try made.standardOutput.write(to: URL(fileURLWithPath: zip))
        let described = try Self.python("""
            import sys, zipfile
            (i,) = zipfile.ZipFile(sys.argv[1]).infolist()
            print(i.filename, i.file_size, i.extract_version)
            """, [zip])
        #expect(described.output == "- \(original.count) 45\n", "\(described.standardError)")
        for (tool, arguments) in [("unzip", ["-p", zip]), ("bsdtar", ["-xOf", zip]), ("pigz", ["-dc", zip])] {
            let read = try CommandRunner.run(tool, arguments)
            let isOriginal = Array(read.standardOutput) == original
            #expect(read.status == 0 && isOriginal, "\(tool): \(read.standardError)")
        }
    }

    @Test func oneStreamFormatsAreTheSameBytesWhateverTheModeAndJobs() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write(Self.sample(), to: scratch("data"))
        for format in ["zlib", "zip", "gzip"] {
            var outputs: Set<Data> = []
            for (mode, jobs) in [("sequential", "1"), ("group", "2"), ("apply", "2"), ("operation", "3")] {
                let extra = format == "gzip" ? ["--single-member"] : ["--format", format]
                let result = try Squeeze.run(
                    ["compress", "-c", "--block-size", "256KiB", "--mode", mode, "-j", jobs, scratch("data")] + extra)
                #expect(result.status == 0, "\(result.standardError)")
                outputs.insert(result.standardOutput)
            }
            #expect(outputs.count == 1, "\(format)")
        }
    }

    /// squeeze's indexed members are read whole by gzip, pigz, zcat and Python's `gzip`, but a
    /// one-shot `zlib.decompress(data, 31)` stops after the first member; a `--single-member`
    /// file, like gzip's, it reads whole. The README says so.
    @Test func aOneShotZlibReaderSeesTheFirstMemberOnlyUnlessSingleMember() throws {
        let scratch = try TemporaryDirectory()
        let original = Self.sample()
        try TreeBuilder.write(original, to: scratch("data"))
        let oneShot = "import sys, zlib; print(len(zlib.decompress(open(sys.argv[1], 'rb').read(), 31)))"
        let indexed = try Squeeze.run(["compress", "-c", "--block-size", "256KiB", scratch("data")])
        try indexed.standardOutput.write(to: URL(fileURLWithPath: scratch("indexed.gz")))
        #expect(try Self.python(oneShot, [scratch("indexed.gz")]).output == "\(256 << 10)\n")
        let gzipModule = "import sys, gzip; print(len(gzip.decompress(open(sys.argv[1], 'rb').read())))"
        #expect(try Self.python(gzipModule, [scratch("indexed.gz")]).output == "\(original.count)\n")

        let single = try Squeeze.run(["compress", "-c", "--single-member", "--block-size", "256KiB", scratch("data")])
        try single.standardOutput.write(to: URL(fileURLWithPath: scratch("single.gz")))
        #expect(try Self.python(oneShot, [scratch("single.gz")]).output == "\(original.count)\n")
        // One member, no extra field: gzip -tv has nothing to say of it but OK.
        let bytes = Array(single.standardOutput)
        #expect(bytes[3] & 0x04 == 0, "FEXTRA set")
        let verbose = try CommandRunner.run("gzip", ["-tv", scratch("single.gz")])
        #expect(verbose.status == 0 && !verbose.standardError.contains("extra field"), "\(verbose.standardError)")
    }

    @Test func oneStreamOptionsRefuseOtherCodecs() throws {
        for arguments in [["--single-member", "--codec", "libdeflate"], ["--format", "zip", "--codec", "isal"], ["--format", "zlib", "--level", "11"]] {
            let result = try Squeeze.run(["compress", "-c"] + arguments, input: Data("x".utf8))
            #expect(result.status == 64, "\(arguments): \(result.standardError)")
        }
        #expect(try Squeeze.run(["archive", ".", "-o", "-", "--format", "zip"]).status == 64)
    }
}
