import Foundation
import FoundationXML
import SqueezeTestSupport
import Testing

/// `squeeze bench` end to end: the figures it writes, its chart, its checks and its cleanup.
@Suite struct BenchCommandTests {
    static let modes = ["sequential", "group", "apply", "operation"]
    /// Every figure a row must carry, as numbers.
    static let rowFigures = [
        "megabytesPerSecond", "filesPerSecond", "speedup", "efficiency", "cpuUtilisation", "userSeconds",
        "systemSeconds", "peakMemoryBytes", "compressionRatio",
    ]

    /// A small tree: text and random files, one split into blocks at 64 KiB.
    static func makeTree(in root: String) throws {
        var data = TestData(seed: 3)
        for index in 0..<12 { try TreeBuilder.write(data.text(20_000 + index * 3_000), to: "\(root)/text/\(index).txt") }
        try TreeBuilder.write(data.randomBytes(40_000), to: "\(root)/random.bin")
        try TreeBuilder.write(data.text(300_000), to: "\(root)/large.log")
        try TreeBuilder.write([], to: "\(root)/empty")
    }

    static func json(_ path: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        return try #require(object as? [String: Any])
    }

    static func rows(_ report: [String: Any]) throws -> [[String: Any]] {
        try #require(report["rows"] as? [[String: Any]])
    }

    static func configuration(_ row: [String: Any]) -> (mode: String, jobs: Int, collector: String) {
        let configuration = row["configuration"] as? [String: Any] ?? [:]
        return (configuration["mode"] as? String ?? "", configuration["jobs"] as? Int ?? 0, configuration["collector"] as? String ?? "")
    }

