import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// The same `squeeze compress` run again, with no new flag, after a run that finished, was cut
/// short or partly failed: outputs that are complete and their sources' are found done (left as
/// they are, counted apart from what was compressed, and out of the rate), the missing ones are
/// made, and an output that is not its source's is refused with a warning naming --force.
/// `--force` still redoes everything.
@Suite struct RerunTests {
    static func makeTree(_ root: String, seed: UInt64) throws -> [String: [UInt8]] {
        var data = TestData(seed: seed)
        var contents: [String: [UInt8]] = [:]
        for index in 0..<60 {
            // A few past twice the block size (split), the others small.
            let size = index % 20 == 7 ? 300_000 + index : data.int(in: 0...20_000)
            contents["d\(index % 4)/f\(index).txt"] = data.text(size)
        }
        for (name, bytes) in contents { try TreeBuilder.write(bytes, to: "\(root)/\(name)") }
        return contents
    }

    static func inode(_ path: String) -> UInt64? {
        var status = stat()
        return stat(path, &status) == 0 ? UInt64(status.st_ino) : nil
    }

    static func json(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
    }

    static func expectDecodes(_ contents: [String: [UInt8]], under root: String) throws {
        for (name, bytes) in contents {
            let decoded = try CommandRunner.run("gzip", ["-dc", "\(root)/\(name).gz"])
            #expect(Array(decoded.standardOutput) == bytes, "\(name)")
        }
    }

    /// In the mode where the walk and the work overlap (the default) and in the one that walks
    /// first (`sequential`).
    @Test(arguments: [["--mode", "apply", "-j", "2"], ["--mode", "sequential"]])
    func aRerunFindsDoneWhatWasDoneAndFinishesTheRest(scheduling: [String]) throws {
        let scratch = try TemporaryDirectory()
        var contents = try Self.makeTree(scratch("tree"), seed: 29)
        let first = try Squeeze.run(["compress", "tree", "-q"] + scheduling, currentDirectory: scratch.path)
        #expect(first.status == 0, "\(first.standardError)")
        let names = contents.keys.sorted()
        let inodes = Dictionary(uniqueKeysWithValues: names.map { ($0, Self.inode(scratch("tree/\($0).gz"))) })

        // A run cut short, as an interrupt or a crash leaves it: some outputs never made (one of
        // them split), and one source rewritten since its output was made.
        let missing = [names[3], names[10], names[25], "d3/f7.txt"]
        for name in missing { #expect(unlink(scratch("tree/\(name).gz")) == 0) }
        let rewritten = names[40]
        contents[rewritten] = Array("rewritten since\n".utf8)
        try TreeBuilder.write(contents[rewritten]!, to: scratch("tree/\(rewritten)"))
        #expect(try CommandRunner.run("touch", ["-d", "2030-01-01", scratch("tree/\(rewritten)")]).status == 0)

        let again = try Squeeze.run(["compress", "tree", "--json", "again.json"] + scheduling, currentDirectory: scratch.path)
        #expect(again.status == 2, "the rewritten source's output is refused: \(again.standardError)")
        let found = names.count - missing.count - 1
        #expect(again.output.contains("\(names.count - 1) files done (\(missing.count) compressed, \(found) found done), "), "\(again.output)")
        #expect(again.standardError.contains(
            "squeeze: warning: tree/\(rewritten): 'tree/\(rewritten).gz' already exists and is not this file's complete output (use --force to overwrite)"),
            "\(again.standardError)")
        #expect(again.standardError.split(separator: "\n").count == 1, "one warning, for the rewritten source: \(again.standardError)")
        let report = try Self.json(scratch("again.json"))
        #expect(report["filesDone"] as? Int == names.count - 1)
        #expect(report["filesResumed"] as? Int == found)
        let foundBytes = names.filter { !missing.contains($0) && $0 != rewritten }.reduce(0) { $0 + contents[$1]!.count }
        #expect(report["bytesResumed"] as? Int == foundBytes)
        // The rate is that of what was compressed, not of what was found.
        let compressedBytes = missing.reduce(0) { $0 + contents[$1]!.count }
        let wall = try #require(report["wallSeconds"] as? Double)
        let rate = try #require(report["megabytesPerSecond"] as? Double)
        #expect(abs(rate - Double(compressedBytes) / 1e6 / wall) < 1e-6 * max(rate, 1))
        // What was found done was left as it was; the rest is made.
        for name in names where !missing.contains(name) { #expect(Self.inode(scratch("tree/\(name).gz")) == inodes[name]!, "\(name)") }
        var unchanged = contents
        unchanged.removeValue(forKey: rewritten)
        try Self.expectDecodes(unchanged, under: scratch("tree"))

        // Once more: everything is found done, nothing compressed, nothing warned.
        let third = try Squeeze.run(["compress", "tree", "--exclude", rewritten.split(separator: "/").last.map(String.init)!] + scheduling, currentDirectory: scratch.path)
        #expect(third.status == 0, "\(third.standardError)")
        #expect(third.output.contains("\(names.count - 1) files done (0 compressed, \(names.count - 1) found done)"), "\(third.output)")
        #expect(third.output.contains(" 0 files/s"), "\(third.output)")

        // --force redoes everything, the rewritten source's output included.
        let forced = try Squeeze.run(["compress", "tree", "--force", "-q"] + scheduling, currentDirectory: scratch.path)
        #expect(forced.status == 0, "\(forced.standardError)")
        try Self.expectDecodes(contents, under: scratch("tree"))
        #expect(Self.inode(scratch("tree/\(names[0]).gz")) != inodes[names[0]]!)
    }

