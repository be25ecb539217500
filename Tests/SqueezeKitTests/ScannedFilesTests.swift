import Glibc
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

@Suite struct ScannedFilesTests {
    static func status(size: Int64, seconds: Int64) -> FileStatus {
        var raw = stat()
        raw.st_mode = S_IFREG | 0o4751
        raw.st_size = Int(size)
        raw.st_mtim = timespec(tv_sec: Int(seconds), tv_nsec: 999_999_999)
        raw.st_atim = timespec(tv_sec: -5, tv_nsec: 1)
        raw.st_ctim = timespec(tv_sec: Int(seconds) + 1, tv_nsec: 7)
        raw.st_dev = UInt(UInt32.max) + 3
        raw.st_ino = UInt(seconds) << 40
        raw.st_nlink = 3
        raw.st_uid = 1000
        raw.st_gid = 4_000_000_000
        return FileStatus(raw)
    }

    /// Every file comes back as it went in (paths byte for byte, status field for field), across
    /// several chunks of records and of path bytes, including a path longer than a whole chunk.
    @Test func filesComeBackExactlyAcrossChunks() {
        var store = ScannedFiles()
        var expected: [ScannedFile] = []
        let count = ScannedFiles.recordsPerChunk * 2 + 17
        for index in 0..<count {
            let name = PathName(bytes: Array("f\(index)".utf8) + (index % 3 == 0 ? [0xFF, 0x80] : []))
            let relative = index % 5 == 0 ? PathName("elsewhere/\(index)") : PathName("sub").appending(name)
            let path = index == 100
                ? PathName(bytes: [UInt8](repeating: UInt8(ascii: "d"), count: ScannedFiles.arenaChunkSize + 10)).appending(relative)
                : PathName("/root/sub").appending(name)
            let file = ScannedFile(path: path, relativePath: relative, status: Self.status(size: Int64(index * 7 % 1000), seconds: Int64(index)))
            store.append(file)
            expected.append(file)
        }
        #expect(store.count == count)
        #expect(Array(store) == expected)
        #expect(store.status(at: 42) == expected[42].status)
        #expect(store.size(at: 43) == expected[43].status.size)
    }

    /// A relative path that is the path's tail is kept as a length, one that is not apart; either
    /// reads back the same, through the store too, and a path changed later keeps its old one.
    @Test func relativePathIsThePathsTailOrKeptApart() {
        let status = Self.status(size: 1, seconds: 1)
        var tail = ScannedFile(path: "/root/sub/a", relativePath: "sub/a", status: status)
        let apart = ScannedFile(path: "/root/sub/a", relativePath: "other/a", status: status)
        #expect(tail.relativeTail == 5 && apart.relativeTail == nil)
        var store = ScannedFiles()
        store.append(tail)
        store.append(apart)
        #expect(store[0].relativeTail == 5 && store[0] == tail)
        #expect(store[1].relativeTail == nil && store[1] == apart)
        tail.path = "/elsewhere/b"
        #expect(tail.relativePath == "sub/a")
        tail.relativePath = "b"
        #expect("\(tail.relativePath)" == "b" && "\(tail.path)" == "/elsewhere/b")
    }

    @Test func ordersLargestFirstThenByPath() {
        var store = ScannedFiles()
        for (name, size) in [("b", 10), ("a", 10), ("c", 500), ("d", 0)] {
            store.append(path: PathName(name), relativePath: PathName(name), status: Self.status(size: Int64(size), seconds: 1))
        }
        let order = store.indicesLargestFirst([0, 1, 2, 3]).map { "\(store[Int($0)].path)" }
        #expect(order == ["c", "a", "b", "d"])
    }
}
