import Foundation
import Glibc
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// The scanner's archive selection: every kind of entry, each directory before its contents.
@Suite struct TreeScannerArchiveEntriesTests {
    static func scan(_ root: String, filter: PathFilter = PathFilter()) -> ScanResult {
        TreeScanner(options: ScanOptions(selection: .archiveEntries, filter: filter)).scan([PathName(root)])
    }

    @Test func everyKindButSocketsInWalkOrder() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("a", to: scratch("tree/b.txt"))
        try TreeBuilder.write("a", to: scratch("tree/a/z.gz"))
        try TreeBuilder.write("a", to: scratch("tree/a/y/x"))
        try TreeBuilder.makeSymlink(scratch("tree/link"), to: "b.txt")
        try TreeBuilder.makeFIFO(scratch("tree/fifo"))
        try TreeBuilder.makeSocket(scratch("tree/socket"))
        let result = Self.scan(scratch("tree"))
        #expect(result.files.map(\.relativePath.description) == ["", "a", "a/y", "a/y/x", "a/z.gz", "b.txt", "fifo", "link"])
        #expect(result.files.map(\.status.kind) == [.directory, .directory, .directory, .regular, .regular, .regular, .fifo, .symbolicLink])
        #expect(result.skipped.map(\.reason) == [.special(.socket)])
    }

    @Test func excludesPruneAndIncludesSelectFilesOnly() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("a", to: scratch("tree/keep/a.c"))
        try TreeBuilder.write("a", to: scratch("tree/keep/a.o"))
        try TreeBuilder.write("a", to: scratch("tree/build/b.c"))
        try TreeBuilder.makeSymlink(scratch("tree/keep/link.o"), to: "a.o")
        let result = Self.scan(scratch("tree"), filter: PathFilter(includes: ["*.c"], excludes: ["build"]))
        #expect(result.files.map(\.relativePath.description) == ["", "keep", "keep/a.c"])
    }
}
