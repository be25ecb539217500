import Foundation
import SqueezeTestSupport
import Testing

/// The README's "Many machines" recipes as written: the GNU parallel line run by Debian's GNU
/// parallel, and the Kubernetes Indexed Job read by a YAML parser and each pod's command run as the
/// Job would run it. (The Slurm scripts run on a real cluster in `scripts/test-slurm`.)
@Suite struct ManyMachinesRecipeTests {
    static func readme() throws -> String {
        try String(contentsOfFile: "\(Squeeze.repositoryRoot)/README.md", encoding: .utf8)
    }

    /// A tree of 40 files; the names it holds, relative to `scratch`.
    static func makeTree(_ scratch: TemporaryDirectory) throws -> [String] {
        var data = TestData(seed: 5)
        return try (0..<40).map { index in
            let name = "tree/d\(index % 3)/f\(index).txt"
            try TreeBuilder.write(data.text(data.int(in: 0...30000)), to: scratch(name))
            return name
        }
    }

    static func expectEachCompressedOnce(_ names: [String], _ scratch: TemporaryDirectory, reports: [String]) throws {
        for name in names {
            let decoded = try CommandRunner.run("gzip", ["-dc", scratch(name + ".gz")])
            #expect(Array(decoded.standardOutput) == (try TreeBuilder.read(scratch(name))), "\(name)")
        }
        var done = 0
        for report in reports {
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch(report)))) as! [String: Any]
            done += json["filesDone"] as! Int
        }
        #expect(done == names.count)
    }

    @Test func theGNUParallelLine() throws {
        let line = try Self.readme().split(separator: "\n").first { $0.hasPrefix("squeeze plan tree --shards 4") && $0.contains("parallel ") }
        let command = try #require(line.map(String.init), "the README has no GNU parallel line")
        let scratch = try TemporaryDirectory()
        let names = try Self.makeTree(scratch)
        let binDirectory = URL(fileURLWithPath: Squeeze.binary).deletingLastPathComponent().path
        let path = "\(binDirectory):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")"
        let result = try CommandRunner.run("env", ["PATH=\(path)", "bash", "-c", command], currentDirectory: scratch.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output.contains("merged 4 shards"), "\(result.output)")
        try Self.expectEachCompressedOnce(names, scratch, reports: (0..<4).map { "reports/shard-\($0).json" })
    }

    @Test func theKubernetesIndexedJob() throws {
        let manifest = "\(Squeeze.repositoryRoot)/examples/kubernetes/squeeze-shards.yaml"
        // The parts of the Job that make it one pod per shard, read by PyYAML as kubectl would read them.
        let reader = """
            import json, sys, yaml
            job = yaml.safe_load(open(sys.argv[1]))
            spec = job["spec"]
            container = spec["template"]["spec"]["containers"][0]
            print(json.dumps({"kind": job["kind"], "apiVersion": job["apiVersion"], "mode": spec["completionMode"],
                              "completions": spec["completions"], "restart": spec["template"]["spec"]["restartPolicy"],
                              "workingDir": container["workingDir"], "command": container["command"] + container["args"]}))
            """
        let parsed = try CommandRunner.run("python3", ["-c", reader, manifest])
        #expect(parsed.status == 0, "\(parsed.standardError)")
        let job = try JSONSerialization.jsonObject(with: parsed.standardOutput) as! [String: Any]
        #expect(job["kind"] as? String == "Job")
        #expect(job["apiVersion"] as? String == "batch/v1")
        #expect(job["mode"] as? String == "Indexed")
        #expect(job["restart"] as? String == "Never")
        let completions = try #require(job["completions"] as? Int)
        let command = try #require(job["command"] as? [String])
        #expect(command.first == "squeeze")

        // Each pod as the Job runs it: its index in the environment and in $(JOB_COMPLETION_INDEX).
        let scratch = try TemporaryDirectory()
        let names = try Self.makeTree(scratch)
        #expect(try Squeeze.run(["plan", "tree", "--shards", "\(completions)", "-o", "plan", "-q"], currentDirectory: scratch.path).status == 0)
        try FileManager.default.createDirectory(atPath: scratch("reports"), withIntermediateDirectories: true)
        for index in 0..<completions {
            let arguments = command.dropFirst().map { $0.replacingOccurrences(of: "$(JOB_COMPLETION_INDEX)", with: "\(index)") }
            let pod = try CommandRunner.run("env", ["JOB_COMPLETION_INDEX=\(index)", Squeeze.binary] + arguments, currentDirectory: scratch.path)
            #expect(pod.status == 0, "\(pod.standardError)")
        }
        try Self.expectEachCompressedOnce(names, scratch, reports: (0..<completions).map { "reports/shard-\($0).json" })
    }
}
