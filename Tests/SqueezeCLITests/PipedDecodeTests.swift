import Foundation
import SqueezeTestSupport
import Testing

/// `squeeze decompress` and `test` reading a pipe: squeeze's and BGZF's indexed members decode in
/// parallel (`PipedGzipReader`), anything else is streamed from where they stop. Whatever the mix,
/// a pipe must give what the same bytes give as a file (bytes, exit code, message), and what
/// `gzip -dc` gives wherever gzip succeeds: through standard input and through a named FIFO.
@Suite struct PipedDecodeTests {
    /// Decodes `input` in `directory` as a file, through a pipe on standard input, through a
    /// FIFO named on the command line, and with `test -`; records every run's exit code, the
    /// decoded bytes and the messages, and gzip's.
    static func decodeEveryWay(_ input: String, in directory: String) throws -> CommandResult {
        try FilterTests.shell("""
            rm -f fifo && mkfifo fifo
            "$SQ" decompress -c \(input) > file.out 2> file.err; echo $? > file.rc
            cat \(input) | "$SQ" decompress > pipe.out 2> pipe.err; echo $? > pipe.rc
            { cat \(input) > fifo & } ; "$SQ" decompress -c fifo > fifo.out 2> fifo.err; echo $? > fifo.rc; wait
            cat \(input) | "$SQ" test - -q 2> test.err; echo $? > test.rc
            gzip -dc < \(input) > gzip.out 2> /dev/null; echo $? > gzip.rc
            true
            """, in: directory)
    }

