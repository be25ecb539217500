@testable import SqueezeKit
import Testing

@Suite struct PathNameTests {
    @Test func componentsAndParents() {
        #expect(PathName("a/b/c").lastComponent == "c")
        #expect(PathName("a/b/c/").lastComponent == "c")
        #expect(PathName("a/b/c").parent == "a/b")
        #expect(PathName("c").parent == ".")
        #expect(PathName("/c").parent == "/")
        #expect(PathName("/").lastComponent == "/")
    }

    @Test func appendingNeverDoublesSlashes() {
        #expect(PathName("a/").appending("b") == "a/b")
        #expect(PathName("a").appending("/b") == "a/b")
        #expect(PathName("").appending("b") == "b")
        #expect(PathName("a").appending("") == "a")
    }

    @Test func suffixes() {
        let path = PathName("dir/file.tar.gz")
        #expect(path.hasSuffix(".gz"))
        #expect(!path.hasSuffix(".tgz"))
        #expect(path.removingSuffix(".gz") == "dir/file.tar")
        #expect(PathName("x").appendingSuffix(".gz") == "x.gz")
    }

    /// Bytes that are not UTF-8 survive: the path still names the same file.
    @Test func invalidUTF8IsKeptAsBytes() {
        let raw: [UInt8] = [0x66, 0xFF, 0xFE, 0x2E, 0x74]
        let path = PathName(bytes: raw).appendingSuffix(".gz")
        #expect(path.bytes == raw + Array(".gz".utf8))
        let viaC = path.withCString { pointer in
            (0..<path.bytes.count).map { UInt8(bitPattern: pointer[$0]) }
        }
        #expect(viaC == path.bytes)
        #expect(path.description.contains("\u{FFFD}"))
    }

    @Test func ordersByBytes() {
        #expect(PathName("B") < PathName("a"))
        #expect(PathName("a") < PathName("ab"))
        #expect([PathName("b"), "a", "c"].sorted() == ["a", "b", "c"])
    }
}
