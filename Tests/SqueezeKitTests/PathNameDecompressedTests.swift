import Testing
@testable import SqueezeKit

@Suite struct PathNameDecompressedTests {
    @Test func stripsTheGzipSuffix() {
        #expect(PathName("a/b.txt.gz").decompressedPath == "a/b.txt")
        #expect(PathName("logs.tgz").decompressedPath == "logs.tar")
        #expect(PathName("dir/.hidden.gz").decompressedPath == "dir/.hidden")
        #expect(PathName(bytes: [0xFF, 0x2E, 0x67, 0x7A]).decompressedPath == PathName(bytes: [0xFF]))
    }

    @Test func refusesNamesWithoutOne() {
        #expect(PathName("a/b.zip").decompressedPath == nil)
        #expect(PathName("dir/.gz").decompressedPath == nil)
        #expect(PathName(".tgz").decompressedPath == nil)
        #expect(PathName("a.gz.txt").decompressedPath == nil)
    }
}
