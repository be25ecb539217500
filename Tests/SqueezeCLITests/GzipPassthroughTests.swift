import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// `zcat -f`, `gzip -dcf`, `gunzip -cf`: input that is not compressed goes to standard output as
/// it is, so that `zcat -f /var/log/syslog*` reads rotated and current logs alike. squeeze runs
/// under the tools' names (links, as `GzipCommandTests`) and is compared with GNU gzip's own
/// tools on the same inputs: the same bytes, the same exit status, a message when gzip has one.
@Suite struct GzipPassthroughTests {
    /// Runs `line` with `$T` the directory of squeeze's links, then with `$T` GNU gzip's (/bin),
    /// and expects the same output and status, and a message from squeeze exactly when gzip has
    /// one. Returns squeeze's result.
    @discardableResult
    static func sameAsGNUGzip(_ line: String, in directory: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CommandResult {
        let squeeze = try GzipCommandTests.shell(#"T="$BIN"; "# + line, in: directory)
        let gzip = try GzipCommandTests.shell("T=/bin; " + line, in: directory)
        // A Bool, so that a difference is not diffed byte by byte (megabytes of it).
        let sameOutput = squeeze.standardOutput == gzip.standardOutput
        #expect(
            sameOutput, "\(line): \(squeeze.standardOutput.count) bytes out, gzip \(gzip.standardOutput.count)", sourceLocation: sourceLocation)
        #expect(squeeze.status == gzip.status, "\(line): \(squeeze.standardError) | gzip: \(gzip.standardError)", sourceLocation: sourceLocation)
        #expect(
            squeeze.standardError.isEmpty == gzip.standardError.isEmpty,
            "\(line): \(squeeze.standardError) | gzip: \(gzip.standardError)", sourceLocation: sourceLocation)
        return squeeze
    }

