import Foundation
import SqueezeTestSupport
import Testing

/// The throughput report, as text and as JSON.
@Suite struct CompressReportTests {
    /// The peak memory reported is squeeze's own: Linux keeps `ru_maxrss` across `execve`, so a
    /// squeeze started by a process holding 300 MB once reported 300 MB.
    @Test func peakMemoryIsSqueezesOwnNotItsParents() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("small\n", to: scratch("tree/a"))
        let parent = """
            import subprocess, sys
            held = bytearray(300 << 20)
            for i in range(0, len(held), 4096): held[i] = 1
            sys.stdout.buffer.write(subprocess.run(sys.argv[1:], capture_output=True).stdout)
            """
        let result = try CommandRunner.run(
            "python3", ["-c", parent, Squeeze.binary, "compress", scratch("tree"), "--json", "-"])
        let report = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        let peak = try #require(report["peakMemoryBytes"] as? Int)
        #expect(peak > 0 && (Squeeze.isThreadSanitized || peak < 200 << 20), "reported \(peak) bytes")
    }

    static func tree() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 2)
        for index in 0..<20 { try TreeBuilder.write(data.text(5_000), to: scratch("f\(index).txt")) }
        try TreeBuilder.makeFIFO(scratch("pipe"))
        return scratch
    }

    @Test func jsonToStandardOutputMovesTheTextToStandardError() throws {
        let scratch = try Self.tree()
        let result = try Squeeze.run(["compress", scratch.path, "--json", "-", "--mode", "operation", "-j", "2", "--qos", "utility"])
        #expect(result.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        for key in ["command", "settings", "filesDone", "filesSkipped", "filesFailed", "bytesIn", "bytesOut", "compressionRatio",
                    "wallSeconds", "userSeconds", "systemSeconds", "cpuSeconds", "cpuUtilisation", "megabytesPerSecond",
                    "filesPerSecond", "peakMemoryBytes", "interrupted", "exitStatus", "skipped", "skippedByReason",
                    "failures", "warnings", "files"] {
            #expect(report[key] != nil, "missing \(key)")
        }
        #expect(report["exitStatus"] as? Int == 0)
        #expect(report["filesDone"] as? Int == 20)
        #expect(report["bytesIn"] as? Int == 100_000)
        let settings = try #require(report["settings"] as? [String: Any])
        #expect(settings["mode"] as? String == "operation")
        #expect(settings["qos"] as? String == "utility")
        #expect(settings["jobs"] as? Int == 2)
        #expect(settings["codec"] as? String == "libdeflate")
        #expect(settings["level"] as? Int == 6)
        #expect((report["files"] as? [[String: Any]])?.count == 20)
        #expect(result.standardError.contains("20 files done, 1 skipped, 0 failed"))
    }

    @Test func jsonToAFileKeepsTheTextOnStandardOutput() throws {
        let scratch = try Self.tree()
        let reportPath = scratch("report.json.out")
        let result = try Squeeze.run(["compress", scratch.path, "--exclude", "*.out", "--json", reportPath])
        #expect(result.status == 0)
        #expect(result.output.contains("20 files done"))
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: reportPath))) as? [String: Any]
        #expect(report?["filesDone"] as? Int == 20)
    }

    /// `apply` cannot run more jobs at once than `concurrentPerform` does (one per active core):
    /// the report gives the jobs it ran, and says how many were asked.
    @Test func applyReportsTheJobsItRanNotMore() throws {
        let scratch = try Self.tree()
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let apply = try Squeeze.run(["compress", scratch.path, "--mode", "apply", "-j", "\(cores + 6)", "--discard", "--json", "-"])
        #expect(apply.status == 0, "\(apply.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: apply.standardOutput) as? [String: Any])
        let settings = try #require(report["settings"] as? [String: Any])
        #expect(settings["jobs"] as? Int == cores)
        #expect(settings["requestedJobs"] as? Int == cores + 6)
        #expect(apply.standardError.contains("\(cores) job\(cores == 1 ? "" : "s") (\(cores + 6) asked; apply runs at most one per active core)"))
        let group = try Squeeze.run(["compress", scratch.path, "--mode", "group", "-j", "\(cores + 6)", "--discard", "--json", "-"])
        let groupSettings = try #require((try JSONSerialization.jsonObject(with: group.standardOutput) as? [String: Any])?["settings"] as? [String: Any])
        #expect(groupSettings["jobs"] as? Int == cores + 6)
        #expect(groupSettings["requestedJobs"] == nil)
    }

    @Test func quietPrintsNothingButErrors() throws {
        let scratch = try Self.tree()
        let quiet = try Squeeze.run(["compress", scratch.path, "--quiet"])
        #expect(quiet.status == 0)
        #expect(quiet.output.isEmpty)
        #expect(quiet.standardError.isEmpty)
        let failing = try Squeeze.run(["compress", scratch("nope"), "--quiet"])
        #expect(failing.status == 1)
        #expect(failing.output.isEmpty)
        #expect(failing.standardError.contains("nope"))
    }

    @Test func verboseListsEveryFileAndSkip() throws {
        let scratch = try Self.tree()
        let result = try Squeeze.run(["compress", scratch.path, "--verbose"])
        #expect(result.output.contains("f7.txt -> \(scratch("f7.txt.gz"))"))
        #expect(result.output.contains("skipped \(scratch("pipe")): a FIFO, not a regular file"))
    }

    /// The JSON report gets the permissions any new file gets under the user's umask (read from
    /// /proc, since reading it by `umask()` would change it): 0640 under umask 027, not 0644.
    @Test func theReportFileFollowsTheUmask() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write(Array("text\n".utf8), to: scratch("tree/a.txt"))
        let run = try CommandRunner.run(
            "sh", ["-c", "umask 027 && exec \"$0\" compress tree -q --json r.json", Squeeze.binary], currentDirectory: scratch.path)
        #expect(run.status == 0, "\(run.standardError)")
        var status = stat()
        #expect(stat(scratch("r.json"), &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o640)
    }
}
