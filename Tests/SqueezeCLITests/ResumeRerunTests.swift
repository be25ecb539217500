import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// `--resume` reruns, whose outputs are checked while the walk goes on: what was done stays as it
/// was (same bytes, same file), what changed is redone, the counts are the same whatever the
/// scheduling, and an interrupted rerun leaves only complete outputs.
@Suite struct ResumeRerunTests {
    /// Files of seeded sizes in `directories` directories: more files than the checks take in one
    /// run, so that several runs are checked at once and their results must be put in order.
    static func makeTree(_ root: String, files: Int, directories: Int, seed: UInt64) throws -> [String: [UInt8]] {
        var data = TestData(seed: seed)
        var contents: [String: [UInt8]] = [:]
        for index in 0..<files {
            let name = "d\(index % directories)/s\(index % 3)/f\(index).txt"
            contents[name] = data.text(data.int(in: 0...9000))
            try TreeBuilder.write(contents[name]!, to: "\(root)/\(name)")
        }
        return contents
    }

    static func json(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
    }

    static func inode(_ path: String) -> UInt64? {
        var status = stat()
        return stat(path, &status) == 0 ? UInt64(status.st_ino) : nil
    }

    @Test(arguments: [["-j", "1"], ["-j", "2"], ["-j", "4", "--mode", "operation"], ["--mode", "sequential"]])
    func aRerunKeepsWhatWasDoneAndRedoesWhatChanged(scheduling: [String]) throws {
        try Self.rerunKeepsWhatWasDoneAndRedoesWhatChanged(scheduling: scheduling) { arguments, directory in
            try Squeeze.run(arguments, currentDirectory: directory)
        }
    }

    /// On one CPU (`taskset -c 0`, as a 1-CPU Slurm task runs) the default is one job, and the
    /// outputs are checked on the walker's own thread (for a list, through the descriptor the walk
    /// looked each source up in): the same files are found done.
    @Test(arguments: [false, true]) func aRerunOnOneCPUChecksAsWellAndRunsOneJob(byList: Bool) throws {
        try Self.rerunKeepsWhatWasDoneAndRedoesWhatChanged(scheduling: [], byList: byList) { arguments, directory in
            try CommandRunner.run("taskset", ["-c", "0", Squeeze.binary] + arguments, currentDirectory: directory)
        }
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write(Array("one\n".utf8), to: scratch("tree/one"))
        let pinned = try CommandRunner.run("taskset", ["-c", "0", Squeeze.binary, "compress", "tree", "-q", "--json", "r.json"], currentDirectory: scratch.path)
        #expect(pinned.status == 0, "\(pinned.standardError)")
        #expect((try Self.json(scratch("r.json"))["settings"] as? [String: Any])?["jobs"] as? Int == 1)
    }