    /// Named files (no listing to see their outputs in) and an output directory: the output met
    /// before reading (a large file) or at the commit (a small one) is judged there.
    @Test func namedFilesAndAnOutputDirectoryAreFoundDoneToo() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 30)
        let (small, large) = (data.text(3_000), data.text(200_000))
        try TreeBuilder.write(small, to: scratch("small.txt"))
        try TreeBuilder.write(large, to: scratch("large.txt"))
        for arguments in [["small.txt", "large.txt"], ["small.txt", "large.txt", "-o", "out"]] {
            let first = try Squeeze.run(["compress", "-q"] + arguments, currentDirectory: scratch.path)
            #expect(first.status == 0, "\(first.standardError)")
            let again = try Squeeze.run(["compress"] + arguments, currentDirectory: scratch.path)
            #expect(again.status == 0, "\(again.standardError)")
            #expect(again.output.contains("2 files done (0 compressed, 2 found done)"), "\(arguments): \(again.output)")
        }
        // Another file at an output's name is refused, and left as it was.
        try TreeBuilder.write("not squeeze's\n", to: scratch("out/small.txt.gz"))
        let refused = try Squeeze.run(["compress", "small.txt", "large.txt", "-o", "out"], currentDirectory: scratch.path)
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("is not this file's complete output (use --force to overwrite)"), "\(refused.standardError)")
        #expect(try TreeBuilder.read(scratch("out/small.txt.gz")) == Array("not squeeze's\n".utf8))
    }

    /// A shard of a plan run again without --resume: its named files' outputs are checked before
    /// anything is compressed, so the rerun finds them all done.
    @Test func aPlansShardRunAgainWithoutResumeFindsItsFilesDone() throws {
        let scratch = try TemporaryDirectory()
        let contents = try Self.makeTree(scratch("tree"), seed: 31)
        #expect(try Squeeze.run(["plan", "tree", "--shards", "2", "-o", "plan", "-q"], currentDirectory: scratch.path).status == 0)
        let first = try Squeeze.run(["compress", "--plan", "plan", "--shard", "0", "-q", "--json", "first.json"], currentDirectory: scratch.path)
        #expect(first.status == 0, "\(first.standardError)")
        let done = try #require(try Self.json(scratch("first.json"))["filesDone"] as? Int)
        let again = try Squeeze.run(["compress", "--plan", "plan", "--shard", "0", "--json", "again.json"], currentDirectory: scratch.path)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.output.contains("\(done) files done (0 compressed, \(done) found done)"), "\(again.output)")
        let rest = try Squeeze.run(["compress", "--plan", "plan", "--shard", "1", "-q"], currentDirectory: scratch.path)
        #expect(rest.status == 0, "\(rest.standardError)")
        try Self.expectDecodes(contents, under: scratch("tree"))
    }

    /// Under --rm, a source whose output was found done is kept: this run did not make the
    /// output, and removing a source takes an output this run made and made durable.
    @Test func foundDoneSourcesAreKeptUnderRemove() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("one\n", to: scratch("tree/a"))
        try TreeBuilder.write("two\n", to: scratch("tree/b"))
        #expect(try Squeeze.run(["compress", "tree", "-q"], currentDirectory: scratch.path).status == 0)
        #expect(unlink(scratch("tree/b.gz")) == 0)
        let rerun = try Squeeze.run(["compress", "tree", "--rm"], currentDirectory: scratch.path)
        #expect(rerun.status == 0, "\(rerun.standardError)")
        #expect(TreeBuilder.files(under: scratch("tree")) == ["a", "a.gz", "b.gz"])
    }
}
