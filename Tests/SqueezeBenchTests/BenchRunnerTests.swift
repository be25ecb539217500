import Foundation
import SqueezeBench
import SqueezeKit
import SqueezeTestSupport
import Testing

/// The runner against stand-ins for `squeeze compress`: python scripts that write a report (and
/// outputs) chosen by the test, so figures, mismatches and failures are known in advance.
@Suite struct BenchRunnerTests {
    /// A stand-in `squeeze` whose runs take `wall[mode]` seconds and whose output for one file is
    /// `content[mode]` (default "same"), written under --output-dir or checksummed under --discard.
    static func makeFakeSqueeze(in scratch: TemporaryDirectory, wall: [String: Double], content: [String: String] = [:]) throws -> String {
        let script = """
            #!/usr/bin/env python3
            import json, os, sys, zlib
            args = sys.argv[1:]
            value = lambda name: args[args.index(name) + 1]
            mode, source = value("--mode"), args[1] + "/a.txt"
            data = (\(Self.pythonDict(content)).get(mode, "same")).encode()
            entry = {"path": source, "bytesIn": 100, "bytesOut": len(data), "seconds": 0.1}
            if "--discard" in args:
                entry["outputCRC32"] = zlib.crc32(data)
            else:
                output = value("--output-dir") + "/a.txt.gz"
                os.makedirs(os.path.dirname(output), exist_ok=True)
                open(output, "wb").write(data)
                entry["output"] = output
            wall = \(Self.pythonDict(wall))[mode]
            report = {"command": "compress", "settings": {"mode": mode, "jobs": int(value("--jobs")), "qos": "utility"},
                "filesDone": 1, "filesSkipped": 0, "filesFailed": 0, "bytesIn": 100, "bytesOut": len(data),
                "compressionRatio": 100 / len(data), "wallSeconds": wall, "userSeconds": wall, "systemSeconds": 0.5,
                "cpuSeconds": wall + 0.5, "cpuUtilisation": (wall + 0.5) / wall, "megabytesPerSecond": 100 / 1e6 / wall,
                "filesPerSecond": 1 / wall, "peakMemoryBytes": 1000 if mode == "sequential" else 2000, "interrupted": False,
                "exitStatus": 0, "skippedByReason": {}, "skipped": [], "failures": [], "warnings": [], "files": [entry]}
            json.dump(report, open(value("--json"), "w"))
            """
        try TreeBuilder.write(script, to: scratch("fake-squeeze"))
        chmod(scratch("fake-squeeze"), 0o755)
        return scratch("fake-squeeze")
    }

