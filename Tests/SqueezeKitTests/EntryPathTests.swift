@testable import SqueezeKit
import Testing

@Suite struct EntryPathTests {
    @Test(arguments: [
        ("a", "a"), ("a/b/c", "a/b/c"), ("./a/b", "a/b"), ("a//b/./c/", "a/b/c"), ("dir/", "dir"),
        (".", ""), ("./", ""), ("a/.../b", "a/.../b"), ("..a/b..", "..a/b.."),
        ("a/./b", "a/b"), ("a/.", "a"), (".a/.b", ".a/.b"), ("a/b/", "a/b"),
    ])
    func namesInsideTheDestinationAreKept(name: String, relative: String) throws {
        #expect(try EntryPath.relative(PathName(name)) == PathName(relative))
    }

    @Test func nonUTF8BytesSurvive() throws {
        let name = PathName(bytes: Array("dir/bad".utf8) + [0x80, 0xFF])
        #expect(try EntryPath.relative(name) == name)
    }

    @Test(arguments: [
        ("/etc/passwd", EntryRefusal.absoluteName), ("//x", .absoluteName), ("/", .absoluteName),
        ("..", .parentReference), ("../x", .parentReference), ("a/../../x", .parentReference),
        ("a/..", .parentReference), ("./..//x", .parentReference), ("a/..b/../c", .parentReference), ("", .emptyName),
    ])
    func namesThatCouldLeaveAreRefused(name: String, refusal: EntryRefusal) {
        #expect(throws: refusal) { try EntryPath.relative(PathName(name)) }
    }
}
