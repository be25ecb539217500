import Foundation
import SqueezeTestSupport
import Testing

/// `squeeze archive` as a user runs it: the report, JSON, and what happens to an existing output.
@Suite struct ArchiveCommandTests {
    @Test func reportsLikeCompress() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 12)
        try TreeBuilder.write(data.text(200_000), to: scratch("tree/a.txt"))
        try TreeBuilder.write(data.text(100_000), to: scratch("tree/sub/b.txt"))
        let result = try Squeeze.run(["archive", scratch("tree"), "-o", scratch("t.tar.gz"), "--json", "-", "--mode", "group", "-j", "2"])
        #expect(result.status == 0, "\(result.standardError)")
        let report = try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any]
        #expect(report?["command"] as? String == "archive")
        #expect(report?["filesDone"] as? Int == 4)
        #expect(report?["bytesIn"] as? Int == 300_000)
        let size = try FileManager.default.attributesOfItem(atPath: scratch("t.tar.gz"))[.size] as? Int
        #expect(report?["bytesOut"] as? Int == size)
        #expect((report?["settings"] as? [String: Any])?["mode"] as? String == "group")
        #expect(result.standardError.contains("squeeze archive: 4 files done, 0 skipped, 0 failed"))
    }

    @Test func anExistingOutputIsKeptWithoutForce() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("a\n", to: scratch("tree/a.txt"))
        try TreeBuilder.write("precious\n", to: scratch("t.tar.gz"))
        let refused = try Squeeze.run(["archive", scratch("tree"), "-o", scratch("t.tar.gz")])
        #expect(refused.status == 1)
        #expect(refused.standardError == "squeeze: \(scratch("t.tar.gz")): already exists (use --force to overwrite); nothing was written\n")
        #expect(try TreeBuilder.read(scratch("t.tar.gz")) == Array("precious\n".utf8))
        let forced = try Squeeze.run(["archive", scratch("tree"), "-o", scratch("t.tar.gz"), "--force", "-q"])
        #expect(forced.status == 0)
        #expect(try CommandRunner.run("tar", ["-tzf", scratch("t.tar.gz")]).output == "tree/\ntree/a.txt\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["t.tar.gz", "tree"])
    }

    @Test func badOptionsAreUsageErrors() throws {
        let scratch = try TemporaryDirectory()
        #expect(try Squeeze.run(["archive", scratch.path]).status == 64)
        #expect(try Squeeze.run(["archive", scratch.path, "-o", scratch("x.tar.gz"), "--level", "13"]).status == 64)
    }
}
