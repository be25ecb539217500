import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// squeeze in a pipe: standard input to standard output, named pipes read as streams, quiet as
/// gzip is. Pipes are made by a shell, as a user's script makes them.
@Suite struct FilterTests {
    /// Runs a shell command line with `$SQ` set to the squeeze binary.
    static func shell(_ script: String, in directory: String) throws -> CommandResult {
        try CommandRunner.run("bash", ["-c", "SQ='\(Squeeze.binary)'; set -o pipefail; \(script)"], currentDirectory: directory)
    }

    /// Sizes around the block layout's edges at 64 KiB blocks: empty, one small block, exactly
    /// twice the block size (still one block), one byte more (three blocks), many blocks.
    static let sizes = [0, 1_000, 2 * 65_536, 2 * 65_536 + 1, 700_000]

    @Test(arguments: ["libdeflate", "zlib"])
    func aStreamCompressesToTheBytesItsFileDoes(codec: String) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 10)
        for size in Self.sizes {
            let name = "in-\(size)"
            try TreeBuilder.write(data.text(size), to: scratch(name))
            let settings = "--codec \(codec) --block-size 64KiB -j 2"
            let result = try Self.shell("""
                cat \(name) | "$SQ" compress \(settings) > piped.gz && "$SQ" compress \(settings) - < \(name) > dash.gz \
                && "$SQ" compress -n -c \(settings) \(name) > noname.gz && "$SQ" compress -c \(settings) \(name) > named.gz \
                && "$SQ" compress -q \(settings) \(name) && gzip -dc piped.gz | cmp - \(name)
                """, in: scratch.path)
            #expect(result.status == 0, "size \(size): \(result.standardError)")
            #expect(result.standardError.isEmpty, "a filter prints nothing: \(result.standardError)")
            let piped = try TreeBuilder.read(scratch("piped.gz"))
            #expect(piped == (try TreeBuilder.read(scratch("dash.gz"))), "size \(size)")
            #expect(piped == (try TreeBuilder.read(scratch("noname.gz"))), "size \(size): stdin vs -n -c FILE")
            #expect(try TreeBuilder.read(scratch("named.gz")) == (try TreeBuilder.read(scratch("\(name).gz"))), "size \(size): -c FILE vs FILE")
            for file in ["piped.gz", "dash.gz", "noname.gz", "named.gz", "\(name).gz"] { try FileManager.default.removeItem(atPath: scratch(file)) }
        }
    }

    /// A stream of many blocks is indexed as its file is: squeeze decodes it in parallel, pigz reads it.
    /// What has no name gets no FNAME field at all (an empty one is a name: GNU `gzip -dN` and
    /// `pigz -dN` fail to restore it): standard input, `-n`, an archive to standard output, with
    /// either codec; a file's name and time are still stored.
    @Test func noNameIsNoNameField() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("some text\n", to: scratch("f"))
        let result = try GzipCommandTests.shell(#"""
            flags() { head -c 4 "$1" | tail -c 1 | od -An -tx1 | tr -d ' '; }
            "$SQ" compress -q < f > in.gz && "$SQ" compress -q --codec zlib < f > zlib.gz && "$SQ" compress -q -c -n f > n.gz \
            && "$SQ" archive -q f -o - > a.tgz && "$SQ" compress -q -c f > named.gz \
            && for x in in zlib n a named; do echo "$x $(flags $x.*gz)"; done \
            && mkdir out && cd out && for x in in zlib n; do cp ../$x.gz . && /bin/gzip -dN $x.gz && pigz -dNc ../$x.gz > /dev/null; done && ls
            """#, in: scratch.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output == "in 00\nzlib 00\nn 00\na 00\nnamed 08\nin\nn\nzlib\n", "\(result.output)")
    }

    @Test func aCompressedStreamIsReadByEveryTool() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 11)
        try TreeBuilder.write(data.text(3_000_000), to: scratch("big"))
        let result = try Self.shell("""
            cat big | "$SQ" compress --block-size 256KiB > big.gz && pigz -dc big.gz | cmp - big && zcat big.gz | cmp - big \
            && "$SQ" decompress < big.gz | cmp - big && "$SQ" test big.gz -q && "$SQ" list big.gz | grep ' 12 ' > /dev/null
            """, in: scratch.path)
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test func decompressReadsStandardInputAsGzipDoes() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 12)
        try TreeBuilder.write(data.text(500_000), to: scratch("f"))
        let result = try Self.shell("""
            gzip -c f | "$SQ" decompress > a && gzip -c f | "$SQ" decompress - > b && gzip -c f | "$SQ" decompress -c /dev/stdin > c \
            && cat f f | pigz -c | "$SQ" decompress -q -c /dev/stdin > d \
            && cmp a f && cmp b f && cmp c f && cat f f | cmp - d
            """, in: scratch.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty, "\(result.standardError)")
    }

    @Test func testAndListReadStandardInput() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("hello\n", to: scratch("f"))
        let good = try Self.shell(#"gzip -c f | "$SQ" test - -q && gzip -c f | "$SQ" list - -q"#, in: scratch.path)
        #expect(good.status == 0, "\(good.standardError)")
        #expect(good.output.contains("6  "), "\(good.output)")
        let bad = try Self.shell(#"echo 'not gzip' | "$SQ" test - -q"#, in: scratch.path)
        #expect(bad.status == 1)
        #expect(bad.standardError.contains("not in gzip format"), "\(bad.standardError)")
    }

    /// `mysqldump | squeeze compress -q /dev/stdin > dump.gz` once made an empty file with exit 0.
    @Test func aPipeNamedOnTheCommandLineIsReadNeverSkipped() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 13)
        try TreeBuilder.write(data.text(200_000), to: scratch("f"))
        let result = try Self.shell("""
            cat f | "$SQ" compress -q /dev/stdin > a.gz && "$SQ" compress <(cat f) > b.gz \
            && mkfifo fifo && { cat f > fifo & } && "$SQ" compress fifo > c.gz && wait \
            && zcat a.gz | cmp - f && zcat b.gz | cmp - f && zcat c.gz | cmp - f \
            && "$SQ" decompress <(cat a.gz) | cmp - f
            """, in: scratch.path)
        #expect(result.status == 0, "\(result.standardError)")
        // A FIFO found in a tree is still skipped, with its reason.
        let tree = try Self.shell(#"mkdir t && mkfifo t/p && echo x > t/x && "$SQ" compress -v t"#, in: scratch.path)
        #expect(tree.status == 0, "\(tree.standardError)")
        #expect(tree.output.contains("FIFO") || tree.output.contains("fifo"), "\(tree.output)")
    }

    @Test func damagedStandardInputFailsLoudly() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("hello\n", to: scratch("f"))
        let result = try Self.shell(#"gzip -c f > f.gz && head -c 15 f.gz | "$SQ" decompress > out"#, in: scratch.path)
        #expect(result.status == 1)
        #expect(result.standardError.contains("unexpected end of file"), "\(result.standardError)")
    }

    @Test func filterReportsGoToStandardErrorWithVerbose() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("hello\n", to: scratch("f"))
        let result = try Self.shell(#""$SQ" compress -v < f | gzip -dc"#, in: scratch.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output == "hello\n")
        #expect(result.standardError.contains("1 file done"), "\(result.standardError)")
    }

    @Test func archiveStreamsToStandardOutputAndExtractReadsIt() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 14)
        for index in 0..<20 { try TreeBuilder.write(data.text(index * 20_000), to: scratch("tree/f\(index)")) }
        let result = try Self.shell("""
            "$SQ" archive tree -o - --block-size 64KiB > a.tgz && "$SQ" archive tree -o file.tgz --block-size 64KiB -q \
            && zcat file.tgz | cmp - <(zcat a.tgz) && "$SQ" archive tree -o - | "$SQ" extract - -C out -q && diff -r tree out/tree \
            && "$SQ" archive tree -o - | tar tzf - | wc -l
            """, in: scratch.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == "21")
    }

    /// An interrupt stops a filter whose input is still open (its producer waits in `read`): exit 130.
    /// SIGTERM: a shell starts a background job with SIGINT ignored, and squeeze, as gzip, leaves
    /// it so (`InheritedSignalTests`).
    /// The filter has read what came and waits in `read` for more: the first SIGTERM ends it with
    /// 130. It is signalled only once /proc shows it asleep in that read (no sleep to guess by).
    @Test func anInterruptStopsAFilterWaitingForInput() throws {
        let scratch = try TemporaryDirectory()
        let input = HeldPipe()
        _ = "data\n".withCString { write(input.writeEnd, $0, 5) }
        let output = open(scratch("out.gz"), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(output >= 0)
        defer { close(output) }
        let run = try WatchedProcess(Squeeze.binary, ["compress"], standardInput: input.readEnd, standardOutput: output)
        try #require(run.waitUntilBlocked(in: "pipe_read"), "squeeze never waited for more input: \(run.standardError)")
        #expect(run.signal(SIGTERM) == 130, "\(run.standardError)")
    }

    @Test func compressedDataIsNotWrittenToATerminal() throws {
        let result = try PseudoTerminal.run(Squeeze.binary, ["compress"])
        #expect(result.status == 1)
        #expect(result.output.contains("compressed data not written to a terminal"), "\(result.output)")
    }

    @Test func aMistypedSubcommandGetsASuggestion() throws {
        let result = try Squeeze.run(["compres", "x"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("Did you mean 'compress'?"), "\(result.standardError)")
    }

    @Test func levelShortcutsSetTheLevel() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 15)
        try TreeBuilder.write(data.text(100_000), to: scratch("f"))
        let result = try Self.shell(#""$SQ" compress -9 < f > a.gz && "$SQ" compress --level 9 < f > b.gz && "$SQ" compress --best < f > c.gz && "$SQ" compress --fast < f > d.gz && "$SQ" compress --level 1 < f > e.gz && cmp a.gz b.gz && cmp a.gz c.gz && cmp d.gz e.gz"#, in: scratch.path)
        #expect(result.status == 0, "\(result.standardError)")
    }
}
