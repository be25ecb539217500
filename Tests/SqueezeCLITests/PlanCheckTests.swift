import Foundation
import SqueezeTestSupport
import Testing

/// A plan lives where others may write: `compress --plan` checks the shard's list against the
/// manifest before it touches a file, and refuses a plan that does not hold together (exit 1, the
/// reason, nothing compressed or removed, even under `--rm`). Each hostile edit is tried on the
/// list alone, and with the manifest forged to match (its counts, length and SHA-256 made the
/// list's): each name is checked on its own as well.
@Suite struct PlanCheckTests {
    /// A tree, a plan of it in 3 shards, a file beside the tree that no shard names, and a
    /// snapshot of it all.
    static func makePlan(in scratch: TemporaryDirectory) throws -> TreeSnapshot {
        _ = try ShardCommandTests.makeTree(in: scratch)
        try TreeBuilder.write("not planned\n", to: scratch("outside.txt"))
        let plan = try Squeeze.run(["plan", "tree", "--shards", "3", "-o", "plan", "-q"], currentDirectory: scratch.path)
        #expect(plan.status == 0, "\(plan.standardError)")
        return TreeSnapshot(of: scratch.path, excluding: ["plan"])
    }

    /// Runs shard 0 of the plan with `--rm`; expects the refusal naming `reason`, and nothing
    /// touched.
    static func expectRefused(_ reason: String, in scratch: TemporaryDirectory, before: TreeSnapshot) throws {
        let result = try Squeeze.run(["compress", "--plan", "plan", "--shard", "0", "--rm"], currentDirectory: scratch.path)
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains("the plan 'plan' is refused: "), "\(result.standardError)")
        #expect(result.standardError.contains(reason), "\(result.standardError)")
        #expect(result.standardError.contains("no file was touched"))
        #expect(TreeSnapshot(of: scratch.path, excluding: ["plan"]) == before)
    }

    static func append(_ name: String, toShard index: Int, in scratch: TemporaryDirectory) throws {
        let path = scratch("plan/shard-\(index)")
        try TreeBuilder.write(try TreeBuilder.read(path) + Array(name.utf8) + [0], to: path)
    }

    /// Makes the manifest agree with shard `index`'s list as it now is: its count (and the total),
    /// its length and its SHA-256 (by `sha256sum`).
    static func forgeManifest(forShard index: Int, in scratch: TemporaryDirectory) throws {
        let list = try TreeBuilder.read(scratch("plan/shard-\(index)"))
        let digest = try CommandRunner.run("sha256sum", [scratch("plan/shard-\(index)")]).output.prefix(64)
        var manifest = try ShardCommandTests.json(scratch("plan/manifest.json"))
        var shards = manifest["shards"] as! [[String: Any]]
        let names = list.split(separator: 0).count
        manifest["files"] = (manifest["files"] as! Int) - (shards[index]["files"] as! Int) + names
        shards[index]["files"] = names
        shards[index]["listBytes"] = list.count
        shards[index]["listSHA256"] = String(digest)
        manifest["shards"] = shards
        try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: scratch("plan/manifest.json")))
    }

    static func firstName(ofShard index: Int, in scratch: TemporaryDirectory) throws -> String {
        try #require(try ShardCommandTests.list(scratch("plan/shard-\(index)")).first)
    }

    @Test(arguments: [false, true])
    func anAbsoluteNameOutsideTheRoots(forged: Bool) throws {
        let scratch = try TemporaryDirectory()
        let before = try Self.makePlan(in: scratch)
        try Self.append(scratch("outside.txt"), toShard: 0, in: scratch)
        if forged { try Self.forgeManifest(forShard: 0, in: scratch) }
        try Self.expectRefused("which is not under the plan's roots (tree)", in: scratch, before: before)
    }

    @Test(arguments: [false, true])
    func aNameThatLeavesItsRootThroughDotDot(forged: Bool) throws {
        let scratch = try TemporaryDirectory()
        let before = try Self.makePlan(in: scratch)
        try Self.append("tree/d0/../../outside.txt", toShard: 0, in: scratch)
        if forged { try Self.forgeManifest(forShard: 0, in: scratch) }
        try Self.expectRefused("which leaves its root through '..'", in: scratch, before: before)
    }

    /// `tre` for `tree/…`: a list cut inside a name is not compressed as a prefix.
    @Test(arguments: [false, true])
    func aListCutInsideAName(forged: Bool) throws {
        let scratch = try TemporaryDirectory()
        let before = try Self.makePlan(in: scratch)
        let list = try TreeBuilder.read(scratch("plan/shard-0"))
        try TreeBuilder.write(Array(list.dropLast(4)), to: scratch("plan/shard-0"))
        if forged { try Self.forgeManifest(forShard: 0, in: scratch) }
        try Self.expectRefused("shard-0 ends inside a name", in: scratch, before: before)
    }

    /// Another shard's name moved in: the digest ties each list to the manifest. (With the
    /// manifest rewritten to match, a plan is whatever its writer made it, within its roots:
    /// that is what the README says a plan directory's permissions must guard.)
    @Test func anotherShardsName() throws {
        let scratch = try TemporaryDirectory()
        let before = try Self.makePlan(in: scratch)
        var list = try ShardCommandTests.list(scratch("plan/shard-0"))
        list[list.count - 1] = try Self.firstName(ofShard: 1, in: scratch)
        try TreeBuilder.write(list.flatMap { Array($0.utf8) + [0] }, to: scratch("plan/shard-0"))
        let manifest = try ShardCommandTests.json(scratch("plan/manifest.json"))
        let recorded = (manifest["shards"] as! [[String: Any]])[0]["listBytes"] as! Int
        if try TreeBuilder.read(scratch("plan/shard-0")).count == recorded {
            try Self.expectRefused("shard-0 is not the list the plan wrote (its SHA-256 is not the manifest's)", in: scratch, before: before)
        } else {
            try Self.expectRefused("shard-0 is", in: scratch, before: before)
        }
        try Self.append(try Self.firstName(ofShard: 2, in: scratch), toShard: 0, in: scratch)
        try Self.expectRefused("names, the manifest says", in: scratch, before: before)
    }

    @Test(arguments: [false, true])
    func aDuplicateName(forged: Bool) throws {
        let scratch = try TemporaryDirectory()
        let before = try Self.makePlan(in: scratch)
        try Self.append(try Self.firstName(ofShard: 0, in: scratch), toShard: 0, in: scratch)
        if forged { try Self.forgeManifest(forShard: 0, in: scratch) }
        try Self.expectRefused("twice", in: scratch, before: before)
    }

    @Test(arguments: [(99, "it is of format 99; this squeeze reads format 2"), (1, "it is of format 1, made by an earlier squeeze")])
    func anUnknownFormatVersion(version: Int, reason: String) throws {
        let scratch = try TemporaryDirectory()
        let before = try Self.makePlan(in: scratch)
        var manifest = try ShardCommandTests.json(scratch("plan/manifest.json"))
        manifest["formatVersion"] = version
        try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: scratch("plan/manifest.json")))
        try Self.expectRefused(reason, in: scratch, before: before)
    }

    /// A list that is a FIFO would hang the task in its open; a manifest that is not JSON.
    @Test func aListThatIsAFIFOAndAManifestThatIsNot() throws {
        let scratch = try TemporaryDirectory()
        let before = try Self.makePlan(in: scratch)
        try FileManager.default.removeItem(atPath: scratch("plan/shard-0"))
        try TreeBuilder.makeFIFO(scratch("plan/shard-0"))
        try Self.expectRefused("shard-0 is not a regular file but a fifo", in: scratch, before: before)
        try TreeBuilder.write("{ \"formatVersion\": 2, \"shards\": [", to: scratch("plan/manifest.json"))
        try Self.expectRefused("manifest.json is not a squeeze plan manifest", in: scratch, before: before)
    }

    /// An untouched plan still runs, under `--rm` too, with the same names it always had.
    @Test func anUntouchedPlanRuns() throws {
        let scratch = try TemporaryDirectory()
        _ = try Self.makePlan(in: scratch)
        let names = try ShardCommandTests.list(scratch("plan/shard-0"))
        let result = try Squeeze.run(["compress", "--plan", "plan", "--shard", "0", "--rm", "-q"], currentDirectory: scratch.path)
        #expect(result.status == 0, "\(result.standardError)")
        for name in names {
            #expect(FileManager.default.fileExists(atPath: scratch(name + ".gz")) && !FileManager.default.fileExists(atPath: scratch(name)))
        }
    }
}
