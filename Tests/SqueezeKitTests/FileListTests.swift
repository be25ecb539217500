import Foundation
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

@Suite struct FileListTests {
    func list(_ bytes: [UInt8], _ separator: FileList.Separator) throws -> (FileList, TemporaryDirectory) {
        let scratch = try TemporaryDirectory()
        try Data(bytes).write(to: URL(fileURLWithPath: scratch("list")))
        return (FileList(source: PathName(scratch("list")), separator: separator), scratch)
    }

    @Test func newlineSeparatedNamesKeepTheirBytes() throws {
        let (list, scratch) = try list(Array("a b\n\ncaf".utf8) + [0xE9] + Array("\nlast".utf8), .newline)
        _ = scratch
        #expect(try list.names() == [PathName("a b"), PathName(bytes: Array("caf".utf8) + [0xE9]), PathName("last")])
    }

    @Test func nulSeparatedNamesMayHoldNewlines() throws {
        let (list, scratch) = try list(Array("one\ntwo\0three\0\0".utf8), .nul)
        _ = scratch
        #expect(try list.names() == [PathName("one\ntwo"), PathName("three")])
    }

    @Test func recordsAcrossTheReadChunksAreWhole() throws {
        // Names of 999 bytes, so that records straddle each 1 MiB chunk.
        let names = (0..<3000).map { index in String(format: "%05d", index) + String(repeating: "x", count: 994) }
        let (list, scratch) = try list(Array(names.joined(separator: "\0").utf8), .nul)
        _ = scratch
        #expect(try list.names() == names.map { PathName($0) })
    }

    @Test func sizedRecords() throws {
        let (list, scratch) = try list(Array("12\ta/b\0000\tempty\0007\tx\ty\0".utf8), .nul)
        _ = scratch
        var records: [(Int64, PathName)] = []
        try list.forEachSizedRecord { size, path in records.append((size, PathName(bytes: path))) }
        #expect(records.map(\.0) == [12, 0, 7])
        #expect(records.map(\.1) == [PathName("a/b"), PathName("empty"), PathName("x\ty")])
    }

    @Test(arguments: ["a/b\0", "x1\ta\0", "\ta\0", "12\t\0"])
    func malformedSizedRecordsNameTheRecord(text: String) throws {
        let (list, scratch) = try list(Array("5\tfine\0".utf8) + Array(text.utf8), .nul)
        _ = scratch
        #expect {
            try list.forEachSizedRecord { _, _ in }
        } throws: { error in
            "\(error)".contains("record 2") && "\(error)".contains("SIZE<TAB>PATH")
        }
    }

    @Test func aMissingListIsAnErrorNamingIt() throws {
        let list = FileList(source: PathName("/nonexistent/list"), separator: .newline)
        #expect { try list.names() } throws: { "\($0)".contains("/nonexistent/list") }
    }
}
