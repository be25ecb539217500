import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// squeeze under gzip's names where a careful user compares it with GNU gzip 1.12: standard input
/// read where it stands and only once, a FIFO read once its writer comes, a source that changes
/// under a decode to standard output, and `gzip -l`'s own table. Compared with the real tool
/// (`GzipPassthroughTests.sameAsGNUGzip`: the same output, status, and a message exactly when gzip
/// has one) wherever gzip does what a user expects.
@Suite struct GzipStandInTests {
    /// Text, two gzip files of it and their concatenation, a plain file, an empty gzip file, and
    /// one with bytes after its member; every file's time fixed, for `-lv`'s dates.
    static func inputs() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 77)
        try TreeBuilder.write(data.text(300_000), to: scratch("a"))
        try TreeBuilder.write("second\n", to: scratch("b"))
        try TreeBuilder.write(data.text(5_000), to: scratch("plain.log"))
        let made = try GzipCommandTests.shell("""
            /bin/gzip -k a b && cat a.gz b.gz > ab.gz && /bin/gzip -c < /dev/null > empty.gz && /bin/gzip -nc plain.log > nameless.gz \
            && cp a.gz renamed.gz && { cat b.gz; printf 'junk'; } > trailing.gz \
            && python3 -c "import sys; d = bytearray(open('a.gz', 'rb').read()); d[-8] ^= 1; open('damaged.gz', 'wb').write(d)" \
            && touch -d '2024-02-29 23:59:30 UTC' *
            """, in: scratch.path)
        #expect(made.status == 0, "\(made.standardError)")
        return scratch
    }

    // MARK: - Standard input

    /// `zcat - -` reads standard input once: the second `-` finds it at its end, as gzip's does
    /// ("unexpected end of file", exit 1), from a file and from a pipe, decoding or copying.
    @Test func standardInputNamedTwiceIsReadOnce() throws {
        let scratch = try Self.inputs()
        for line in [#""$T/zcat" - - < a.gz"#, #"cat a.gz | "$T/zcat" - -"#, #""$T/gzip" -t - - < b.gz"#, #"cat b.gz | "$T/gzip" -t - -"#] {
            let result = try GzipPassthroughTests.sameAsGNUGzip(line, in: scratch.path)
            #expect(result.status == 1, "\(line)")
        }
        let once = try GzipPassthroughTests.sameAsGNUGzip(#""$T/zcat" - b.gz - < a.gz"#, in: scratch.path)
        #expect(once.standardOutput == Data(try TreeBuilder.read(scratch("a")) + Array("second\n".utf8)))
        for line in [#""$T/zcat" -f - - < plain.log"#, #"cat plain.log | "$T/zcat" -f - b.gz -"#] {
            let result = try GzipPassthroughTests.sameAsGNUGzip(line, in: scratch.path)
            #expect(result.status == 0 && result.standardError.isEmpty, "\(line): \(result.standardError)")
        }
    }

    /// A regular file as standard input is read from where the shell left it, not from its start:
    /// the second member of a concatenation after `dd` skipped the first, the rest of a line after
    /// `read -N 5`, as gzip reads them.
    @Test func standardInputIsReadFromWhereItStands() throws {
        let scratch = try Self.inputs()
        let first = try TreeBuilder.read(scratch("a.gz")).count
        let skipped = try GzipPassthroughTests.sameAsGNUGzip(
            #"{ dd bs=\#(first) count=1 of=/dev/null 2>/dev/null; "$T/zcat"; } < ab.gz"#, in: scratch.path)
        #expect(skipped.status == 0 && skipped.output == "second\n", "\(skipped.standardError)")
        let read = try GzipPassthroughTests.sameAsGNUGzip(#"(read -N 5 x; "$T/zcat" -f - b.gz -) < plain.log"#, in: scratch.path)
        #expect(read.standardOutput == Data(try TreeBuilder.read(scratch("plain.log")).dropFirst(5) + Array("second\n".utf8)))
        // Not gzip from where it stands: an error, as gzip's.
        let inside = try GzipPassthroughTests.sameAsGNUGzip(#"{ head -c 3 > /dev/null; "$T/zcat"; } < a.gz"#, in: scratch.path)
        #expect(inside.status == 1)
    }

    /// squeeze's own large file (indexed members, decoded in parallel at offsets) after bytes the
    /// shell consumed: decoded from there, whole.
    @Test func anIndexedFileAfterConsumedBytesDecodesWhole() throws {
        let scratch = try Self.inputs()
        let result = try GzipCommandTests.shell("""
            seq 1 1500000 > big && "$SQ" compress -q -c big > big.gz && { printf 'skipped!'; cat big.gz; } > prefixed \
            && { head -c 8 > /dev/null; "$BIN/zcat"; } < prefixed | cmp - big \
            && { head -c 8 > /dev/null; /bin/zcat; } < prefixed | cmp - big
            """, in: scratch.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect((try FileManager.default.attributesOfItem(atPath: scratch("big.gz"))[.size] as? Int ?? 0) > 1 << 20)
    }

    // MARK: - FIFOs

    /// A FIFO named on the command line is read once its writer comes, however late: GNU gzip
    /// reads one without waiting, so that a reader started first sees it empty ("unexpected end
    /// of file"); squeeze reads it as `cat` does, in each command that decodes, and compressing one
    /// to standard output.
    @Test func aNamedFIFOIsReadOnceItsWriterComes() throws {
        let scratch = try Self.inputs()
        let lines = [
            (#""$BIN/zcat" fifo"#, "second\n"), (#""$BIN/gzip" -dc fifo"#, "second\n"), (#""$BIN/zcat" -f a.gz fifo b.gz"#, nil),
            (#""$BIN/gzip" -t fifo"#, ""), (#""$SQ" decompress -q -c fifo"#, "second\n"),
        ]
        for (line, expected) in lines {
            let result = try GzipCommandTests.shell(
                #"rm -f fifo && mkfifo fifo && { (sleep 1; timeout 30 sh -c 'cat b.gz > fifo') & } && timeout 30 \#(line)"#,
                in: scratch.path)
            #expect(result.status == 0 && result.standardError.isEmpty, "\(line): \(result.standardError)")
            let whole = Data(try TreeBuilder.read(scratch("a")) + Array("second\nsecond\n".utf8))
            #expect(result.standardOutput == (expected.map { Data($0.utf8) } ?? whole), "\(line)")
        }
        // With -f, plain text through a FIFO is copied as it comes; a writer that sends nothing
        // leaves an empty input, copied as such (and, decoding, gzip's "unexpected end of file").
        let plain = try GzipCommandTests.shell(
            #"rm -f fifo && mkfifo fifo && { (sleep 1; timeout 30 sh -c 'cat plain.log > fifo') & } && timeout 30 "$BIN/zcat" -f fifo | cmp - plain.log"#,
            in: scratch.path)
        #expect(plain.status == 0, "\(plain.standardError)")
        let silent = try GzipCommandTests.shell(
            #"rm -f fifo && mkfifo fifo && { (sleep 1; timeout 30 sh -c ': > fifo') & } && timeout 30 "$BIN/zcat" -f fifo"#, in: scratch.path)
        #expect(silent.status == 0 && silent.output.isEmpty, "\(silent.standardError)")
        // Compressing one to standard output waits for its writer too.
        for line in [#""$SQ" compress -q -c fifo"#, #""$BIN/gzip" -c fifo"#] {
            let compressed = try GzipCommandTests.shell(
                #"rm -f fifo && mkfifo fifo && { (sleep 1; timeout 30 sh -c 'cat plain.log > fifo') & } && timeout 30 \#(line) | /bin/gzip -dc | cmp - plain.log"#,
                in: scratch.path)
            #expect(compressed.status == 0, "\(line): \(compressed.standardError)")
        }
    }

    /// FIFOs fed one after another, in the order named, are each read in their turn, by `-t`,
    /// `-l`, `test` and `list` (which read files in parallel) as by `zcat`.
    @Test func fifosAreReadInTheOrderNamed() throws {
        let scratch = try Self.inputs()
        for line in [#""$BIN/gzip" -t z y"#, #""$BIN/gzip" -l z y"#, #""$SQ" test -q -j 1 z y"#, #""$SQ" list -q -j 1 z y"#] {
            let result = try GzipCommandTests.shell(
                #"rm -f z y && mkfifo z y && { (timeout 30 sh -c 'cat a.gz > z; cat b.gz > y') & } && timeout 30 \#(line)"#,
                in: scratch.path)
            #expect(result.status == 0, "\(line): \(result.standardError)")
        }
    }

    /// A FIFO named twice is read again from its next writer, never replayed from its first; and
    /// `/dev/stdin` named twice on a pipe has nothing left the second time (exit 1, as gzip's).
    @Test func aStreamOpenedAgainIsNotReplayed() throws {
        let scratch = try Self.inputs()
        let twice = try GzipCommandTests.shell(
            #"rm -f z && mkfifo z && { (timeout 30 sh -c 'cat b.gz > z; sleep 1; cat a.gz > z') & } && timeout 30 "$BIN/zcat" z z"#,
            in: scratch.path)
        #expect(twice.status == 0, "\(twice.standardError)")
        #expect(twice.standardOutput == Data(Array("second\n".utf8) + (try TreeBuilder.read(scratch("a")))))
        let standardInput = try GzipPassthroughTests.sameAsGNUGzip(#"cat b.gz | "$T/zcat" /dev/stdin /dev/stdin"#, in: scratch.path)
        #expect(standardInput.status == 1 && standardInput.output == "second\n", "\(standardInput.standardError)")
    }

    /// Waiting for a writer ends at an interrupt (130, nothing left behind); a FIFO met while
    /// walking a tree is passed by, never waited for.
    @Test func theWaitEndsAtAnInterruptAndAWalkNeverWaits() throws {
        let scratch = try Self.inputs()
        let interrupted = try GzipCommandTests.shell(
            #"mkfifo lonely && { "$BIN/zcat" lonely & } && sleep 1 && kill -TERM $! && wait $!"#, in: scratch.path)
        #expect(interrupted.status == 130, "\(interrupted.standardError)")
        let walked = try GzipCommandTests.shell(
            #"mkdir tree && cp b.gz tree/ && mkfifo tree/pipe.gz && timeout 30 "$BIN/gzip" -dr tree && cat tree/b && test -p tree/pipe.gz"#,
            in: scratch.path)
        #expect(walked.status == 0, "\(walked.standardError)")
        #expect(walked.output == "second\n")
        #expect(TreeBuilder.files(under: scratch("tree")) == ["b"])
    }

    // MARK: - A source that changes under a decode to standard output

    /// Bytes already on standard output cannot be discarded: the message says what happened to
    /// them, the run fails (exit 1), and what was written is the whole decode.
    @Test func aSourceChangedUnderADecodeToStandardOutputIsNotSaidToBeDiscarded() throws {
        let scratch = try Self.inputs()
        // The reader touches the source once the decode is under way (and held up by the pipe).
        let result = try GzipCommandTests.shell("""
            seq 1 2000000 > big && /bin/gzip -k big \
            && "$BIN/zcat" big.gz | { head -c 100000 > part1; touch -d '2001-01-01' big.gz; cat > part2; }
            """, in: scratch.path)
        #expect(result.status == 1)
        #expect(result.standardError.contains(
            "'big.gz' changed while it was being read (its size, times or identity changed); the bytes already written to standard output were read from it as it changed"),
            "\(result.standardError)")
        #expect(!result.standardError.contains("discarded"))
        let written = try TreeBuilder.read(scratch("part1")) + TreeBuilder.read(scratch("part2"))
        #expect(written == (try TreeBuilder.read(scratch("big"))))
    }

    // MARK: - A terminal

    /// A terminal as standard input: gzip's decoders refuse to read compressed data from it, at
    /// its `-` after the files named before it (exit 1, a message unless -q), as gzip 1.12 does;
    /// -f reads it (text typed is copied), and so does -l. squeeze's own decoding commands refuse
    /// it before any work.
    @Test func aTerminalIsNotReadForCompressedData() throws {
        guard PseudoTerminal.isAvailable else { return }
        let scratch = try Self.inputs()
        _ = try GzipCommandTests.shell("true", in: scratch.path)
        let (b, bin) = (scratch("b.gz"), scratch(".bin"))
        for (program, arguments) in [
            ("gzip", ["-d"]), ("gzip", ["-dc"]), ("gzip", ["-t"]), ("gzip", ["-dq"]), ("zcat", []), ("gzip", ["-dc", "-", b]),
            ("gzip", ["-dc", b, "-"]), ("gzip", ["-dcq", b, "-", b]), ("gzip", ["-t", b, "-"]),
        ] {
            let squeeze = try PseudoTerminal.run("\(bin)/\(program)", arguments)
            let gzip = try PseudoTerminal.run("/bin/\(program)", arguments)
            #expect(squeeze.status == 1 && gzip.status == 1, "\(program) \(arguments): \(squeeze.output)")
            #expect(squeeze.output.replacingOccurrences(of: "squeeze gzip", with: "gzip") == gzip.output, "\(program) \(arguments)")
        }
        // -f reads what is typed (ended by Ctrl-D) and copies it, as gzip does.
        for (program, arguments) in [("gzip", ["-dcf"]), ("zcat", ["-f"])] {
            let squeeze = try PseudoTerminal.run("\(bin)/\(program)", arguments, typing: "typed\n\u{4}\u{4}\u{4}")
            #expect(squeeze.status == 0 && squeeze.output == "typed\r\ntyped\r\n", "\(program) \(arguments): \(squeeze.output)")
        }
        for command in [["decompress"], ["decompress", "-c", "-"], ["test", "-"], ["list", b, "-"]] {
            let result = try PseudoTerminal.run(Squeeze.binary, command)
            #expect(result.status == 1, "\(command): \(result.output)")
            #expect(result.output == "squeeze \(command[0]): compressed data not read from a terminal: name a file, or redirect standard input from one or a pipe.\r\n")
        }
    }

    // MARK: - gzip -l

    /// `gzip -l` under the gzip personality is gzip 1.12's table, byte for byte: one file, several
    /// with their totals, `-v`'s columns, `-q`, `-N`, standard input as "stdout", and a
    /// directory, a missing, damaged or trailing-garbage file among others. (A file of several
    /// members differs on purpose, `severalMembersListTheirSum`; a truncated file too: gzip stops
    /// the whole run there, squeeze reports it and goes on with the others, as it does everywhere.)
    @Test func listingIsGzipsByteForByte() throws {
        let scratch = try Self.inputs()
        for line in [
            #""$T/gzip" -l a.gz"#, #""$T/gunzip" -l a.gz b.gz empty.gz nameless.gz"#,
            #""$T/gzip" -lv a.gz b.gz empty.gz nameless.gz renamed.gz"#, #""$T/gzip" -lq a.gz b.gz"#,
            #""$T/gzip" -lN renamed.gz nameless.gz"#, #""$T/gzip" -lvN renamed.gz nameless.gz"#, #"cat a.gz | "$T/gzip" -lv"#,
            #""$T/gzip" -l - < a.gz"#, #""$T/gzip" -l empty.gz empty.gz"#, #""$T/gzip" -l renamed"#,
        ] {
            let result = try GzipPassthroughTests.sameAsGNUGzip("export TZ=UTC; " + line, in: scratch.path)
            #expect(result.status == 0 && !result.standardOutput.isEmpty, "\(line): \(result.standardError)")
        }
        let several = try GzipPassthroughTests.sameAsGNUGzip(#""$T/gzip" -l a.gz b.gz"#, in: scratch.path)
        #expect(several.output.hasSuffix(" (totals)\n") && several.output.contains(" b\n"), "\(several.output)")
        for (line, status) in [
            (#""$T/gzip" -l missing.gz a.gz"#, 1), (#""$T/gzip" -l damaged.gz a.gz b.gz"#, 1), (#""$T/gzip" -l trailing.gz a.gz"#, 2),
            (#"mkdir -p dir && "$T/gzip" -l dir a.gz"#, 2), (#""$T/gzip" -l plain.log"#, 1),
        ] {
            let result = try GzipPassthroughTests.sameAsGNUGzip(line, in: scratch.path)
            #expect(result.status == Int32(status), "\(line): \(result.standardError)")
        }
        // squeeze's own listing is unchanged.
        let own = try GzipCommandTests.shell(#""$SQ" list a.gz"#, in: scratch.path)
        #expect(own.status == 0 && own.output.hasPrefix("compressed  uncompressed  ratio  members"), "\(own.output)")
    }

    /// `gzip -lN` shows the stored name in the directory the file was named in (its last
    /// component only, whatever directories the header names), and alone for standard input.
    @Test func storedNamesAreListedInTheFilesDirectory() throws {
        let scratch = try Self.inputs()
        let made = try GzipCommandTests.shell(#"""
            mkdir -p sub/deeper && cp renamed.gz nameless.gz sub/ && cp renamed.gz sub/deeper/ && python3 -c "
            import struct, zlib
            for file, name in [('slash', b'a/b/evil'), ('trailing', b'a/b//'), ('root', b'/'), ('empty', b'')]:
                deflate = zlib.compressobj(6, zlib.DEFLATED, -15)
                body = deflate.compress(b'data\n') + deflate.flush()
                header = b'\x1f\x8b\x08\x08' + struct.pack('<I', 1700000000) + b'\x00\x03' + name + b'\x00'
                open('sub/' + file + '.gz', 'wb').write(header + body + struct.pack('<II', zlib.crc32(b'data\n'), 5))
            "
            """#, in: scratch.path)
        #expect(made.status == 0, "\(made.standardError)")
        for line in [
            #""$T/gzip" -lN sub/renamed.gz sub//renamed.gz ./renamed.gz sub/nameless.gz"#, #""$T/gzip" -lvN sub/deeper/renamed.gz"#,
            #""$T/gzip" -lN sub/slash.gz sub/trailing.gz sub/root.gz sub/empty.gz"#, #""$T/gzip" -lN - < sub/slash.gz"#,
            #""$T/gzip" -lN "$PWD/sub/renamed.gz""#,
        ] {
            let result = try GzipPassthroughTests.sameAsGNUGzip("export TZ=UTC; " + line, in: scratch.path)
            #expect(result.status == 0 && !result.standardOutput.isEmpty, "\(line): \(result.standardError)")
        }
        let named = try GzipCommandTests.shell(#""$BIN/gzip" -lN sub/deeper/renamed.gz"#, in: scratch.path)
        #expect(named.output.hasSuffix(" sub/deeper/a\n"), "\(named.output)")
    }

    /// A file of several members lists the sum of its members, as gzip 1.13 lists it (gzip 1.12
    /// showed the last member's size): from squeeze's member index for its own file, by decoding
    /// for any other; the sizes are those `wc -c` counts, the CRC-32 the last member's.
    @Test func severalMembersListTheirSum() throws {
        let scratch = try Self.inputs()
        let result = try GzipCommandTests.shell("""
            export TZ=UTC; seq 1 800000 > big && "$SQ" compress -q big && cat big.gz a.gz > mixed.gz \
            && for f in big.gz ab.gz mixed.gz; do "$BIN/gzip" -lv $f | tail -1; /bin/gzip -dc $f | wc -c; wc -c < $f; \
            tail -c 8 $f | od -An -tx4 | tr -d ' '; done
            """, in: scratch.path)
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 12, "\(result.output)")
        for file in 0..<3 where lines.count == 12 {
            let columns = lines[file * 4].split(separator: " ")
            let (decoded, compressed, trailer) = (lines[file * 4 + 1], lines[file * 4 + 2], lines[file * 4 + 3])
            #expect(columns.count == 9, "\(lines[file * 4])")
            guard columns.count == 9 else { continue }
            #expect(columns[1] == trailer.prefix(8), "\(lines[file * 4])")
            #expect(columns[5] == compressed && columns[6] == decoded, "\(lines[file * 4])")
        }
        #expect(lines.first?.hasSuffix(" big") == true)
    }
}