    static func pythonDict<Value>(_ dictionary: [String: Value]) -> String {
        "{" + dictionary.map { "\"\($0.key)\": \(($0.value as? String).map { "\"\($0)\"" } ?? "\($0.value)")" }.joined(separator: ", ") + "}"
    }

    static func plan(input: String, modes: [SchedulingMode] = SchedulingMode.allCases, jobs: [Int] = [2], discard: Bool, repetitions: Int = 3) -> BenchPlan {
        BenchPlan.modes(
            input: PathName(input), modes: modes, jobs: jobs, settings: CompressionSettings(), qos: .utility,
            discard: discard, repetitions: repetitions, warmupRounds: 1)
    }

    static func prepare() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("input", to: scratch("input/a.txt"))
        try FileManager.default.createDirectory(atPath: scratch("work"), withIntermediateDirectories: true)
        return scratch
    }

    @Test(arguments: [false, true])
    func figuresComeFromTheRunsReports(discard: Bool) throws {
        let scratch = try Self.prepare()
        let fake = try Self.makeFakeSqueeze(in: scratch, wall: ["sequential": 2.0, "group": 1.25, "apply": 1.0, "operation": 4.0])
        var progress: [BenchProgress] = []
        let report = try BenchRunner(
            plan: Self.plan(input: scratch("input"), discard: discard), executable: fake, scratchParent: scratch("work")
        ).run { progress.append($0) }

        #expect(progress.count == 16)
        #expect(progress.map(\.index) == Array(1...16))
        #expect(report.identicalOutput, "\(report.mismatches)")
        #expect(report.comparedRuns == 16)
        #expect(report.files == 1 && report.bytes == 100)
        let rows = Dictionary(uniqueKeysWithValues: report.rows.map { ($0.configuration.mode, $0) })
        #expect(rows[.sequential]?.speedup == 1)
        #expect(rows[.group]?.speedup == 1.6)
        #expect(rows[.apply]?.speedup == 2)
        #expect(rows[.apply]?.efficiency == 1)
        #expect(rows[.operation]?.speedup == 0.5)
        #expect(rows[.operation]?.efficiency == 0.25)
        #expect(rows[.apply]?.runs.map(\.round) == [1, 2, 3])
        #expect(rows[.apply]?.wallSeconds.median == 1)
        #expect(rows[.apply]?.megabytesPerSecond == 100 / 1e6)
        #expect(rows[.sequential]?.peakMemoryBytes == 1000)
        #expect(rows[.group]?.peakMemoryBytes == 2000)
        #expect(rows[.apply]?.systemSeconds == 0.5)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch("work")).isEmpty)
    }

    @Test(arguments: [false, true])
    func differentBytesAreReported(discard: Bool) throws {
        let scratch = try Self.prepare()
        let fake = try Self.makeFakeSqueeze(
            in: scratch, wall: ["sequential": 2.0, "group": 1.0, "apply": 1.0, "operation": 1.0], content: ["apply": "other"])
        let report = try BenchRunner(
            plan: Self.plan(input: scratch("input"), discard: discard, repetitions: 1), executable: fake,
            scratchParent: scratch("work")
        ).run()
        #expect(!report.identicalOutput)
        // Every apply run (the warm-up and one measured) differs from the first run (sequential).
        #expect(report.mismatches.count == 2, "\(report.mismatches)")
        #expect(report.mismatches.allSatisfy { $0.hasPrefix("apply, 2 jobs") && $0.contains("a.txt") })
        let text = BenchTableFormatter().format(report)
        #expect(text.contains("IDENTICAL OUTPUT: NO"))
    }

    @Test func aFailedRunStopsTheBenchWithItsMessageAndLeavesNoScratch() throws {
        let scratch = try Self.prepare()
        try TreeBuilder.write("#!/bin/sh\necho 'cannot open everything' >&2\nexit 1\n", to: scratch("failing"))
        chmod(scratch("failing"), 0o755)
        #expect(throws: BenchError.runFailed(configuration: "sequential, 1 job (warm-up)", status: 1, message: "cannot open everything")) {
            try BenchRunner(plan: Self.plan(input: scratch("input"), discard: true), executable: scratch("failing"), scratchParent: scratch("work")).run()
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch("work")).isEmpty)
    }

    @Test func anInterruptedRunIsAnInterruptedBench() throws {
        let scratch = try Self.prepare()
        try TreeBuilder.write("#!/bin/sh\nexit 130\n", to: scratch("interrupted"))
        chmod(scratch("interrupted"), 0o755)
        #expect(throws: BenchError.interrupted) {
            try BenchRunner(plan: Self.plan(input: scratch("input"), discard: true), executable: scratch("interrupted"), scratchParent: scratch("work")).run()
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch("work")).isEmpty)
    }

    @Test func aReportThatIsNotJSONIsAnError() throws {
        let scratch = try Self.prepare()
        try TreeBuilder.write("#!/bin/sh\nwhile [ \"$1\" != --json ]; do shift; done\necho nonsense > \"$2\"\n", to: scratch("garbled"))
        chmod(scratch("garbled"), 0o755)
        #expect {
            try BenchRunner(plan: Self.plan(input: scratch("input"), discard: true), executable: scratch("garbled"), scratchParent: scratch("work")).run()
        } throws: { error in
            guard case BenchError.reportUnreadable = error else { return false }
            return true
        }
    }

    @Test func aMissingInputIsSaidBeforeAnythingRuns() throws {
        let scratch = try Self.prepare()
        #expect(throws: BenchError.inputMissing(scratch("nowhere"))) {
            try BenchRunner(plan: Self.plan(input: scratch("nowhere"), discard: true), executable: "/bin/false", scratchParent: scratch("work")).run()
        }
    }

    @Test func anUnusableScratchParentIsSaid() throws {
        let scratch = try Self.prepare()
        #expect {
            try BenchRunner(plan: Self.plan(input: scratch("input"), discard: true), executable: "/bin/false", scratchParent: scratch("none/such")).run()
        } throws: { error in
            guard case BenchError.scratch = error else { return false }
            return "\(error)".contains("--scratch-dir")
        }
    }
}
