import Foundation
import SqueezeTestSupport
import Testing

/// The programs that call `gzip` or `pigz` from PATH, run with squeeze's links first on PATH and
/// then with GNU gzip's and pigz's: the same output and the same files left (compressed files
/// compared by what they decode to).
@Suite struct GzipClientsTests {
    /// Runs `script` twice in fresh copies of `setUp`'s files, with squeeze's links first on PATH
    /// and without, and expects the same status, output and files left. Returns squeeze's run.
    @discardableResult
    static func sameWithGzip(_ script: String, setUp: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CommandResult {
        let scratch = try TemporaryDirectory()
        var runs: [(CommandResult, String)] = []
        for side in ["squeeze", "gzip"] {
            let directory = scratch(side)
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let made = try GzipCommandTests.shell(setUp, in: directory)
            #expect(made.status == 0, "\(made.standardError)", sourceLocation: sourceLocation)
            let path = side == "squeeze" ? #"export PATH="$BIN:$PATH"; "# : ""
            let result = try GzipCommandTests.shell(path + script, in: directory)
            runs.append((result, try GzipCommandTests.shell(GzipCommandLineTests.inventory, in: directory).output))
        }
        let ((squeeze, squeezeFiles), (gzip, gzipFiles)) = (runs[0], runs[1])
        #expect(squeeze.status == gzip.status, "\(script): \(squeeze.standardError) | gzip: \(gzip.standardError)", sourceLocation: sourceLocation)
        let sameOutput = squeeze.standardOutput == gzip.standardOutput
        #expect(sameOutput, "\(script): \(squeeze.output.prefix(300)) | gzip: \(gzip.output.prefix(300))", sourceLocation: sourceLocation)
        #expect(squeezeFiles == gzipFiles, "\(script)", sourceLocation: sourceLocation)
        return squeeze
    }

    static let logs = """
        seq 1 20000 > a.log && printf 'needle one\\nhay\\n' > b.log && seq 5 20005 > c.log && touch -d @1700000000 *.log \
        && /bin/gzip -k a.log b.log && cp -p c.log c && /bin/gzip c && touch -d @1700000000 *.gz
        """

    @Test func zgrepAndZdiff() throws {
        for script in [
            "zgrep -c needle b.log.gz a.log.gz", "zgrep -h 1999 a.log.gz b.log", "zgrep -l needle *.gz; echo $?",
            "zgrep -i NEEDLE - < b.log.gz", "zdiff a.log.gz c.gz | sed -n 1,5p", "zcmp a.log.gz a.log; echo $?", "zdiff a.log a.log.gz",
        ] {
            try Self.sameWithGzip(script, setUp: Self.logs)
        }
    }

    /// znew recompresses `.Z` files (here gzip's output under that name, as gzip's own test
    /// makes them), zforce names gzip files `.gz`, gzexe compresses a program that still runs.
    @Test func znewZforceAndGzexe() throws {
        let setUp = Self.logs + " && /bin/gzip -c a.log > old.Z && /bin/gzip -c b.log > plain && touch -d @1700000000 old.Z plain"
        for script in ["znew old.Z && ls", "zforce plain a.log.gz && ls", "zforce -v plain"] {
            try Self.sameWithGzip(script, setUp: setUp)
        }
        // gzexe's program holds its compressed self, so compare what it does, not its bytes.
        let gzexe = try GzipCommandTests.shell(#"""
            export PATH="$BIN:$PATH"; cp /bin/echo ./say && gzexe say && ./say hello from gzexe && test -f say~ \
            && gzexe -d say && ./say decompressed && cmp say /bin/echo
            """#, in: try TemporaryDirectory().path)
        #expect(gzexe.status == 0, "\(gzexe.standardError)")
        #expect(gzexe.output.hasSuffix("hello from gzexe\ndecompressed\n"), "\(gzexe.output)")
    }

    /// GNU tar with `-I 'pigz ...'` as people write it, and `-z` through PATH.
    @Test func tarThroughPigzAndGzip() throws {
        let tree = "mkdir -p tree/sub && seq 1 100000 > tree/numbers && echo x > tree/sub/x && touch -d @1700000000 tree tree/* tree/sub/*"
        for options in ["pigz -p2", "pigz -cp2", "pigz -T2", "pigz -b 256", "pigz -p 2 -9", "gzip -1"] {
            let result = try GzipCommandTests.shell(
                tree + #" && PATH="$BIN:$PATH" tar -I '\#(options)' -cf t.tgz tree && /bin/gzip -t t.tgz && mkdir x "#
                    + #" && PATH="$BIN:$PATH" tar -I '\#(options)' -xf t.tgz -C x && diff -r tree x/tree && tar -tzf t.tgz | sort"#,
                in: try TemporaryDirectory().path)
            #expect(result.status == 0, "\(options): \(result.standardError)")
            #expect(result.output == "tree/\ntree/numbers\ntree/sub/\ntree/sub/x\n", "\(options): \(result.output)")
        }
        try Self.sameWithGzip(
            "tar -czf t.tgz tree && touch -d @1700000000 t.tgz && tar -xzf t.tgz -C x && diff -r tree x/tree && tar -tvzf t.tgz | wc -l",
            setUp: tree + " && mkdir x")
    }

    /// sort's temporary files through `--compress-program=gzip` (and pigz): it calls the
    /// program with no option to compress and `-d` to read back.
    @Test func sortCompressesItsTemporaries() throws {
        let setUp = "seq 1 200000 | shuf --random-source=<(yes) > numbers && touch -d @1700000000 numbers && mkdir tmp"
        for program in ["gzip", "pigz"] {
            let result = try Self.sameWithGzip(
                "sort -n -S 64K -T tmp --compress-program=\(program) numbers | md5sum && ls tmp | wc -l", setUp: setUp)
            #expect(result.status == 0, "\(result.standardError)")
        }
    }
}
