import Foundation
import SqueezeTestSupport
import Testing

/// `plan`, `compress --plan/--shard/--files-from/--resume` and `report merge`, as a job on many
/// machines uses them: every file compressed exactly once, outputs that decode to their sources.
@Suite struct ShardCommandTests {
    /// 60 files of seeded sizes, one with a newline and one with a tab in its name.
    static func makeTree(in scratch: TemporaryDirectory) throws -> [String] {
        var data = TestData(seed: 11)
        var names: [String] = []
        for index in 0..<60 {
            let size = data.int(in: 0...40000) + (index == 7 ? 300_000 : 0)
            let name = index == 3 ? "d\(index % 4)/new\nline.txt" : index == 4 ? "d0/tab\there.txt" : "d\(index % 4)/f\(index).txt"
            try TreeBuilder.write(data.text(size), to: scratch("tree/\(name)"))
            names.append(name)
        }
        return names.sorted()
    }

    static func json(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
    }

    static func list(_ path: String) throws -> [String] {
        try TreeBuilder.read(path).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every source has its output, decoding to it, and nothing else is in the tree.
    static func expectAllCompressed(_ names: [String], in scratch: TemporaryDirectory) throws {
        #expect(TreeBuilder.files(under: scratch("tree")) == (names + names.map { $0 + ".gz" }).sorted())
        for name in names {
            let decoded = try CommandRunner.run("gzip", ["-dc", scratch("tree/\(name).gz")])
            #expect(decoded.status == 0)
            #expect(Array(decoded.standardOutput) == (try TreeBuilder.read(scratch("tree/\(name)"))), "\(name)")
        }
    }

    @Test func aPlanListsEveryFileOnceAndItsShardsCompressEachOnce() throws {
        let scratch = try TemporaryDirectory()
        let names = try Self.makeTree(in: scratch)
        let plan = try Squeeze.run(["plan", "tree", "--shards", "3", "-o", "plan"], currentDirectory: scratch.path)
        #expect(plan.status == 0, "\(plan.standardError)")
        #expect(plan.output.contains("planned 60 files"))
        let lists = try (0..<3).map { try Self.list(scratch("plan/shard-\($0)")) }
        #expect(lists.flatMap { $0 }.sorted() == names.map { "tree/\($0)" })
        let manifest = try Self.json(scratch("plan/manifest.json"))
        #expect(manifest["files"] as? Int == 60)
        #expect(manifest["shardCount"] as? Int == 3)
        let shards = manifest["shards"] as! [[String: Any]]
        #expect(shards.map { $0["files"] as! Int } == lists.map(\.count))

        // Shard 0 through its list, shard 1 by --shard, shard 2 from a Kubernetes index.
        let first = try Squeeze.run(["compress", "--files-from", "plan/shard-0", "--null", "-q", "--json", "r0.json"], currentDirectory: scratch.path)
        let second = try Squeeze.run(["compress", "--plan", "plan", "--shard", "1", "-q", "--json", "r1.json"], currentDirectory: scratch.path)
        let third = try CommandRunner.run(
            "env", ["JOB_COMPLETION_INDEX=2", Squeeze.binary, "compress", "--plan", "plan", "-q", "--json", "r2.json"],
            currentDirectory: scratch.path)
        for result in [first, second, third] { #expect(result.status == 0, "\(result.standardError)") }
        try Self.expectAllCompressed(names, in: scratch)
        #expect(try Self.json(scratch("r1.json"))["shard"] as? [String: Int] == ["index": 1, "count": 3])

        let merge = try Squeeze.run(["report", "merge", "r0.json", "r1.json", "r2.json", "--json", "m.json", "--svg", "m.svg"], currentDirectory: scratch.path)
        let merged = try Self.json(scratch("m.json"))
        #expect(merged["filesDone"] as? Int == 60)
        // A run of --files-from does not know it was shard 0 of the plan: the merge says so.
        #expect(merged["missingShards"] as? [Int] == [0])
        #expect(merge.status == 1)
        let complete = try Squeeze.run(["compress", "--plan", "plan", "--shard", "0", "--resume", "-q", "--json", "r0.json"], currentDirectory: scratch.path)
        #expect(complete.status == 0)
        let remerge = try Squeeze.run(["report", "merge", "r0.json", "r1.json", "r2.json", "--json", "m.json", "--svg", "m.svg"], currentDirectory: scratch.path)
        #expect(remerge.status == 0, "\(remerge.output)")
        #expect(try Self.json(scratch("m.json"))["missingShards"] as? [Int] == [])
        #expect(try String(contentsOfFile: scratch("m.svg"), encoding: .utf8).contains("<svg"))
    }

    @Test func shardsWithoutAPlanSplitTheSameScanAlike() throws {
        let scratch = try TemporaryDirectory()
        let names = try Self.makeTree(in: scratch)
        var done = 0
        for index in 0..<4 {
            let result = try Squeeze.run(["compress", "tree", "--shard", "\(index)/4", "-q", "--json", "r\(index).json"], currentDirectory: scratch.path)
            #expect(result.status == 0, "\(result.standardError)")
            done += try Self.json(scratch("r\(index).json"))["filesDone"] as! Int
        }
        #expect(done == 60)
        try Self.expectAllCompressed(names, in: scratch)
    }

    @Test(arguments: [
        (["--plan", "plan", "--shard", "3"], [String](), "shard 3 (from --shard) is out of range: the plan has 3 shards"),
        (["--plan", "plan", "--shard", "1/4"], [String](), "but the plan has 3 shards"),
        (["--plan", "plan"], ["SLURM_ARRAY_TASK_ID=1", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_COUNT=2"], "SLURM_ARRAY_TASK_COUNT says 2 tasks, but the plan has 3 shards"),
        (["--plan", "plan"], [String](), "give --shard K"),
        (["--plan", "missing", "--shard", "0"], [String](), "cannot read the plan 'missing'"),
        (["tree", "--shard", "1"], [String](), "--shard 1 needs --plan"),
        (["tree", "--shard", "4/4"], [String](), "shards are numbered 0 to 3"),
        (["--plan", "plan", "tree"], [String](), "--plan gives the files"),
    ])
    func shardMistakesAreUsageErrors(arguments: [String], environment: [String], message: String) throws {
        let scratch = try TemporaryDirectory()
        _ = try Self.makeTree(in: scratch)
        #expect(try Squeeze.run(["plan", "tree", "--shards", "3", "-o", "plan", "-q"], currentDirectory: scratch.path).status == 0)
        let result = try CommandRunner.run("env", environment + [Squeeze.binary, "compress"] + arguments, currentDirectory: scratch.path)
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(!TreeBuilder.files(under: scratch("tree")).contains { $0.hasSuffix(".gz") })
    }

    @Test func aPlanOfRelativeNamesRunsOnlyWhereItWasMade() throws {
        let scratch = try TemporaryDirectory()
        _ = try Self.makeTree(in: scratch)
        #expect(try Squeeze.run(["plan", "tree", "--shards", "2", "-o", "plan", "-q"], currentDirectory: scratch.path).status == 0)
        let result = try Squeeze.run(["compress", "--plan", scratch("plan"), "--shard", "0"], currentDirectory: scratch("tree"))
        #expect(result.status == 64)
        #expect(result.standardError.contains("the plan's names are relative to '/"), "\(result.standardError)")
        #expect(result.standardError.contains("run it from there"))
    }

    @Test func aPlanFromAListWithSizesLooksAtNoFile() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("100\ta\0300\tb\0200\tno/such/file\0", to: scratch("listing"))
        let result = try Squeeze.run(["plan", "--files-from", "listing", "--null", "--sizes", "--shards", "2", "-o", "plan"], currentDirectory: scratch.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try Self.list(scratch("plan/shard-0")) == ["b"])
        #expect(try Self.list(scratch("plan/shard-1")) == ["a", "no/such/file"])
        let manifest = try Self.json(scratch("plan/manifest.json"))
        #expect(manifest["bytes"] as? Int == 600)
        #expect(manifest["largestShardBytes"] as? Int == 300)

        let again = try Squeeze.run(["plan", "--files-from", "listing", "--null", "--sizes", "--shards", "2", "-o", "plan"], currentDirectory: scratch.path)
        #expect(again.status == 1)
        #expect(again.standardError.contains("already holds a plan"))
        try TreeBuilder.write("12 a\n", to: scratch("bad"))
        let bad = try Squeeze.run(["plan", "--files-from", "bad", "--sizes", "--shards", "2", "-o", "plan2"], currentDirectory: scratch.path)
        #expect(bad.status == 1)
        #expect(bad.standardError.contains("'bad', record 1"), "\(bad.standardError)")
    }

    @Test func filesFromStandardInputAsFindPrintsThem() throws {
        let scratch = try TemporaryDirectory()
        let names = try Self.makeTree(in: scratch)
        let find = try CommandRunner.run("find", ["tree", "-type", "f", "-print0"], currentDirectory: scratch.path)
        let result = try Squeeze.run(["compress", "--files-from", "-", "--null", "-q"], input: find.standardOutput, currentDirectory: scratch.path)
        #expect(result.status == 0, "\(result.standardError)")
        try Self.expectAllCompressed(names, in: scratch)

        let missing = try Squeeze.run(["compress", "--files-from", "nope"], currentDirectory: scratch.path)
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("cannot read the file list"), "\(missing.standardError)")
        #expect(try Squeeze.run(["compress", "--null", "tree"], currentDirectory: scratch.path).status == 64)
    }

    @Test func resumeCountsCompleteOutputsAndRedoesTheRest() throws {
        let scratch = try TemporaryDirectory()
        // And one output past 16 KiB (random bytes): its trailer is read apart from its header.
        var data = TestData(seed: 12)
        try TreeBuilder.write(data.randomBytes(40000), to: scratch("tree/d1/random.bin"))
        let names = try (Self.makeTree(in: scratch) + ["d1/random.bin"]).sorted()
        // Small blocks, so that the 300 KB file is split into indexed members: its last trailer
        // gives only its last member's length, and its index the whole.
        #expect(try Squeeze.run(["compress", "tree", "-q", "--block-size", "64KiB"], currentDirectory: scratch.path).status == 0)
        // One output removed (never made), one cut short, one damaged inside with a whole trailer.
        try FileManager.default.removeItem(atPath: scratch("tree/d1/f1.txt.gz"))
        let cut = try TreeBuilder.read(scratch("tree/d2/f2.txt.gz"))
        try TreeBuilder.write(Array(cut.prefix(cut.count / 2)), to: scratch("tree/d2/f2.txt.gz"))
        var damaged = try TreeBuilder.read(scratch("tree/d3/f11.txt.gz"))
        damaged[damaged.count / 2] ^= 0xFF
        try TreeBuilder.write(damaged, to: scratch("tree/d3/f11.txt.gz"))
        // Two more with a wrong ISIZE: the smallest output (its trailer is in the same read as its
        // header) and the largest one with no member index (its trailer is read on its own).
        let plain = try names.filter { !["d1/f1.txt", "d2/f2.txt", "d3/f11.txt", "d3/f7.txt"].contains($0) }
            .map { ($0, try TreeBuilder.read(scratch("tree/\($0).gz"))) }.sorted { $0.1.count < $1.1.count }
        let (smallest, largest) = (plain.first!, plain.last!)
        #expect(smallest.1.count < 16384 && largest.1.count > 16384 && largest.1[3] & 0x04 == 0)
        for (name, bytes) in [smallest, largest] {
            var wrongLength = bytes
            wrongLength[wrongLength.count - 4] ^= 0x01
            try TreeBuilder.write(wrongLength, to: scratch("tree/\(name).gz"))
        }
        for path in ["tree/d2/f2.txt", "tree/d3/f11.txt", "tree/" + smallest.0, "tree/" + largest.0] {
            // As the first run committed them: the source's times (what --resume compares).
            #expect(try CommandRunner.run("touch", ["-r", scratch(path), scratch(path + ".gz")]).status == 0)
        }

        let resumed = try Squeeze.run(["compress", "tree", "--resume", "--json", "r.json"], currentDirectory: scratch.path)
        // The cut output is not counted as done, and without --force it is not replaced.
        #expect(resumed.status == 2, "\(resumed.standardError)")
        let report = try Self.json(scratch("r.json"))
        #expect(report["filesResumed"] as? Int == 57)
        #expect(report["filesDone"] as? Int == 58)
        #expect(resumed.standardError.contains("d2/f2.txt.gz' already exists"), "\(resumed.standardError)")

        let verified = try Squeeze.run(["compress", "tree", "--resume=verify", "--force", "--json", "v.json"], currentDirectory: scratch.path)
        #expect(verified.status == 0, "\(verified.standardError)")
        let verifiedReport = try Self.json(scratch("v.json"))
        #expect(verifiedReport["filesResumed"] as? Int == 57)
        try Self.expectAllCompressed(names, in: scratch)
    }

    @Test func aMergeNamesFailuresWithTheirShardAndShardsWithNoReport() throws {
        let scratch = try TemporaryDirectory()
        _ = try Self.makeTree(in: scratch)
        #expect(try Squeeze.run(["plan", "tree", "--shards", "3", "-o", "plan", "-q"], currentDirectory: scratch.path).status == 0)
        let victim = try Self.list(scratch("plan/shard-1"))[0]
        #expect(chmod(scratch(victim), 0) == 0)
        defer { chmod(scratch(victim), 0o644) }
        let readable = getuid() != 0
        for index in 0..<2 {
            _ = try Squeeze.run(["compress", "--plan", "plan", "--shard", "\(index)", "-q", "--json", "r\(index).json"], currentDirectory: scratch.path)
        }
        let merge = try Squeeze.run(["report", "merge", "r0.json", "r1.json", "--json", "m.json"], currentDirectory: scratch.path)
        #expect(merge.status == 1)
        #expect(merge.output.contains("no report from shard 2 of 3"), "\(merge.output)")
        let merged = try Self.json(scratch("m.json"))
        #expect(merged["missingShards"] as? [Int] == [2])
        if readable {
            let failures = merged["failures"] as! [[String: Any]]
            #expect(failures.count == 1)
            #expect(failures.first?["shard"] as? Int == 1)
            #expect(merge.output.contains("shard 1: \(victim)"))
        }
        let notJSON = try Squeeze.run(["report", "merge", "plan/shard-0"], currentDirectory: scratch.path)
        #expect(notJSON.status == 1)
        #expect(notJSON.standardError.contains("'plan/shard-0' is not a squeeze --json report"))
    }

    /// A plan made for zstd records it; its shards, run as a Slurm array task runs them, write
    /// `.zst` outputs (and pass by `.zst` files already in the tree, as compress does), a rerun
    /// with --resume finds them done, and another --format is refused before anything is written.
    @Test func aPlanForZstdWritesZstdAndRefusesAnotherFormat() throws {
        let scratch = try TemporaryDirectory()
        let names = try Self.makeTree(in: scratch)
        try TreeBuilder.write(Array("made by zstd earlier".utf8), to: scratch("tree/d1/earlier.zst"))
        let plan = try Squeeze.run(["plan", "tree", "--shards", "2", "-o", "plan", "--format", "zstd"], currentDirectory: scratch.path)
        #expect(plan.status == 0, "\(plan.standardError)")
        #expect(plan.output.contains("planned 60 files"), "\(plan.output)")
        let options = try #require(try Self.json(scratch("plan/manifest.json"))["options"] as? [String: Any])
        #expect(options["format"] as? String == "zstd")

        for (arguments, message) in [
            (["--format", "gzip"], "the plan 'plan' was made for zstd (outputs FILE.zst), but --format gzip was given"),
            (["--format", "gzip", "--resume"], "or make a plan with --format gzip"),
        ] {
            let refused = try Squeeze.run(["compress", "--plan", "plan", "--shard", "0"] + arguments, currentDirectory: scratch.path)
            #expect(refused.status == 64 && refused.standardError.contains(message), "\(arguments): \(refused.standardError)")
        }
        #expect(!TreeBuilder.files(under: scratch("tree")).contains { $0.hasSuffix(".gz") || $0.hasSuffix(".txt.zst") })

        // zstd's levels hold for the plan's format without --format.
        for index in 0..<2 {
            let task = try CommandRunner.run(
                "env", ["SLURM_ARRAY_TASK_ID=\(index + 1)", "SLURM_ARRAY_TASK_MIN=1", Squeeze.binary, "compress", "--plan", "plan",
                        "--resume", "--level", "15", "-q", "--json", "r\(index).json"],
                currentDirectory: scratch.path)
            #expect(task.status == 0, "\(task.standardError)")
        }
        #expect(TreeBuilder.files(under: scratch("tree")) == (names + names.map { $0 + ".zst" } + ["d1/earlier.zst"]).sorted())
        for name in names {
            let decoded = try CommandRunner.run("zstd", ["-dc", scratch("tree/\(name).zst")])
            let original = try TreeBuilder.read(scratch("tree/\(name)"))
            #expect(decoded.status == 0 && Array(decoded.standardOutput) == original, "\(name)")
        }
        let rerun = try Squeeze.run(["compress", "--plan", "plan", "--shard", "1", "--resume", "-q", "--json", "again.json"], currentDirectory: scratch.path)
        #expect(rerun.status == 0, "\(rerun.standardError)")
        let again = try Self.json(scratch("again.json"))
        #expect(again["filesResumed"] as? Int == again["filesDone"] as? Int && (again["filesDone"] as? Int ?? 0) > 0, "\(again)")

        // A plan made without --format is gzip's, and says so to a zstd task.
        #expect(try Squeeze.run(["plan", "tree", "--shards", "2", "-o", "gzip-plan", "-q"], currentDirectory: scratch.path).status == 0)
        let mismatch = try Squeeze.run(["compress", "--plan", "gzip-plan", "--shard", "0", "--format", "zstd"], currentDirectory: scratch.path)
        #expect(mismatch.status == 64 && mismatch.standardError.contains("was made for gzip (outputs FILE.gz)"), "\(mismatch.standardError)")
        let zip = try Squeeze.run(["plan", "tree", "--shards", "2", "-o", "zip-plan", "--format", "zip"], currentDirectory: scratch.path)
        #expect(zip.status == 64 && zip.standardError.contains("a plan is for gzip or zstd"), "\(zip.standardError)")
    }
}
