import Foundation
import SqueezeTestSupport
import Testing

/// The public conformance vectors in ../shared/interop (Go's compress/gzip tests, GNU gzip's tests,
/// zlib's infcover, libarchive's gzip tests), with the outcome MANIFEST.txt gives for each, and the
/// vectors it says to generate. Skipped when the directory is absent.
@Suite(.enabled(if: Squeeze.interopDirectory != nil, "../shared/interop is not present"))
struct InteropVectorTests {
    struct Vector: Sendable, CustomStringConvertible {
        var path: String
        var status: Int32
        /// Where the expected output comes from, when the vector is valid.
        var output: ExpectedOutput? = nil
        /// A piece of the message, for vectors that must be rejected.
        var message: String? = nil

        var description: String { path }
    }

    enum ExpectedOutput: Sendable {
        case bytes([UInt8])
        /// go-gzip's NN-name.gz.expected-output.
        case goFile
    }

    static let vectors: [Vector] = [
        Vector(path: "go-gzip/00-empty-txt.gz", status: 0, output: .goFile),
        Vector(path: "go-gzip/01-empty-with-no-file-name.gz", status: 0, output: .goFile),
        Vector(path: "go-gzip/02-hello-txt.gz", status: 0, output: .goFile),
        Vector(path: "go-gzip/03-hello-txt-x2.gz", status: 0, output: .goFile),
        Vector(path: "go-gzip/04-shesells-txt.gz", status: 0, output: .goFile),
        Vector(path: "go-gzip/05-gettysburg.gz", status: 0, output: .goFile),
        Vector(path: "go-gzip/06-hello-txt-garbage.gz", status: 2, output: .goFile, message: "trailing garbage ignored"),
        Vector(path: "go-gzip/07-hello-txt-garbage.gz", status: 1, message: "unexpected end of file"),
        Vector(path: "go-gzip/08-hello-txt-corrupt-checksum.gz", status: 1, message: "crc error"),
        Vector(path: "go-gzip/09-hello-txt-corrupt-size.gz", status: 1, message: "length error"),
        Vector(path: "go-gzip/10-header-with-all-fields-used.gz", status: 0, output: .goFile),
        Vector(path: "go-gzip/11-truncated-gzip-file-amid-raw-block.gz", status: 1, message: "unexpected end of file"),
        Vector(path: "go-gzip/12-truncated-gzip-file-amid-fixed-block.gz", status: 1, message: "unexpected end of file"),
        Vector(path: "go-gzip/13-gzip-header-with-truncated-name.gz", status: 1, message: "unexpected end of file"),
        Vector(path: "go-gzip/14-gzip-header-with-truncated-comment.gz", status: 1, message: "unexpected end of file"),
        Vector(path: "go-gzip/issue6550.gz", status: 1, message: "reserved header flags"),
        Vector(path: "gnu-gzip/hufts-segv.gz", status: 1, message: "invalid compressed data"),
        Vector(path: "gnu-gzip/bug33501.gz", status: 1, message: "invalid compressed data--empty code lengths set"),
        Vector(path: "gnu-gzip/trailing-nul-0.gz", status: 0, output: .bytes(Array("0\n".utf8))),
        Vector(path: "gnu-gzip/trailing-nul-00.gz", status: 0, output: .bytes(Array("00\n".utf8))),
        Vector(path: "gnu-gzip/trailing-byte-1.gz", status: 1, message: "unexpected end of file"),
        Vector(path: "gnu-gzip/unpack-invalid-1.gz", status: 1, message: "invalid distance too far back"),
        // pack data, read as gzip reads it (`OtherInputFormatsTests`): a tree gzip refuses.
        Vector(path: "gnu-gzip/unpack-invalid-2.gz", status: 1, message: "too few leaves in Huffman tree"),
        Vector(path: "gnu-gzip/unpack-invalid-3.gz", status: 1, message: "Huffman code bit length out of range"),
        Vector(path: "gnu-gzip/y2106.gz", status: 0, output: .bytes([])),
        Vector(path: "gnu-gzip/helin-segv.Z", status: 0, output: .bytes([0, 0])),
        Vector(path: "gnu-gzip/reference-empty.gz", status: 0, output: .bytes([])),
        Vector(path: "gnu-gzip/reference-a.gz", status: 0, output: .bytes(Array("a".utf8))),
        Vector(path: "gnu-gzip/reference-b.gz", status: 0, output: .bytes(Array("b".utf8))),
        Vector(path: "gnu-gzip/reference-c.gz", status: 0, output: .bytes(Array("c".utf8))),
        Vector(path: "gnu-gzip/reference-yyy.gz", status: 0, output: .bytes(Array("yyy".utf8))),
        Vector(path: "gnu-gzip/reference-zzzzzzzzzzz.gz", status: 0, output: .bytes(Array("zzzzzzzzzzz".utf8))),
        Vector(path: "zlib/infcover-bad-gzip-method.gz", status: 1, message: "unknown compression method"),
        Vector(path: "zlib/infcover-bad-gzip-flags.gz", status: 1, message: "reserved header flags"),
        Vector(path: "zlib/infcover-bad-header-crc.gz", status: 1, message: "header CRC mismatch"),
        Vector(path: "zlib/infcover-check-gzip-length-fhcrc-valid.gz", status: 0, output: .bytes([])),
        Vector(path: "zlib/infcover-incorrect-data-check.gz", status: 1),
        Vector(path: "zlib/infcover-incorrect-length-check.gz", status: 1, message: "length error"),
        Vector(path: "zlib/infcover-deflate-invalid-stored-block-lengths.gz", status: 1, message: "invalid stored block lengths"),
        Vector(path: "zlib/infcover-deflate-invalid-block-type.gz", status: 1, message: "invalid block type"),
        Vector(path: "zlib/infcover-deflate-too-many-length-or-distance-symbols.gz", status: 1, message: "too many length or distance symbols"),
        Vector(path: "zlib/infcover-deflate-invalid-code-lengths-set.gz", status: 1, message: "invalid code lengths set"),
        Vector(path: "zlib/infcover-deflate-invalid-bit-length-repeat.gz", status: 1, message: "invalid bit length repeat"),
        Vector(path: "zlib/infcover-deflate-invalid-code-missing-end-of-block.gz", status: 1, message: "missing end-of-block"),
        Vector(path: "zlib/infcover-deflate-invalid-distance-code.gz", status: 1, message: "invalid distance code"),
        Vector(path: "zlib/infcover-deflate-invalid-distance-too-far-back.gz", status: 1, message: "invalid distance too far back"),
        Vector(path: "libarchive/test_compat_gzip_1.tgz", status: 0),
        Vector(path: "libarchive/test_compat_gzip_2.tgz", status: 2, message: "trailing garbage ignored"),
        Vector(path: "libarchive/test_read_filter_gzip_recursive.gz", status: 1),
    ]

