import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// `compress` starts on small files while the walk goes on: the outputs, the report and the
/// `--json` records are those of a run that walked the whole tree first (`--scan-first`), in every
/// mode; a directory it cannot read mid-walk is named and the rest done; an interrupt mid-walk
/// stops the walk and leaves only complete outputs.
@Suite(.serialized) struct OverlappedScanTests {
    static let modes = ["sequential", "group", "apply", "operation"]

    /// Every kind of entry, files split into blocks (64 KiB blocks), an output already there, and
    /// 600 small files in 30 directories, so that the walk is still going when the first finish.
    static func makeTree(at root: String) throws {
        try EveryKindTree.make(at: root)
        var data = TestData(seed: 13)
        for directory in 0..<30 {
            for file in 0..<20 {
                let size = Int(data.next() % 3_000)
                try TreeBuilder.write(data.text(size), to: "\(root)/many/d\(directory)/f\(file).txt")
            }
        }
        try TreeBuilder.write(data.text(200_000), to: "\(root)/many/d7/large.txt")
        try TreeBuilder.write("already here\n", to: "\(root)/many/d3/f2.txt.gz")
    }

    /// What a user compares of two reports: the counts, bytes, skips by reason, failures and
    /// warnings, and the per-file records as a set (their order is the order files finished).
    static func comparable(_ path: String) throws -> [String: String] {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
        var fields: [String: String] = [:]
        for key in ["filesDone", "filesSkipped", "filesFailed", "bytesIn", "bytesOut", "exitStatus", "interrupted"] {
            fields[key] = "\(json[key] ?? "none")"
        }
        let byReason = json["skippedByReason"] as? [String: Any] ?? [:]
        fields["skippedByReason"] = byReason.keys.sorted().map { "\($0)=\(byReason[$0]!)" }.joined(separator: ",")
        for key in ["skipped", "failures", "warnings", "files"] {
            let records = (json[key] as? [[String: Any]] ?? []).map { record in
                // Seconds differ from run to run; the rest must not.
                record.filter { $0.key != "seconds" }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
            }
            fields[key] = records.sorted().joined(separator: "\n")
        }
        return fields
    }

    /// What a user compares between two runs that must agree: the tree left on disk (bytes, modes,
    /// times) and the report (`comparable`).
    struct RunOutcome {
        var tree: [String: TreeSnapshot.Node]
        var report: [String: String]

        /// Records every difference from `other`.
        func expectSame(as other: RunOutcome) {
            let differing = Set(tree.keys).union(other.tree.keys).filter { tree[$0] != other.tree[$0] }
            #expect(differing.isEmpty, "differ: \(differing.sorted().prefix(10))")
            for key in report.keys.sorted() where report[key] != other.report[key] {
                Issue.record("\(key) differs: \(report[key]!.prefix(300)) against \((other.report[key] ?? "none").prefix(300))")
            }
        }
    }

    /// Runs `squeeze` with each of `arguments` (to which the tree and `--json` are added), each on a
    /// fresh copy of `pristine` made at the same path, times and all (paths are in the report and
    /// the outputs' names); checks each run's exit status.
    static func runsOnFreshCopies(
        of pristine: String, in scratch: TemporaryDirectory, status: Int32, _ arguments: [[String]]
    ) throws -> [RunOutcome] {
        try arguments.map { arguments in
            _ = try CommandRunner.run("rm", ["-rf", scratch("tree")])
            #expect(try CommandRunner.run("cp", ["-a", pristine, scratch("tree")]).status == 0)
            let result = try Squeeze.run(arguments + [scratch("tree"), "--json", scratch("report.json")])
            #expect(result.status == status, "\(arguments): \(result.standardError)")
            return RunOutcome(tree: TreeSnapshot(of: scratch("tree"), directoryTimes: false).nodes, report: try comparable(scratch("report.json")))
        }
    }

    @Test(arguments: modes)
    func outputsAndReportAreThoseOfAScanFirstRun(mode: String) throws {
        let scratch = try TemporaryDirectory()
        try Self.makeTree(at: scratch("pristine"))
        // The output that was already there is a warning (exit 2), as gzip's.
        let runs = try Self.runsOnFreshCopies(
            of: scratch("pristine"), in: scratch, status: 2,
            [[], ["--scan-first"]].map { ["compress", "--mode", mode, "-j", "2", "--block-size", "64KiB"] + $0 })
        runs[0].expectSame(as: runs[1])
        #expect(runs[0].tree.keys.filter { $0.hasSuffix(".gz") }.count == 613)
        #expect(runs[0].report["filesDone"] == "612")
    }