    /// The rerun test itself, with squeeze run by `squeeze`; `byList` names the files by a list
    /// (`--files-from`, in walk order) instead of the tree.
    static func rerunKeepsWhatWasDoneAndRedoesWhatChanged(
        scheduling: [String], byList: Bool = false, squeeze: ([String], String) throws -> CommandResult
    ) throws {
        let scratch = try TemporaryDirectory()
        var contents = try Self.makeTree(scratch("tree"), files: 700, directories: 7, seed: 41)
        try TreeBuilder.write(contents.keys.sorted().flatMap { Array("tree/\($0)".utf8) + [0] }, to: scratch("list"))
        let files = byList ? ["--files-from", "list", "--null"] : ["tree"]
        #expect(try squeeze(["compress"] + files + ["-q"] + scheduling, scratch.path).status == 0)
        let names = contents.keys.sorted()
        var before: [String: (bytes: [UInt8], inode: UInt64?)] = [:]
        for name in names { before[name] = (try TreeBuilder.read(scratch("tree/\(name).gz")), Self.inode(scratch("tree/\(name).gz"))) }

        // Three sources changed since (new bytes, new times), one output removed.
        let changed = [names[5], names[350], names[699]]
        for name in changed {
            contents[name] = Array("changed \(name)\n".utf8)
            try TreeBuilder.write(contents[name]!, to: scratch("tree/\(name)"))
            #expect(try CommandRunner.run("touch", ["-d", "2030-01-01", scratch("tree/\(name)")]).status == 0)
        }
        try FileManager.default.removeItem(atPath: scratch("tree/\(names[100]).gz"))

        let rerun = try squeeze(["compress"] + files + ["--resume", "--force", "--json", "r.json"] + scheduling, scratch.path)
        #expect(rerun.status == 0, "\(rerun.standardError)")
        let report = try Self.json(scratch("r.json"))
        let redone = Set(changed + [names[100]])
        #expect(report["filesResumed"] as? Int == names.count - redone.count)
        let resumedBytes = names.filter { !redone.contains($0) }.reduce(0) { $0 + contents[$1]!.count }
        #expect(report["bytesResumed"] as? Int == resumedBytes)
        #expect(report["filesDone"] as? Int == names.count)
        #expect((report["files"] as? [Any])?.count == names.count)
        // Only the sources themselves and their outputs are there, and nothing but them.
        #expect(TreeBuilder.files(under: scratch("tree")) == (names + names.map { $0 + ".gz" }).sorted())
        for name in names {
            let output = scratch("tree/\(name).gz")
            if redone.contains(name) {
                let decoded = try CommandRunner.run("gzip", ["-dc", output])
                #expect(decoded.status == 0 && Array(decoded.standardOutput) == contents[name]!, "\(name)")
            } else {
                // Left as it was: the same file, never rewritten.
                #expect(try TreeBuilder.read(output) == before[name]!.bytes, "\(name)")
                #expect(Self.inode(output) == before[name]!.inode, "\(name)")
            }
        }
    }

    @Test func aChangedSourceIsNotCountedDoneAndWithoutForceItsOutputIsKept() throws {
        let scratch = try TemporaryDirectory()
        let contents = try Self.makeTree(scratch("tree"), files: 300, directories: 2, seed: 42)
        #expect(try Squeeze.run(["compress", "tree", "-q"], currentDirectory: scratch.path).status == 0)
        let name = contents.keys.sorted()[123]
        let output = try TreeBuilder.read(scratch("tree/\(name).gz"))
        // Same size, new bytes, a new time: the trailer still matches, the times do not.
        try TreeBuilder.write(contents[name]!.map { $0 ^ 1 }, to: scratch("tree/\(name)"))
        let rerun = try Squeeze.run(["compress", "tree", "--resume", "--json", "-"], currentDirectory: scratch.path)
        #expect(rerun.status == 2, "\(rerun.standardError)")
        #expect(rerun.standardError.contains("\(name).gz' already exists"), "\(rerun.standardError)")
        let report = try JSONSerialization.jsonObject(with: Data(rerun.standardOutput)) as! [String: Any]
        #expect(report["filesResumed"] as? Int == 299)
        #expect(try TreeBuilder.read(scratch("tree/\(name).gz")) == output)
    }

    /// A symbolic link at an output's name, even to that file's complete output, is not the
    /// output squeeze wrote: the file is not counted done, and the link is neither followed nor
    /// replaced (without `--force`, an output that is there is reported and kept).
    @Test func aLinkAtAnOutputsNameIsNotCountedDoneNorReplaced() throws {
        let scratch = try TemporaryDirectory()
        let contents = try Self.makeTree(scratch("tree"), files: 40, directories: 2, seed: 43)
        #expect(try Squeeze.run(["compress", "tree", "-q"], currentDirectory: scratch.path).status == 0)
        let name = contents.keys.sorted()[7]
        let output = try TreeBuilder.read(scratch("tree/\(name).gz"))
        #expect(rename(scratch("tree/\(name).gz"), scratch("elsewhere.gz")) == 0)
        #expect(symlink(scratch("elsewhere.gz"), scratch("tree/\(name).gz")) == 0)
        let rerun = try Squeeze.run(["compress", "tree", "--resume", "--json", "-"], currentDirectory: scratch.path)
        #expect(rerun.status == 2, "\(rerun.standardError)")
        #expect(rerun.standardError.contains("\(name).gz' already exists"), "\(rerun.standardError)")
        let report = try JSONSerialization.jsonObject(with: Data(rerun.standardOutput)) as! [String: Any]
        #expect(report["filesResumed"] as? Int == 39)
        var status = stat()
        #expect(lstat(scratch("tree/\(name).gz"), &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
        #expect(try TreeBuilder.read(scratch("elsewhere.gz")) == output)
    }