    /// Checks that every way agreed with the file's decode, and with gzip where gzip succeeded.
    static func expectAgreement(_ scratch: TemporaryDirectory, _ label: String, expected: [UInt8]? = nil) throws {
        func text(_ name: String) throws -> String {
            String(decoding: try TreeBuilder.read(scratch(name)), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let fileCode = try text("file.rc")
        let fileBytes = try TreeBuilder.read(scratch("file.out"))
        // The file's message, with the name the pipe is known by instead of the file's.
        let fileMessage = try text("file.err")
        for way in ["pipe", "fifo"] {
            let (code, bytes, message) = (try text("\(way).rc"), try TreeBuilder.read(scratch("\(way).out")), try text("\(way).err"))
            #expect(code == fileCode, "\(label): \(way) exit code \(code), file gave \(fileCode): \(message)")
            #expect(bytes.elementsEqual(fileBytes), "\(label): \(way) bytes differ from the file's")
            #expect(message.isEmpty == fileMessage.isEmpty, "\(label): \(way) said '\(message)', file '\(fileMessage)'")
            for cause in ["unexpected end of file", "trailing garbage", "crc error", "length error", "invalid"] where fileMessage.contains(cause) {
                #expect(message.contains(cause), "\(label): \(way) said '\(message)', file '\(fileMessage)'")
            }
        }
        // `test` exits as decompress does; it never writes bytes.
        let (testCode, testMessage, gzipCode) = (try text("test.rc"), try text("test.err"), try text("gzip.rc"))
        #expect(testCode == fileCode, "\(label): test - gave \(testCode): \(testMessage)")
        if gzipCode == "0" {
            let gzipBytes = try TreeBuilder.read(scratch("gzip.out"))
            #expect(fileCode == "0", "\(label): gzip succeeded, squeeze exited \(fileCode): \(fileMessage)")
            #expect(fileBytes.elementsEqual(gzipBytes), "\(label): bytes differ from gzip's")
        }
        if let expected { #expect(fileBytes.elementsEqual(expected), "\(label): not the original bytes") }
    }

    /// Every kind of gzip a pipe may carry, alone and mixed, with padding and garbage after it.
    @Test func everyKindOfGzipDecodesFromAPipeAsFromAFile() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 101)
        let original = data.text(2_500_000) + data.randomBytes(200_000)
        try TreeBuilder.write(original, to: scratch("orig"))
        let made = try FilterTests.shell("""
            "$SQ" compress -c --block-size 64KiB orig > squeeze.gz && bgzip -c orig > bgzf.gz && gzip -c orig > gzip.gz \
            && "$SQ" compress -c --codec zlib --block-size 64KiB orig > zlib.gz \
            && cat squeeze.gz gzip.gz bgzf.gz squeeze.gz > mixed.gz && cat gzip.gz squeeze.gz > gzipfirst.gz \
            && cat squeeze.gz > zeros.gz && head -c 3000 /dev/zero >> zeros.gz \
            && cat squeeze.gz > garbage.gz && printf 'trailing words' >> garbage.gz && : > empty.gz
            """, in: scratch.path)
        #expect(made.status == 0, "\(made.standardError)")
        let cases: [(String, [UInt8]?)] = [
            ("squeeze.gz", original), ("bgzf.gz", original), ("gzip.gz", original), ("zlib.gz", original),
            ("mixed.gz", original + original + original + original), ("gzipfirst.gz", original + original),
            ("zeros.gz", original), ("empty.gz", nil), ("garbage.gz", original),
        ]
        for (name, expected) in cases {
            let run = try Self.decodeEveryWay(name, in: scratch.path)
            #expect(run.status == 0, "\(name): \(run.standardError)")
            try Self.expectAgreement(scratch, name, expected: expected)
        }
        // Trailing garbage (the last case) is a warning, exit 2, as for a file.
        let lastCode = String(decoding: try TreeBuilder.read(scratch("pipe.rc")), as: UTF8.self)
        #expect(lastCode.hasPrefix("2"), "trailing garbage: \(lastCode)")
    }

    /// Truncations and bit flips from a seeded generator, in squeeze's members, BGZF's, gzip's
    /// and at the seams of a mix: the pipe fails (or not) exactly as the file does.
    @Test func damagedInputFailsFromAPipeAsFromAFile() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 202)
        try TreeBuilder.write(data.text(1_200_000), to: scratch("orig"))
        let made = try FilterTests.shell("""
            "$SQ" compress -c --block-size 64KiB orig > squeeze.gz && bgzip -c orig > bgzf.gz \
            && cat squeeze.gz bgzf.gz > mixed.gz && head -c 40000 orig | gzip -c >> mixed.gz
            """, in: scratch.path)
        #expect(made.status == 0, "\(made.standardError)")
        for source in ["squeeze.gz", "bgzf.gz", "mixed.gz"] {
            let bytes = try TreeBuilder.read(scratch(source))
            for round in 0..<3 {
                var damaged = bytes
                let cut = data.int(in: 1...(bytes.count - 1))
                if round == 0 {
                    damaged = Array(bytes[..<cut])
                } else {
                    damaged[cut] ^= UInt8(1 << data.int(in: 0...7))
                }
                let label = "\(source) \(round == 0 ? "cut at" : "bit flipped at") \(cut)"
                try TreeBuilder.write(damaged, to: scratch("damaged.gz"))
                let run = try Self.decodeEveryWay("damaged.gz", in: scratch.path)
                #expect(run.status == 0, "\(label): \(run.standardError)")
                try Self.expectAgreement(scratch, label)
            }
        }
    }

    /// A long member without a length field (gzip's), cut or damaged far past the bytes a pipe
    /// keeps: zlib cannot decode it again from its start, and the message still says what is
    /// wrong with the data, never that the pipe cannot seek.
    @Test func aLongPlainMemberDamagedDeepInAPipeSaysWhatIsWrong() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 303)
        try TreeBuilder.write(data.randomBytes(3_000_000), to: scratch("orig"))
        let made = try FilterTests.shell("""
            gzip -c orig > plain.gz && head -c 2000000 plain.gz > cut.gz
            cat cut.gz | "$SQ" decompress > pipe.out 2> pipe.err; echo $? > pipe.rc
            """, in: scratch.path)
        #expect(made.status == 0, "\(made.standardError)")
        let code = String(decoding: try TreeBuilder.read(scratch("pipe.rc")), as: UTF8.self)
        let message = String(decoding: try TreeBuilder.read(scratch("pipe.err")), as: UTF8.self)
        #expect(code.hasPrefix("1"), "exit \(code): \(message)")
        #expect(message.contains("unexpected end of file"), "\(message)")
        #expect(!message.contains("Illegal seek"), "\(message)")
    }
}