    @Test func jsonHasEveryModeAndEveryFigure() throws {
        let scratch = try TemporaryDirectory()
        try Self.makeTree(in: scratch("tree"))
        try FileManager.default.createDirectory(atPath: scratch("work"), withIntermediateDirectories: true)
        let result = try Squeeze.run([
            "bench", scratch("tree"), "--repeat", "2", "--warmup", "1", "-j", "2", "--block-size", "64KiB",
            "--json", scratch("bench.json"), "--svg", scratch("bench.svg"), "--scratch-dir", scratch("work"),
        ])
        #expect(result.status == 0, "\(result.standardError)")

        let report = try Self.json(scratch("bench.json"))
        #expect(report["kind"] as? String == "modes")
        #expect(report["files"] as? Int == 15)
        #expect(report["identicalOutput"] as? Bool == true)
        #expect(report["comparedRuns"] as? Int == 12)
        let rows = try Self.rows(report)
        #expect(rows.map { Self.configuration($0).mode } == Self.modes)
        #expect(rows.map { Self.configuration($0).jobs } == [1, 2, 2, 2])
        for row in rows {
            let mode = Self.configuration(row).mode
            for figure in Self.rowFigures {
                let value = try #require(row[figure] as? Double, "\(mode) has no \(figure)")
                // CPU time is counted in clock ticks: a short run may have none of system time.
                let mayBeZero = ["userSeconds", "systemSeconds", "cpuUtilisation"].contains(figure)
                #expect(mayBeZero ? value >= 0 : value > 0, "\(mode) \(figure) = \(value)")
            }
            let wall = try #require(row["wallSeconds"] as? [String: Double], "\(mode) has no wallSeconds")
            let (median, minimum, maximum) = (wall["median"] ?? 0, wall["minimum"] ?? 0, wall["maximum"] ?? 0)
            #expect(minimum > 0 && minimum <= median && median <= maximum, "\(mode) \(wall)")
            let runs = try #require(row["runs"] as? [[String: Any]])
            #expect(runs.count == 2, "\(mode): \(runs.count) runs")
            #expect(runs.allSatisfy { ($0["wallSeconds"] as? Double ?? 0) > 0 && ($0["peakMemoryBytes"] as? Int ?? 0) > 0 })
        }
        let sequential = rows[0]
        #expect(sequential["speedup"] as? Double == 1)
        // The same ratio everywhere: every mode wrote the same bytes.
        #expect(Set(rows.compactMap { $0["compressionRatio"] as? Double }).count == 1)

        // The text: a row per mode, the verdict, and the bar chart.
        for mode in Self.modes { #expect(result.output.contains("\n\(mode) "), "\(result.output)") }
        #expect(result.output.contains("identical output: yes, 15 files"))
        #expect(result.output.contains("█"))
        // Nothing left behind in the scratch directory.
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch("work")).isEmpty)
    }

    @Test func svgIsWellFormedWithABarPerMode() throws {
        let scratch = try TemporaryDirectory()
        try Self.makeTree(in: scratch("tree"))
        let result = try Squeeze.run([
            "bench", scratch("tree"), "--repeat", "1", "--warmup", "0", "--discard", "--svg", scratch("chart.svg"),
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: scratch("chart.svg")))
        let root = try #require(document.rootElement())
        #expect(root.name == "svg")
        #expect(root.uri == "http://www.w3.org/2000/svg")
        #expect(try document.nodes(forXPath: "//*[local-name()='script']").isEmpty)
        // One bar per mode, each in a group titled with its label.
        let bars = try document.nodes(forXPath: "//*[local-name()='g']/*[local-name()='rect']")
        #expect(bars.count == 4)
        let labels = try document.nodes(forXPath: "//*[local-name()='g']/*[local-name()='text']").compactMap(\.stringValue)
        for mode in Self.modes { #expect(labels.contains(mode), "\(labels)") }
        let text = try document.nodes(forXPath: "//*[local-name()='text']").compactMap(\.stringValue).joined(separator: "\n")
        #expect(text.contains("median wall time (s)"))
        #expect(text.contains("libdeflate level 6"))
        #expect(text.contains("15 files"))
    }

    @Test func jobsListRunsEveryModeAtEveryValueAndSequentialOnce() throws {
        let scratch = try TemporaryDirectory()
        try Self.makeTree(in: scratch("tree"))
        let result = try Squeeze.run([
            "bench", scratch("tree"), "--repeat", "1", "--warmup", "0", "--discard", "--jobs", "1,2",
            "--modes", "sequential,apply,operation", "--json", "-",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        let rows = try Self.rows(report)
        #expect(rows.map { "\(Self.configuration($0).mode)/\(Self.configuration($0).jobs)" }
            == ["sequential/1", "apply/1", "apply/2", "operation/1", "operation/2"])
        #expect(rows.map { $0["label"] as? String ?? "" } == ["sequential", "apply ×1", "apply ×2", "operation ×1", "operation ×2"])
        for row in rows {
            let speedup = try #require(row["speedup"] as? Double)
            let efficiency = try #require(row["efficiency"] as? Double)
            #expect(abs(efficiency - speedup / Double(Self.configuration(row).jobs)) < 1e-9)
        }
        // With the JSON on standard output, the table goes to standard error.
        #expect(result.standardError.contains("identical output: yes"))
    }

    @Test func collectorsComparesEveryCollector() throws {
        let scratch = try TemporaryDirectory()
        try Self.makeTree(in: scratch("tree"))
        let result = try Squeeze.run([
            "bench", scratch("tree"), "--collectors", "--repeat", "1", "--warmup", "0", "--discard", "-j", "2",
            "--json", scratch("collectors.json"),
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let report = try Self.json(scratch("collectors.json"))
        #expect(report["kind"] as? String == "collectors")
        let rows = try Self.rows(report)
        #expect(rows.map { Self.configuration($0).collector } == ["sync", "async", "barrier", "mutex"])
        #expect(rows.allSatisfy { Self.configuration($0).mode == "apply" })
        #expect(rows.allSatisfy { ($0["speedup"] as? Double ?? 0) > 0 })
        // Speed is against the production collector (the mutex, last).
        #expect(rows[3]["speedup"] as? Double == 1)
        let contention = try #require(report["contention"] as? [[String: Any]])
        #expect(contention.map { $0["collector"] as? String ?? "" } == ["sync", "async", "barrier", "mutex"])
        #expect(contention.allSatisfy { $0["exact"] as? Bool == true && ($0["nanosecondsPerCall"] as? Double ?? 0) > 0 })
        #expect(result.output.contains("contention: 2 threads"))
    }

    /// Outputs are compared by walking what each run wrote, so a file name that is not UTF-8
    /// (which a report's text cannot name again) is compared like any other.
    @Test func aNameThatIsNotUTF8IsComparedToo() throws {
        let scratch = try TemporaryDirectory()
        try Self.makeTree(in: scratch("tree"))
        let made = try CommandRunner.run("sh", ["-c", "printf 'latin one' > \"$1/$(printf 'caf\\351')\"", "sh", scratch("tree")])
        #expect(made.status == 0)
        let result = try Squeeze.run([
            "bench", scratch("tree"), "--modes", "sequential,apply", "--repeat", "1", "--warmup", "0", "-j", "2",
            "--json", scratch("bench.json"),
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output.contains("identical output: yes"), "\(result.output)")
    }

    @Test func withoutADirectoryItBenchesTheSampleTree() throws {
        let result = try Squeeze.run(["bench", "--repeat", "1", "--warmup", "0", "--discard", "--modes", "sequential,apply", "--json", "-"])
        #expect(result.status == 0, "\(result.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        #expect((report["input"] as? String)?.hasSuffix("testdata/sample") == true)
        #expect(report["files"] as? Int == 169)
    }

    @Test(arguments: [
        (["--modes", "fast"], "is not a mode"),
        (["--jobs", "1,x"], "is not a number of jobs"),
        (["--jobs", "2,2"], "names a value twice"),
        (["--repeat", "0"], "--repeat must be at least 1"),
        (["--level", "13"], "out of range"),
        (["--format", "zip"], "bench compares the modes writing gzip or zstd: not --format zip"),
    ])
    func badUsageIsRejected(arguments: [String], message: String) throws {
        let result = try Squeeze.run(["bench", "."] + arguments)
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test func aMissingInputFailsAndSaysSo() throws {
        let scratch = try TemporaryDirectory()
        let result = try Squeeze.run(["bench", scratch("nowhere"), "--repeat", "1"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("cannot bench '\(scratch("nowhere"))'"), "\(result.standardError)")
    }

    @Test func anInterruptStopsTheBenchAndRemovesItsScratch() throws {
        try #require(PseudoTerminal.isAvailable, "python3 is needed for a pseudo-terminal")
        let scratch = try TemporaryDirectory()
        try Self.makeTree(in: scratch("tree"))
        try FileManager.default.createDirectory(atPath: scratch("work"), withIntermediateDirectories: true)
        // Interrupted as soon as the first run is reported on the status line.
        let result = try PseudoTerminal.run(
            Squeeze.binary, ["bench", scratch("tree"), "--repeat", "50", "--scratch-dir", scratch("work")],
            interruptOn: "bench: 1 of 204 runs done")
        #expect(result.status == 130, "\(result.output)")
        #expect(result.output.contains("squeeze: interrupted: stopping the bench"))
        #expect(!result.output.contains("identical output"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch("work")).isEmpty)
    }

    /// `--against`: the same files through gzip, pigz and zstd (Debian's), beside squeeze's apply
    /// mode, each row with its time, CPU and the bytes it wrote; the input is left as it was and
    /// the scratch directory removed.
    @Test(.enabled(if: ["gzip", "pigz", "zstd"].allSatisfy(CommandRunner.isInstalled), "needs gzip, pigz and zstd"))
    func againstOtherToolsOnTheSameFiles() throws {
        let scratch = try TemporaryDirectory()
        try Self.makeTree(in: scratch("tree"))
        let before = TreeSnapshot(of: scratch("tree"))
        try FileManager.default.createDirectory(atPath: scratch("work"), withIntermediateDirectories: true)
        let result = try Squeeze.run([
            "bench", scratch("tree"), "--against", "gzip,pigz,zstd", "--repeat", "1", "--warmup", "0", "-j", "2",
            "--json", scratch("bench.json"), "--svg", scratch("bench.svg"), "--scratch-dir", scratch("work"),
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let rows = try Self.rows(try Self.json(scratch("bench.json")))
        #expect(rows.map { $0["label"] as? String } == ["apply", "xargs -P 2 gzip", "pigz -p 2", "zstd -T2"])
        for row in rows {
            #expect((row["bytesOut"] as? Int ?? 0) > 0, "\(row)")
            #expect((row["userSeconds"] as? Double ?? -1) >= 0)
            if row["peer"] != nil { #expect(row["squeezeSpeedup"] is Double, "\(row)") }
        }
        // gzip and pigz at level 6 and squeeze at level 6 are all about the same size; zstd's own.
        let sizes = rows.compactMap { $0["bytesOut"] as? Int }
        #expect(sizes.count == 4 && Double(sizes[0]) / Double(sizes[1]) > 0.9 && Double(sizes[0]) / Double(sizes[1]) < 1.1, "\(sizes)")
        #expect(result.output.contains("squeeze vs it") && result.output.contains("timed from outside"), "\(result.output)")
        #expect(TreeSnapshot(of: scratch("tree")) == before, "the input was changed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch("work")).isEmpty)
        let missing = try Squeeze.run(["bench", scratch("tree"), "--against", "gzip,lzop", "--repeat", "1"])
        #expect(missing.status == 64 && missing.standardError.contains("'lzop' is not a tool"), "\(missing.standardError)")
    }

    /// `--format zstd`: the modes compared writing zstd (the same bytes in each), the format in
    /// the report, and zstd beside them at the bench's level (19 here: at its own 3 its outputs
    /// would be a good deal larger).
    @Test(.enabled(if: CommandRunner.isInstalled("zstd"), "needs zstd"))
    func zstdComparesTheModesWritingZstd() throws {
        let scratch = try TemporaryDirectory()
        try Self.makeTree(in: scratch("tree"))
        try FileManager.default.createDirectory(atPath: scratch("work"), withIntermediateDirectories: true)
        let result = try Squeeze.run([
            "bench", scratch("tree"), "--format", "zstd", "--level", "19", "--modes", "sequential,apply", "--against", "zstd",
            "--repeat", "1", "--warmup", "0", "-j", "2", "--json", scratch("bench.json"), "--scratch-dir", scratch("work"),
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let report = try Self.json(scratch("bench.json"))
        let settings = try #require(report["settings"] as? [String: Any])
        #expect(settings["format"] as? String == "zstd" && settings["codec"] as? String == "zstd" && settings["level"] as? Int == 19)
        #expect(report["identicalOutput"] as? Bool == true)
        let rows = try Self.rows(report)
        #expect(rows.map { $0["label"] as? String } == ["sequential", "apply", "zstd -T2"])
        let sizes = rows.compactMap { $0["bytesOut"] as? Int }
        #expect(sizes.count == 3 && sizes[0] == sizes[1], "\(sizes)")
        // Every file is one frame (under twice zstd's 2 MiB blocks), as zstd writes it.
        #expect(sizes.count == 3 && abs(Double(sizes[1]) / Double(sizes[2]) - 1) < 0.03, "\(sizes)")
        #expect(result.output.contains("zstd level 19,"), "\(result.output)")
        #expect(result.output.contains("identical output: yes, 15 files"), "\(result.output)")
        // What a run wrote is zstd: the bench walks .zst outputs to compare them.
        #expect(report["comparedRuns"] as? Int == 2)
        let refused = try Squeeze.run(["bench", scratch("tree"), "--format", "zstd", "--level", "20"])
        #expect(refused.status == 64 && refused.standardError.contains("out of range for zstd (1-19)"), "\(refused.standardError)")
    }

    @Test func anEarlierReportIsDrawnAgainWithoutRunning() throws {
        let scratch = try TemporaryDirectory()
        try Self.makeTree(in: scratch("tree"))
        let first = try Squeeze.run([
            "bench", scratch("tree"), "--repeat", "1", "--warmup", "0", "--discard", "--json", scratch("bench.json"),
        ])
        #expect(first.status == 0, "\(first.standardError)")
        let again = try Squeeze.run(["bench", "--from-json", scratch("bench.json"), "--svg", scratch("chart.svg")])
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.output == first.output)
        #expect(try XMLDocument(contentsOf: URL(fileURLWithPath: scratch("chart.svg"))).rootElement()?.name == "svg")
        let unreadable = try Squeeze.run(["bench", "--from-json", scratch("nothing.json")])
        #expect(unreadable.status == 1)
        #expect(unreadable.standardError.contains("cannot read a bench report from"))
    }
}