    @Test(.timeLimit(.minutes(2))) func anInterruptedRerunLeavesOnlyCompleteOutputsAndTheNextFinishes() throws {
        let scratch = try TemporaryDirectory()
        _ = try Self.makeTree(scratch("tree"), files: 400, directories: 4, seed: 43)
        #expect(try Squeeze.run(["compress", "tree", "-q"], currentDirectory: scratch.path).status == 0)
        let done = TreeBuilder.files(under: scratch("tree")).filter { $0.hasSuffix(".gz") }
        let inodes = done.map { Self.inode(scratch("tree/\($0)")) }
        // Then large files, slow to compress (libdeflate's level 12 on text), for the rerun to do.
        var data = TestData(seed: 44)
        let chunk = data.text(1 << 20)
        for index in 0..<12 { try TreeBuilder.write(chunk, to: scratch("tree/big/b\(index).txt")) }

        let process = try CommandRunner.start(
            Squeeze.binary, ["compress", scratch("tree"), "--resume", "--level", "12", "--block-size", "256KiB"], scratch: scratch)
        let bigOutputs = { TreeBuilder.files(under: scratch("tree/big")).filter { !$0.hasSuffix(".txt") } }
        let signalled = KernelState.interrupt(
            process, with: SIGINT, onceStarted: { !bigOutputs().isEmpty }, ifWhileStopped: { bigOutputs().count < 12 })
        process.waitUntilExit()
        try #require(signalled, "the rerun finished before the signal: make the input larger")
        let result = try CommandRunner.result(of: process, scratch: scratch)
        #expect(result.status == 130, "\(result.standardError)")
        let left = TreeBuilder.files(under: scratch("tree"))
        #expect(!left.contains { $0.contains(".squeeze-") }, "temporaries left: \(left)")
        for output in left where output.hasSuffix(".gz") {
            #expect(try CommandRunner.run("gzip", ["-t", scratch("tree/\(output)")]).status == 0, "\(output) is incomplete")
        }
        #expect(done.map { Self.inode(scratch("tree/\($0)")) } == inodes)

        let outputsLeft = left.filter { $0.hasSuffix(".gz") }.count
        let finish = try Squeeze.run(["compress", "tree", "--resume", "--json", "f.json"], currentDirectory: scratch.path)
        #expect(finish.status == 0, "\(finish.standardError)")
        #expect(try Self.json(scratch("f.json"))["filesResumed"] as? Int == outputsLeft)
        #expect(TreeBuilder.files(under: scratch("tree")).filter { $0.hasSuffix(".gz") }.count == 412)
    }

    /// As gzip, a file that already has the output suffix (`-S`) is taken as compressed: a rerun
    /// does not make `x.z.z`, and a `y.z` found in the tree is left alone.
    @Test func aFileWithTheOutputSuffixIsNotCompressedAgain() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("plain\n", to: scratch("tree/x"))
        try TreeBuilder.write("already\n", to: scratch("tree/sub/y.z"))
        let first = try Squeeze.run(["gzip", "-r", "-k", "-S", ".z", "tree"], currentDirectory: scratch.path)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(TreeBuilder.files(under: scratch("tree")) == ["sub/y.z", "x", "x.z"])
        let again = try Squeeze.run(["gzip", "-r", "-k", "-S", ".z", "tree"], currentDirectory: scratch.path)
        // x.z exists (a warning, as gzip's "already exists"); x.z itself is not compressed.
        #expect(again.status == 2, "\(again.standardError)")
        #expect(TreeBuilder.files(under: scratch("tree")) == ["sub/y.z", "x", "x.z"])
        let decoded = try CommandRunner.run("gzip", ["-dc", "-S", ".z", scratch("tree/x.z")])
        #expect(String(decoding: decoded.standardOutput, as: UTF8.self) == "plain\n")
    }
}