    /// Plain text, two gzip files of it, an empty file, a byte, and gzip's first magic byte alone.
    static func inputs() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 91)
        try TreeBuilder.write(data.text(200_000), to: scratch("plain.log"))
        try TreeBuilder.write(data.text(300_000), to: scratch("a"))
        try TreeBuilder.write("second\n", to: scratch("b"))
        try TreeBuilder.write("", to: scratch("empty"))
        try TreeBuilder.write("x", to: scratch("one"))
        try TreeBuilder.write([0x1F], to: scratch("lone-magic-byte"))
        let made = try GzipCommandTests.shell("/bin/gzip a b", in: scratch.path)
        #expect(made.status == 0, "\(made.standardError)")
        return scratch
    }

    @Test func plainInputGoesThroughAsItIs() throws {
        let scratch = try Self.inputs()
        for line in [
            #""$T/zcat" -f plain.log"#, #""$T/gzip" -dcf plain.log"#, #""$T/gunzip" -cf plain.log"#,
            #""$T/gzip" -d --stdout --force plain.log"#, #"printf x | "$T/gzip" -dcf"#, #""$T/gzip" -dcf < plain.log"#,
            #""$T/gzip" -dcf - < plain.log"#, #"cat plain.log | "$T/zcat" -f"#, #""$T/gzip" -df < plain.log"#,
            #""$T/zcat" -f empty"#, #""$T/zcat" -f < empty"#, #""$T/zcat" -f one"#, #""$T/zcat" -f < one"#,
            #""$T/zcat" -f lone-magic-byte"#, #"cat lone-magic-byte | "$T/zcat" -f"#,
        ] {
            let result = try Self.sameAsGNUGzip(line, in: scratch.path)
            #expect(result.status == 0 && result.standardError.isEmpty, "\(line): \(result.standardError)")
        }
        let copied = try Self.sameAsGNUGzip(#""$T/zcat" -f plain.log"#, in: scratch.path).standardOutput == Data(try TreeBuilder.read(scratch("plain.log")))
        #expect(copied)
        #expect(TreeBuilder.files(under: scratch.path).filter { !$0.hasPrefix(".bin") }.sorted()
                == ["a.gz", "b.gz", "empty", "lone-magic-byte", "one", "plain.log"])
    }

    /// `zcat -f syslog.2.gz syslog.1 syslog`: each file decoded or copied, in the order named.
    @Test func gzipAndPlainFilesMixInTheOrderNamed() throws {
        let scratch = try Self.inputs()
        for line in [
            #""$T/zcat" -f a.gz plain.log b.gz"#, #""$T/zcat" -f plain.log a.gz empty one b.gz plain.log"#,
            #""$T/zcat" -f a.gz - b.gz < plain.log"#, #"cat plain.log | "$T/zcat" -f a.gz - b.gz"#,
        ] {
            #expect(try Self.sameAsGNUGzip(line, in: scratch.path).status == 0)
        }
        // A missing file is an error; the others still go through.
        let missing = try Self.sameAsGNUGzip(#""$T/zcat" -f a.gz not-there plain.log"#, in: scratch.path)
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("not-there"), "\(missing.standardError)")
    }

    /// The current log grows while `zcat -f` reads the rotated ones: it is copied as far as it has
    /// grown when its turn comes, as gzip copies it, not reported as changed since it was found.
    /// (Standard input, read first, ends only once the log has grown.)
    @Test func aLogThatGrowsBeforeItsTurnIsCopiedWhole() throws {
        let scratch = try Self.inputs()
        for tool in ["$BIN/zcat", "/bin/zcat"] {
            try TreeBuilder.write("first line\n", to: scratch("live.log"))
            let result = try GzipCommandTests.shell(
                #"(sleep 1; echo appended >> live.log) | "\#(tool)" -f b.gz - live.log"#, in: scratch.path)
            #expect(result.status == 0, "\(tool): \(result.standardError)")
            #expect(result.output == "second\nfirst line\nappended\n", "\(tool)")
            #expect(result.standardError.isEmpty, "\(tool): \(result.standardError)")
        }
    }

    /// Input that starts with the gzip magic is gzip: damage is an error, not a reason to copy.
    @Test func damagedGzipIsStillAnError() throws {
        let scratch = try Self.inputs()
        let whole = try TreeBuilder.read(scratch("a.gz"))
        try TreeBuilder.write(Array(whole.prefix(whole.count / 2)), to: scratch("truncated.gz"))
        try TreeBuilder.write([0x1F, 0x8B], to: scratch("magic-only"))
        var damaged = whole
        for index in stride(from: 40, to: 400, by: 7) { damaged[index] ^= 0x5A }
        try TreeBuilder.write(damaged, to: scratch("damaged.gz"))
        for name in ["truncated.gz", "magic-only", "damaged.gz"] {
            let fromFile = try GzipCommandTests.shell(#""$BIN/zcat" -f \#(name)"#, in: scratch.path)
            let gzip = try GzipCommandTests.shell(#"/bin/zcat -f \#(name)"#, in: scratch.path)
            #expect(fromFile.status == 1 && gzip.status == 1, "\(name): \(fromFile.standardError)")
            #expect(fromFile.standardError.hasPrefix("\ngzip: \(name): "), "\(name): \(fromFile.standardError)")
            let fromPipe = try GzipCommandTests.shell(#"cat \#(name) | "$BIN/gzip" -dcf"#, in: scratch.path)
            #expect(fromPipe.status == 1 && !fromPipe.standardError.isEmpty, "\(name): \(fromPipe.standardError)")
            // What was decoded before the damage is the same from a pipe as from the file.
            let samePrefix = fromPipe.standardOutput == fromFile.standardOutput
            #expect(samePrefix, "\(name): \(fromPipe.standardOutput.count) bytes from a pipe, \(fromFile.standardOutput.count) from the file")
        }
    }

    /// Without -f, or without standard output, nothing changes: as gzip.
    @Test func withoutForceOrStandardOutputNothingChanges() throws {
        let scratch = try Self.inputs()
        let unforced = try Self.sameAsGNUGzip(#""$T/zcat" plain.log"#, in: scratch.path)
        #expect(unforced.status == 1)
        #expect(unforced.standardError == "\ngzip: plain.log: not in gzip format\n", "\(unforced.standardError)")
        #expect(try Self.sameAsGNUGzip(#"cat plain.log | "$T/gzip" -d"#, in: scratch.path).status == 1)
        // In place, -f does not make a plain file's output: gzip's "unknown suffix -- ignored".
        let inPlace = try Self.sameAsGNUGzip(#""$T/gzip" -df plain.log"#, in: scratch.path)
        #expect(inPlace.status == 2)
        #expect(inPlace.standardError.contains("plain.log: unknown suffix"), "\(inPlace.standardError)")
        #expect(TreeBuilder.files(under: scratch.path).filter { !$0.hasPrefix(".bin") }.sorted()
                == ["a.gz", "b.gz", "empty", "lone-magic-byte", "one", "plain.log"])
    }

    /// With -f, what follows the last member goes to standard output as it is, as gzip copies
    /// whatever is not gzip: text after one member or several, zero padding, from a file and from
    /// a pipe alike (exit 0, nothing said). Without -f it is ignored with gzip's warning (exit 2),
    /// and a stream that goes on after the last member is not read on to its end. (`squeeze
    /// decompress` keeps the warning either way: README.) A format gzip decodes but squeeze does
    /// not (LZH) is reported, not copied as if it were text; a zip, which both decode, is decoded.
    @Test func trailingBytesAreCopiedWithForce() throws {
        let scratch = try Self.inputs()
        try TreeBuilder.write(try TreeBuilder.read(scratch("b.gz")) + Array("trailing junk".utf8), to: scratch("trailing.gz"))
        for line in [
            #""$T/zcat" -f trailing.gz"#, #"cat trailing.gz | "$T/zcat" -f"#, #"(printf w | gzip; printf xy) | "$T/gzip" -cdf"#,
            #"(printf w | gzip; printf w | gzip; printf xy) | "$T/gzip" -cdf"#, #"(cat b.gz a.gz; seq 1 50000) | "$T/gzip" -cdf"#,
            #"(cat b.gz; head -c 100000 /dev/zero) | "$T/gzip" -cdf"#, #"(cat b.gz; head -c 100 /dev/zero) > z.gz && "$T/zcat" -f z.gz"#,
            #""$T/zcat" -f trailing.gz plain.log b.gz"#,
        ] {
            let result = try Self.sameAsGNUGzip(line, in: scratch.path)
            #expect(result.status == 0 && result.standardError.isEmpty, "\(line): \(result.standardError)")
        }
        let copied = try Self.sameAsGNUGzip(#"(printf w | gzip; printf xy) | "$T/gzip" -cdf"#, in: scratch.path)
        #expect(copied.output == "wxy")
        for line in [#""$T/zcat" trailing.gz"#, #"cat trailing.gz | "$T/zcat""#] {
            let result = try Self.sameAsGNUGzip(line, in: scratch.path)
            #expect(result.status == 2, "\(line)")
            #expect(result.standardError == "\ngzip: \(line.hasPrefix("cat") ? "stdin" : "trailing.gz"): decompression OK, trailing garbage ignored\n")
        }
        let endless = try GzipCommandTests.shell(#"(cat b.gz; yes junk) | timeout 60 "$BIN/zcat""#, in: scratch.path)
        #expect(endless.status == 2, "\(endless.standardError)")
        #expect(endless.output == "second\n")
        let own = try GzipCommandTests.shell(#""$SQ" decompress -c trailing.gz"#, in: scratch.path)
        #expect(own.status == 2 && own.output == "second\n", "\(own.standardError)")
        let plain = try TreeBuilder.read(scratch("plain.log"))
        let lzh = try GzipCommandTests.shell(#"printf '\037\240lzh data' > t.lzh && "$BIN/zcat" -f t.lzh plain.log"#, in: scratch.path)
        #expect(lzh.status == 1)
        #expect(lzh.standardError == "\ngzip: t.lzh: not in gzip format\n", "\(lzh.standardError)")
        let plainAfter = lzh.standardOutput == Data(plain)
        #expect(plainAfter, "the next file still goes through")
        let zip = try GzipCommandTests.shell(
            #"python3 -c "import zipfile; zipfile.ZipFile('t.zip', 'w').writestr('t', 'text')" && "$BIN/zcat" -f t.zip plain.log"#,
            in: scratch.path)
        let zipThenPlain = zip.standardOutput == Data(Array("text".utf8) + plain)
        #expect(zip.status == 0 && zipThenPlain, "\(zip.standardError)")
    }

    /// A plain file far larger than any buffer: the same bytes as gzip's, from the file and from a
    /// pipe, in the memory a tiny one takes (GNU time's peak resident size, in KiB).
    @Test func aLargePlainInputStreams() throws {
        let scratch = try Self.inputs()
        let result = try GzipCommandTests.shell("""
            seq 1 6000000 > big && /bin/zcat -f a.gz big b.gz > expected \
            && /usr/bin/time -f %M -o big.rss "$BIN/zcat" -f a.gz big b.gz | cmp - expected \
            && cat big | /usr/bin/time -f %M -o piped.rss "$BIN/gzip" -dcf | cmp - big \
            && /usr/bin/time -f %M -o tiny.rss "$BIN/zcat" -f one > /dev/null
            """, in: scratch.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect((try FileManager.default.attributesOfItem(atPath: scratch("big"))[.size] as? Int ?? 0) > 40_000_000)
        let tiny = try Self.kibibytes(scratch("tiny.rss"))
        for name in ["big.rss", "piped.rss"] {
            let peak = try Self.kibibytes(scratch(name))
            #expect(peak - tiny < 12 << 10, "\(name): peak \(peak) KiB for 47 MB, \(tiny) KiB for a byte")
        }
    }

    static func kibibytes(_ path: String) throws -> Int {
        let text = String(decoding: try TreeBuilder.read(path), as: UTF8.self)
        return Int(text.split(separator: "\n").last ?? "") ?? .max
    }

    /// A reader that goes away stops the copy as it stops a decode (SIGPIPE's status, nothing said),
    /// as it stops gzip; a full disk is one message naming the file, and exit 1. (SIGPIPE is set
    /// back to its default for the tool: the test process may have it ignored, which its children
    /// inherit, and then gzip and squeeze both end with EPIPE's message instead.)
    @Test func aClosedPipeOrAFullDiskEndsTheCopy() throws {
        let scratch = try Self.inputs()
        let made = try GzipCommandTests.shell("seq 1 3000000 > big", in: scratch.path)
        #expect(made.status == 0)
        // The test process ignores SIGPIPE and its children inherit that: each writer gets it back, so
        // that, as in a shell, a reader gone ends it quietly (cat would otherwise say "Broken pipe").
        let zcat = "env --default-signal=PIPE \"$T/zcat\""
        for source in ["\(zcat) -f big", "env --default-signal=PIPE cat big | \(zcat) -f", "\(zcat) -f big a.gz"] {
            let result = try Self.sameAsGNUGzip(
                "set +o pipefail; \(source) | head -c 1000 > /dev/null; echo ${PIPESTATUS[@]}", in: scratch.path)
            #expect(result.output.hasSuffix("141 0\n"), "\(source): \(result.output)")
            #expect(result.standardError.isEmpty, "\(source): \(result.standardError)")
        }
        for source in ["plain.log", "big"] {
            let full = try Self.sameAsGNUGzip(#""$T/zcat" -f \#(source) > /dev/full"#, in: scratch.path)
            #expect(full.status == 1)
            #expect(full.standardError == "\ngzip: stdout: No space left on device\n", "\(full.standardError)")
        }
    }
}
