import Foundation
import SqueezeTestSupport
import Testing

/// The formats `gzip -d` reads besides gzip: compress (`.Z`, LZW), pack, and a zip's first entry.
/// squeeze's `decompress -c`, `test` and `list` recognize them by their first bytes, and give
/// what `gzip -dc` gives on the same file, byte for byte, with its exit status. The inputs are
/// made here by the real writers: ncompress's `compress`, Info-ZIP's `zip`, Python's `zipfile`;
/// pack files (no Debian package writes them) by `PackWriter`, checked against gzip first.
@Suite struct OtherInputFormatsTests {
    /// Text, then random bytes (the LZW table fills and compress's ratio drops, so it sends
    /// CLEAR codes in block mode), then text again.
    static func sample(seed: UInt64, size: Int = 120_000) -> [UInt8] {
        var data = TestData(seed: seed)
        return data.text(size / 2) + data.randomBytes(size / 4) + data.text(size / 4)
    }

    /// squeeze's `decompress -c` and `gzip -dc` on `path`: the same exit status, and the same bytes
    /// when gzip succeeds (gzip flushes partial output at its own buffer sizes).
    static func expectSameAsGzip(_ path: String, _ comment: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws {
        let gzip = try CommandRunner.run("gzip", ["-dc", path])
        let squeeze = try Squeeze.run(["decompress", "-c", path])
        #expect(squeeze.status == gzip.status, "\(comment) \(path): gzip \(gzip.status) \(gzip.standardError), squeeze \(squeeze.standardError)", sourceLocation: sourceLocation)
        if gzip.status != 1 {
            #expect(squeeze.standardOutput == gzip.standardOutput, "\(comment) \(path)", sourceLocation: sourceLocation)
        }
    }

    @Test func compressFilesOfEveryWidthDecodeAsGzipDecodesThem() throws {
        try #require(CommandRunner.isInstalled("compress"), "compress is not installed (scripts/bootstrap installs ncompress)")
        let scratch = try TemporaryDirectory()
        let original = Self.sample(seed: 27)
        try TreeBuilder.write(original, to: scratch("original"))
        // -C: compress 2.0's format, without block mode (no CLEAR codes).
        let variants = (9...16).map { ["-b\($0)"] } + [["-C"], ["-b12", "-C"]]
        for flags in variants {
            let made = try CommandRunner.run("compress", flags + ["-c", scratch("original")])
            try #require(made.status == 0 || made.status == 2, "compress \(flags): \(made.standardError)")
            let path = scratch("x\(flags.joined()).Z")
            try made.standardOutput.write(to: URL(fileURLWithPath: path))
            try Self.expectSameAsGzip(path, "compress \(flags)")
            // ncompress's -b9, and its -C past the first codes, write what neither gzip nor
            // uncompress reads: there squeeze fails as they do. Every other width round-trips.
            if flags != ["-b9"] && !flags.contains("-C") {
                let decoded = try Squeeze.run(["decompress", "-c", path])
                let isOriginal = Array(decoded.standardOutput) == original
                #expect(isOriginal, "compress \(flags)")
                #expect(try Squeeze.run(["test", "-q", path]).status == 0, "compress \(flags)")
            }
        }
        // A small file never fills the 9-bit table: that one reads.
        let small = try CommandRunner.run("compress", ["-b9", "-c"], input: Data("hello hello hello\n".utf8))
        try small.standardOutput.write(to: URL(fileURLWithPath: scratch("small.Z")))
        try Self.expectSameAsGzip(scratch("small.Z"))
        #expect(try Squeeze.run(["decompress", "-c", scratch("small.Z")]).output == "hello hello hello\n")
    }

    @Test func packFilesDecodeAsGzipDecodesThem() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 31)
        let inputs: [(String, [UInt8])] = [
            ("text", Self.sample(seed: 32, size: 60_000)),
            ("random", data.randomBytes(40_000)),
            ("one-byte", [UInt8](repeating: 0x61, count: 5000)),
            ("two-bytes", [0x0A, 0x0B]),
            // Skewed counts: codes of more than twelve bits, which gzip's table does not cover.
            ("skewed", (0..<20).flatMap { [UInt8](repeating: UInt8($0), count: 1 << min($0, 16)) }),
        ]
        for (name, original) in inputs {
            let path = scratch("\(name).z")
            try TreeBuilder.write(PackWriter.pack(original), to: path)
            let gzip = try CommandRunner.run("gzip", ["-dc", path])
            let isOriginal = Array(gzip.standardOutput) == original
            try #require(gzip.status == 0 && isOriginal, "PackWriter \(name): \(gzip.standardError)")
            try Self.expectSameAsGzip(path, name)
        }
        // Members after a pack member, as gzip reads them: pack, gzip, pack.
        let first = Array("first pack member\n".utf8), second = Array("a gzip member\n".utf8)
        let gzipped = try CommandRunner.run("gzip", ["-c"], input: Data(second))
        let mixed = PackWriter.pack(first) + Array(gzipped.standardOutput) + PackWriter.pack(first)
        try TreeBuilder.write(mixed, to: scratch("mixed"))
        try Self.expectSameAsGzip(scratch("mixed"))
        let mixedDecoded = Array(try Squeeze.run(["decompress", "-c", scratch("mixed")]).standardOutput)
        #expect(mixedDecoded == first + second + first)
        // The header's length must be the decoded one.
        var wrongLength = PackWriter.pack(first)
        wrongLength[5] ^= 1
        try TreeBuilder.write(wrongLength, to: scratch("wrong-length"))
        try Self.expectSameAsGzip(scratch("wrong-length"))
        #expect(try Squeeze.run(["test", scratch("wrong-length")]).standardError.contains("length error"))
    }

    @Test func aZipsFirstEntryDecodesAsGzipDecodesIt() throws {
        try #require(CommandRunner.isInstalled("zip"), "zip is not installed (scripts/bootstrap installs it)")
        let scratch = try TemporaryDirectory()
        let original = Self.sample(seed: 41, size: 200_000)
        try TreeBuilder.write(original, to: scratch("data.bin"))
        try TreeBuilder.write(Array("second\n".utf8), to: scratch("other.txt"))
        let python = """
            import sys, zipfile
            out, method = sys.argv[1], {'deflated': zipfile.ZIP_DEFLATED, 'stored': zipfile.ZIP_STORED}[sys.argv[2]]
            with zipfile.ZipFile(out, 'w', method) as z:
                z.write(sys.argv[3], 'data.bin')
            """
        for method in ["deflated", "stored"] {
            let made = try CommandRunner.run("python3", ["-c", python, scratch("python-\(method).zip"), method, scratch("data.bin")])
            try #require(made.status == 0, "\(made.standardError)")
        }
        for (name, arguments) in [
            ("info-zip.zip", ["-q", "-j", scratch("info-zip.zip"), scratch("data.bin")]),
            ("stored.zip", ["-q", "-0", "-j", scratch("stored.zip"), scratch("data.bin")]),
            ("two.zip", ["-q", "-j", scratch("two.zip"), scratch("data.bin"), scratch("other.txt")]),
            ("encrypted.zip", ["-q", "-j", "-P", "secret", scratch("encrypted.zip"), scratch("data.bin")]),
            ("bzip2.zip", ["-q", "-j", "-Z", "bzip2", scratch("bzip2.zip"), scratch("data.bin")]),
        ] {
            let made = try CommandRunner.run("zip", arguments)
            try #require(made.status == 0, "zip \(name): \(made.standardError)")
        }
        // zip writing to a pipe puts the CRC-32 and sizes in a data descriptor after the data; of
        // standard input, in a Zip64 one (8-byte sizes), which gzip misreads (a length error)
        // unless -fz- keeps it to 32 bits.
        for (name, zip64) in [("descriptor.zip", "-fz-"), ("zip64-descriptor.zip", "-fz")] {
            let piped = try CommandRunner.run(
                "sh", ["-c", "zip -q \(zip64) - - < '\(scratch("data.bin"))' | cat > '\(scratch(name))'"])
            try #require(piped.status == 0, "\(piped.standardError)")
        }
        try Self.expectSameAsGzip(scratch("zip64-descriptor.zip"))

        for name in ["python-deflated.zip", "python-stored.zip", "info-zip.zip", "stored.zip", "descriptor.zip"] {
            try Self.expectSameAsGzip(scratch(name))
            let decoded = try Squeeze.run(["decompress", "-c", scratch(name)])
            let isOriginal = Array(decoded.standardOutput) == original
            #expect(decoded.status == 0 && isOriginal, "\(name): \(decoded.standardError)")
            #expect(try Squeeze.run(["test", "-q", scratch(name)]).status == 0, "\(name)")
        }
        // More than one entry: the first, and gzip's warning (exit 2).
        try Self.expectSameAsGzip(scratch("two.zip"))
        let two = try Squeeze.run(["decompress", "-c", scratch("two.zip")])
        #expect(two.status == 2 && two.standardError.contains("more than one entry"))
        let isFirstEntry = Array(two.standardOutput) == original
        #expect(isFirstEntry)
        for name in ["encrypted.zip", "bzip2.zip"] {
            try Self.expectSameAsGzip(scratch(name))
        }
        #expect(try Squeeze.run(["test", scratch("encrypted.zip")]).standardError.contains("encrypted file -- use unzip"))
        #expect(try Squeeze.run(["test", scratch("bzip2.zip")]).standardError.contains("not deflated or stored"))
    }

    @Test func formatsAreRecognizedByTheirBytesFromAPipeToo() throws {
        try #require(CommandRunner.isInstalled("compress"), "compress is not installed (scripts/bootstrap installs ncompress)")
        let original = Self.sample(seed: 51)
        let compressed = try CommandRunner.run("compress", ["-c"], input: Data(original)).standardOutput
        let fromPipe = try Squeeze.run(["decompress", "-c", "-"], input: compressed)
        let compressedIsOriginal = Array(fromPipe.standardOutput) == original
        #expect(fromPipe.status == 0 && compressedIsOriginal, "\(fromPipe.standardError)")
        let packed = Data(PackWriter.pack(original))
        let packedIsOriginal = Array(try Squeeze.run(["decompress", "-c"], input: packed).standardOutput) == original
        #expect(packedIsOriginal)
    }

    @Test func listNamesTheFormatAndItsSize() throws {
        let scratch = try TemporaryDirectory()
        let original = Self.sample(seed: 61)
        try TreeBuilder.write(PackWriter.pack(original), to: scratch("packed"))
        let listed = try Squeeze.run(["list", "--json", "-", scratch("packed")])
        #expect(listed.status == 0, "\(listed.standardError)")
        #expect(listed.output.contains("\"format\":\"pack\""), "\(listed.output)")
        #expect(listed.output.contains("\"uncompressedBytes\":\(original.count)"), "\(listed.output)")
        // Two pack members, which the table counts as gzip's.
        try TreeBuilder.write(PackWriter.pack(original) + PackWriter.pack(original), to: scratch("twice"))
        let table = try Squeeze.run(["list", scratch("twice")])
        let row = table.output.split(separator: "\n").first { $0.hasSuffix("twice") }.map(String.init) ?? ""
        let fields = row.split(separator: " ").map(String.init)
        #expect(fields.count > 4 && [fields[0], fields[1], fields[3]] == ["\(2 * PackWriter.pack(original).count)", "\(2 * original.count)", "2"], "\(table.output)")
    }

    /// Seeded truncations and bit flips of each format: squeeze exits as gzip does on every one,
    /// and where gzip succeeds gives its bytes. A zip's CRC-32 catches damage to its data, so a
    /// damaged zip that decodes gives the original; compress and pack have no checksum, and damage
    /// there can decode to other bytes in gzip as in squeeze (the README says so).
    @Test func damagedInputsFailAsGzipFailsAndZipNeverGivesWrongBytes() throws {
        try #require(CommandRunner.isInstalled("compress"), "compress is not installed (scripts/bootstrap installs ncompress)")
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 71)
        let original = Self.sample(seed: 72, size: 40_000)
        try TreeBuilder.write(original, to: scratch("original"))
        let zipped = try CommandRunner.run("python3", ["-c", """
            import sys, zipfile
            with zipfile.ZipFile(sys.stdout.buffer, 'w', zipfile.ZIP_DEFLATED) as z: z.write(sys.argv[1], 'original')
            """, scratch("original")])
        let formats: [(String, [UInt8])] = [
            ("compress", Array(try CommandRunner.run("compress", ["-c", scratch("original")]).standardOutput)),
            ("pack", PackWriter.pack(original)),
            ("zip", Array(zipped.standardOutput)),
        ]
        for (format, intact) in formats {
            try #require(intact.count > 100, "\(format): \(zipped.standardError)")
            for index in 0..<12 {
                var damaged = intact
                if index < 4 {
                    damaged = Array(intact.prefix(data.int(in: 0...intact.count - 1)))
                } else {
                    damaged[data.int(in: 0...intact.count - 1)] ^= UInt8(1) << UInt8(data.int(in: 0...7))
                }
                let path = scratch("\(format)-\(index)")
                try TreeBuilder.write(damaged, to: path)
                try Self.expectSameAsGzip(path, format)
                if format == "zip" {
                    let decoded = try Squeeze.run(["decompress", "-c", path])
                    let isOriginal = Array(decoded.standardOutput) == original
                    #expect(decoded.status != 0 || isOriginal, "\(path)")
                }
            }
        }
    }
}