    static var interop: String { Squeeze.interopDirectory ?? "" }

    /// `decompress --stdout` (any name): the exit status, the message, and the exact output.
    @Test(arguments: vectors)
    func decompressesAsTheManifestSays(_ vector: Vector) throws {
        let result = try Squeeze.run(["decompress", "--stdout", "\(Self.interop)/\(vector.path)"])
        #expect(result.status == vector.status, "\(result.standardError)")
        if let message = vector.message { #expect(result.standardError.contains(message), "\(result.standardError)") }
        switch vector.output {
        case .bytes(let expected):
            #expect(Array(result.standardOutput) == expected)
        case .goFile:
            #expect(Array(result.standardOutput) == (try TreeBuilder.read("\(Self.interop)/\(vector.path).expected-output")))
        case nil:
            if vector.status == 0 {
                let gunzip = try CommandRunner.run("gzip", ["-dc", "\(Self.interop)/\(vector.path)"])
                #expect(result.standardOutput == gunzip.standardOutput)
            }
        }
    }

    /// `test` on each vector in its directory, all at once: the same verdicts, the batch going on.
    @Test func testGivesTheSameVerdictsInOneRun() throws {
        let scratch = try TemporaryDirectory()
        for vector in Self.vectors {
            try FileManager.default.copyItem(
                atPath: "\(Self.interop)/\(vector.path)", toPath: scratch(vector.path.replacingOccurrences(of: "/", with: "--")))
        }
        let result = try Squeeze.run(["test", scratch.path, "--json", "-", "-j", "2"])
        #expect(result.status == 1)
        let report = try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any]
        let failed = Set(((report?["failures"] as? [[String: String]]) ?? []).compactMap { $0["path"] })
        let warned = Set(((report?["warnings"] as? [[String: String]]) ?? []).compactMap { $0["path"] })
        for vector in Self.vectors where !vector.path.hasSuffix(".Z") {
            let path = scratch(vector.path.replacingOccurrences(of: "/", with: "--"))
            #expect(failed.contains(path) == (vector.status == 1), "\(vector.path)")
            #expect(warned.contains(path) == (vector.status == 2), "\(vector.path)")
        }
    }

    /// Go's TestCVE202230631: four million empty members (80 MB) decode to nothing without deep
    /// recursion. (How fast is the benchmarks' business: a timed bound here failed under
    /// ThreadSanitizer on a loaded machine while measuring nothing about correctness.)
    @Test func decodesFourMillionEmptyMembers() throws {
        let scratch = try TemporaryDirectory()
        let member: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0xA7, 0x8F, 0x43, 0x62, 0x00, 0x03, 0x03, 0x00] + Array(repeating: 0, count: 8)
        var bytes = [UInt8]()
        bytes.reserveCapacity(member.count * 4_000_000)
        for _ in 0..<4_000_000 { bytes += member }
        try TreeBuilder.write(bytes, to: scratch("empty-members.gz"))
        let result = try Squeeze.run(["decompress", scratch("empty-members.gz"), "-q"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try TreeBuilder.read(scratch("empty-members")).isEmpty)
    }

    /// Go's TestTruncatedStreams: every proper prefix of a valid stream is an unexpected end of
    /// file; the empty one is an empty file (gzip says "unexpected end of file" too: exit 1 either way).
    @Test func everyPrefixOfAValidStreamIsTruncated() throws {
        let scratch = try TemporaryDirectory()
        let stream = try TreeBuilder.read("\(Self.interop)/go-gzip/02-hello-txt.gz")
        for length in 0..<stream.count {
            try TreeBuilder.write(Array(stream[..<length]), to: scratch("prefix-\(length).gz"))
        }
        let result = try Squeeze.run(["decompress", scratch.path, "-j", "2"])
        #expect(result.status == 1)
        #expect(result.output.contains("0 files done, 0 skipped, \(stream.count) failed"), "\(result.output)")
        for length in 1..<stream.count {
            #expect(result.standardError.contains("prefix-\(length).gz: unexpected end of file"), "prefix of \(length)")
        }
        #expect(result.standardError.contains("prefix-0.gz: empty file"))
        #expect(TreeBuilder.files(under: scratch.path).count == stream.count, "no output, no temporary")
    }
}
