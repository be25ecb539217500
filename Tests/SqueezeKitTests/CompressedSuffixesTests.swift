import SqueezeKit
import Testing

@Suite struct CompressedSuffixesTests {
    @Test func squeezesOwnNames() {
        let squeeze = CompressedSuffixes.squeeze
        #expect(squeeze.decompressedPath("a/b.txt.gz") == "a/b.txt")
        #expect(squeeze.decompressedPath("logs.tgz") == "logs.tar")
        #expect(squeeze.decompressedPath("dir/.hidden.gz") == "dir/.hidden")
        #expect(squeeze.decompressedPath(PathName(bytes: [0xFF, 0x2E, 0x67, 0x7A])) == PathName(bytes: [0xFF]))
        for name: PathName in ["a/b.zip", "dir/.gz", ".tgz", "a.gz.txt", "a.Z", "a.GZ", "a-gz"] {
            #expect(squeeze.decompressedPath(name) == nil, "\(name)")
        }
    }

    /// gzip's `get_suffix` and `make_ofname`: its seven suffixes in any case, `.tgz` and `.taz`
    /// to `.tar` (in lower case), a `-S` suffix as well, never a name that is only the suffix.
    @Test func gzipsNames() {
        let gzip = CompressedSuffixes.gzip(extra: nil)
        let expected: [(PathName, PathName?)] = [
            ("a.gz", "a"), ("a.z", "a"), ("a.Z", "a"), ("a.GZ", "a"), ("dir/a-gz", "dir/a"), ("a-z", "a"), ("a_z", "a"),
            ("a_Z", "a"), ("x.tgz", "x.tar"), ("x.TGZ", "x.tar"), ("x.taz", "x.tar"), ("X.Taz", "X.tar"), ("a.gz/", "a"),
            (".gz", nil), ("dir/.gz", nil), ("dir/-z", nil), ("a.zip", nil), ("az", nil), ("a.gzip", nil),
        ]
        for (name, output) in expected { #expect(gzip.decompressedPath(name) == output, "\(name)") }
        let extra = CompressedSuffixes.gzip(extra: Array("T".utf8))
        #expect(extra.decompressedPath("kT") == "k")
        #expect(extra.decompressedPath("kt") == "k")
        #expect(extra.decompressedPath("k.gz") == "k")
        #expect(extra.decompressedPath("T") == nil)
        // A -S suffix that ends a built-in one is tried after them: `.tgz` still makes `.tar`.
        #expect(CompressedSuffixes.gzip(extra: Array("gz".utf8)).decompressedPath("a.tgz") == "a.tar")
        #expect(CompressedSuffixes.gzip(extra: Array("gz".utf8)).decompressedPath("agz") == "a")
        #expect(CompressedSuffixes.gzip(extra: Array("z".utf8)).decompressedPath("Fz") == "F")
    }
}
