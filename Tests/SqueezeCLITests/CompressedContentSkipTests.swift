import Foundation
import SqueezeTestSupport
import Testing

/// Files whose content is compressed already, made by the real tools (xz, bzip2, zstd), Python's
/// zlib (a PNG) and zipfile, are passed by and reported with their format, whatever their name,
/// one of them large enough to be split (and, under `--rsyncable`, to be one work item cut by
/// content); `--recompress` compresses them; gzip's names compress
/// whatever they are given, as gzip does.
@Suite struct CompressedContentSkipTests {
    static func makeTree(_ scratch: TemporaryDirectory) throws {
        var data = TestData(seed: 3)
        try TreeBuilder.write(data.text(50_000), to: scratch("tree/notes.txt"))
        try TreeBuilder.write(data.text(30_000), to: scratch("tree/report.pdf.txt"))
        try TreeBuilder.write(data.randomBytes(3_000_000), to: scratch("tree/big.raw"))
        let made = try CommandRunner.run("bash", ["-c", """
            set -e
            cd tree
            xz -0 -c notes.txt > notes.xz
            xz -0 -T1 -c big.raw > big.raw.xz
            bzip2 -c notes.txt > notes.bz2
            zstd -q -c notes.txt > notes.zst
            gzip -c notes.txt > renamed.bin
            python3 - <<'PY'
            import struct, zlib, zipfile
            def chunk(kind, body):
                return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
            rows = b"".join(b"\\0" + bytes((x * y) & 255 for x in range(64)) for y in range(64))
            png = b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 64, 64, 8, 0, 0, 0, 0)) \\
                + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
            open("picture", "wb").write(png)
            with zipfile.ZipFile("bundle.zip", "w", zipfile.ZIP_DEFLATED) as archive:
                archive.write("notes.txt")
            PY
            """], currentDirectory: scratch.path)
        #expect(made.status == 0, "\(made.standardError)")
    }

    static let compressed = ["big.raw.xz": "xz", "bundle.zip": "zip", "notes.bz2": "bzip2", "notes.xz": "xz", "notes.zst": "zstd", "picture": "PNG", "renamed.bin": "gzip"]

    @Test(.enabled(if: CommandRunner.isInstalled("zstd"), "needs zstd"), arguments: [["--mode", "apply"], ["--mode", "sequential"], ["--rsyncable"]])
    func compressedContentIsPassedByWithItsFormat(scheduling: [String]) throws {
        let scratch = try TemporaryDirectory()
        try Self.makeTree(scratch)
        let result = try Squeeze.run(["compress", "tree", "-v", "--json", "r.json"] + scheduling, currentDirectory: scratch.path)
        #expect(result.status == 0, "skips are not warnings: \(result.standardError)")
        for (name, format) in Self.compressed {
            #expect(result.standardError.contains("skipped tree/\(name): already compressed: its content is \(format) (--recompress compresses it anyway)")
                || result.output.contains("skipped tree/\(name): already compressed: its content is \(format) (--recompress compresses it anyway)"),
                "\(name): \(result.output)\(result.standardError)")
        }
        #expect(result.output.contains("3 files done"), "\(result.output)")
        #expect(result.output.contains("skipped: 7 already compressed"), "\(result.output)")
        let outputs = TreeBuilder.files(under: scratch("tree")).filter { $0.hasSuffix(".gz") }
        #expect(outputs == ["big.raw.gz", "notes.txt.gz", "report.pdf.txt.gz"])

        let again = try Squeeze.run(["compress", "tree", "--recompress", "-q"] + scheduling, currentDirectory: scratch.path)
        #expect(again.status == 0, "\(again.standardError)")
        for name in Self.compressed.keys {
            let decoded = try CommandRunner.run("gzip", ["-dc", scratch("tree/\(name).gz")])
            #expect(Array(decoded.standardOutput) == (try TreeBuilder.read(scratch("tree/\(name)"))), "\(name)")
        }
    }

    @Test func gzipsNamesCompressWhateverTheyAreGiven() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 500), to: scratch("p.png"))
        let result = try Squeeze.run(["gzip", "-k", "p.png"], currentDirectory: scratch.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(TreeBuilder.files(under: scratch.path) == ["p.png", "p.png.gz"])
    }
}
