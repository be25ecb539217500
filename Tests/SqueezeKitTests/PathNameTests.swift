@testable import SqueezeKit
import Testing

@Suite struct PathNameTests {
    /// What a hostile name would send a terminal is printed as escapes, as `ls -b` does.
    @Test func namesAreEscapedForTheTerminal() {
        #expect(PathName("plain/naïve.txt").escapedForTerminal == "plain/naïve.txt")
        #expect(PathName(bytes: Array("a\u{1B}[2Jb".utf8)).escapedForTerminal == "a\\033[2Jb")
        #expect(PathName(bytes: [0x63, 0x61, 0x66, 0xE9]).escapedForTerminal == "caf\\351")
        #expect(PathName(bytes: [0x0A, 0x7F, 0x5C]).escapedForTerminal == "\\012\\177\\\\")
        #expect(PathName(bytes: [0xC2, 0x9B, 0x41]).escapedForTerminal == "\\302\\233A")
        #expect(PathName(bytes: [0xF0, 0x9F, 0x98, 0x80]).escapedForTerminal == "😀")
        #expect(PathName(bytes: [0xE2, 0x82]).escapedForTerminal == "\\342\\202")
        #expect(PathName("ok").isValidUTF8 && !PathName(bytes: [0xFF]).isValidUTF8)
    }

    @Test func componentsAndParents() {
        #expect(PathName("a/b/c").lastComponent == "c")
        #expect(PathName("a/b/c/").lastComponent == "c")
        #expect(PathName("a/b/c").parent == "a/b")
        #expect(PathName("c").parent == ".")
        #expect(PathName("/c").parent == "/")
        #expect(PathName("/").lastComponent == "/")
    }

    /// The parent of every shape of path, and the C string an output's directory is opened by (built
    /// from the path's bytes without making the parent) naming the same directory.
    @Test func parentsOfEveryShape() {
        let parents: [(PathName, PathName)] = [
            ("a/b/c", "a/b"), ("a//b//c//", "a//b"), ("c", "."), ("c/", "."), ("", "."), ("/c", "/"), ("//c", "/"),
            ("/", "/"), ("//", "/"), ("/a/b", "/a"), ("./c", "."), ("../c", ".."),
        ]
        for (path, parent) in parents {
            #expect(path.parent == parent, "parent of '\(path)'")
            #expect(path.withParentCString { String(cString: $0) } == parent.description, "C string of the parent of '\(path)'")
        }
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