    /// A directory the walk cannot read, between two it can: named with its cause, the batch goes
    /// on (exit 1), everything else is done, nothing in it is touched; as a scan-first run does.
    @Test(arguments: ["apply", "operation"])
    func anUnreadableDirectoryMidWalkIsNamedAndTheRestDone(mode: String) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 21)
        for directory in ["a", "b", "c"] {
            for file in 0..<50 { try TreeBuilder.write(data.text(1_000), to: scratch("\(directory)/\(directory)-\(file)")) }
        }
        #expect(chmod(scratch("b"), 0) == 0)
        defer { chmod(scratch("b"), 0o755) }
        let result = try Self.runWithoutOverridingPermissions(["compress", scratch(""), "--mode", mode, "-j", "2"])
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains("\(scratch("b"))"), "\(result.standardError)")
        #expect(result.standardError.contains("Permission denied"), "\(result.standardError)")
        #expect(result.output.contains("100 files") || result.output.contains("100 done"), "\(result.output)")
        chmod(scratch("b"), 0o755)
        let files = TreeBuilder.files(under: scratch(""))
        #expect(files.filter { $0.hasSuffix(".gz") }.count == 100)
        #expect(!files.contains { $0.hasPrefix("b/") && $0.hasSuffix(".gz") })
        #expect(!files.contains { $0.contains(".squeeze-") })
    }

    /// `squeeze` where a directory's permissions bind it: run as it is, or, for root (who reads any
    /// directory), with no capabilities (`setpriv`, util-linux).
    static func runWithoutOverridingPermissions(_ arguments: [String]) throws -> CommandResult {
        guard geteuid() == 0 else { return try Squeeze.run(arguments) }
        return try CommandRunner.run("setpriv", ["--inh-caps=-all", "--bounding-set=-all", Squeeze.binary] + arguments)
    }

    /// Interrupted while its walk is still going (seen, stopped, holding a directory of the tree
    /// open, with outputs already written): the walk stops, no temporary is left, every output left is complete, the
    /// run says it was interrupted and exits 130.
    @Test(arguments: ["group", "apply", "operation"])
    func anInterruptMidWalkLeavesOnlyCompleteOutputs(mode: String) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 31)
        let text = data.text(4_000)
        for directory in 0..<40 {
            for file in 0..<100 { try TreeBuilder.write(text, to: scratch("in/d\(directory)/f\(file).txt")) }
        }
        // Level 12 and one job: the walk, paced by the window, lasts as long as the work.
        let process = try CommandRunner.start(
            Squeeze.binary, ["compress", scratch("in"), "--level", "12", "-j", "1", "--block-size", "64KiB", "--mode", mode],
            scratch: scratch)
        let files = { TreeBuilder.files(under: scratch("in")) }
        let isWriting = { files().contains { $0.hasSuffix(".gz") } }
        let isWalking = { Self.openDirectories(of: process.processIdentifier, under: scratch("in")) > 0 }
        let signalled = KernelState.interrupt(process, with: SIGINT, onceStarted: isWriting, ifWhileStopped: isWalking)
        process.waitUntilExit()
        try #require(signalled, "the walk ended before the signal: make the tree larger")
        try Self.expectInterrupted(try CommandRunner.result(of: process, scratch: scratch), leaving: files(), of: 4_000, under: scratch("in"))
    }

    /// What an interrupted run must leave: exit 130 and "(interrupted)" in its report, no
    /// temporary, all `sources` (files under `root`, listed in `left`), and only whole outputs.
    static func expectInterrupted(_ result: CommandResult, leaving left: [String], of sources: Int, under root: String) throws {
        #expect(result.status == 130, "\(result.standardError)")
        #expect(result.output.contains("(interrupted)"))
        #expect(!left.contains { $0.contains(".squeeze-") }, "temporaries left")
        #expect(left.filter { !$0.hasSuffix(".gz") }.count == sources)
        let outputs = left.filter { $0.hasSuffix(".gz") }
        #expect(outputs.count < sources)
        for output in outputs {
            #expect(try TreeBuilder.read("\(root)/\(output)").count > 18, "\(output) is empty")
        }
        if !outputs.isEmpty {
            let test = try CommandRunner.run("gzip", ["-t"] + outputs.map { "\(root)/\($0)" })
            #expect(test.status == 0, "\(test.standardError)")
        }
    }

    /// How many directories under `root` the process holds open: the walk holds those on its
    /// current path, and nothing else in squeeze opens a directory there.
    static func openDirectories(of pid: Int32, under root: String) -> Int {
        // The kernel names them by their real path (the scratch path may hold "//").
        guard let resolved = realpath(root, nil) else { return 0 }
        defer { free(resolved) }
        let root = String(cString: resolved)
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        return descriptors.filter { descriptor in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(descriptor)"),
                  target.hasPrefix(root) else { return false }
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory) && isDirectory.boolValue
        }.count
    }
}
