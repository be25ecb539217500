import Foundation
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// `ResumeCheck`: which outputs count as done, checked through a descriptor of each directory, by
/// a `ResumeCheckQueue` (runs of files on other threads, recorded in the order handed in).
@Suite struct ResumeCheckTests {
    /// Hands `files` in, in walk order, to a queue of `jobs` checking threads; returns the planned
    /// files still to compress (in the plan's order), what was recorded, and the counts.
    /// With `refusingDifferent` (a run without `--force`), an output that is not the file's is
    /// recorded as refused and the file is not among the remaining; without, it is to be redone.
    static func split(
        _ planned: [Int32], of files: ScannedFiles, mode: ResumeMode = .check, jobs: Int = 2, refusingDifferent: Bool = false,
        destination: @escaping @Sendable (ScannedFile) -> PathName
    ) -> (remaining: [Int32], recorded: [FileOutcome], files: Int, bytes: Int64) {
        let recorded = Locked<[FileOutcome]>([])
        var queue = ResumeCheckQueue(
            check: ResumeCheck(mode: mode, format: .gzip), refusingDifferent: refusingDifferent, jobs: jobs, qos: .utility, destination: destination
        ) { outcome in
            recorded.withLock { $0.append(outcome) }
        }
        for index in planned.sorted() { queue.add(files[Int(index)], at: index) }
        let isDecided = queue.finish(fileCount: files.count)
        #expect(isDecided.count == files.count)
        let outcomes = recorded.withLock { $0 }
        let found = outcomes.filter(\.isFoundDone)
        return (planned.filter { !isDecided[Int($0)] }, outcomes, found.count, found.reduce(0) { $0 + $1.bytesIn })
    }

    @Test func onlyCompleteMatchingRegularOutputsCountAndTheyAreRecordedInWalkOrder() throws {
        let scratch = try TemporaryDirectory()
        var names: [String] = []
        for directory in ["a", "b/c", "d"] {
            try FileManager.default.createDirectory(atPath: scratch("tree/\(directory)"), withIntermediateDirectories: true)
            for index in 0..<5 {
                let name = "\(directory)/f\(index).txt"
                // Some past 16 KiB compressed, so that their trailers are read apart from the header.
                let bytes = (0..<(index * 6000 + 100)).map { _ in UInt8.random(in: 0...255) }
                try Data(bytes).write(to: URL(fileURLWithPath: scratch("tree/\(name)")))
                names.append(name)
            }
        }
        let first = CompressionRun(request: CompressionRequest(roots: [PathName(scratch("tree"))])).run()
        #expect(first.filesDone == names.count)
        // A FIFO at one output's name (must not hang nor count), one output gone, one with a wrong
        // length in its trailer (its time put back), one with another modification time.
        #expect(unlink(scratch("tree/a/f1.txt.gz")) == 0 && mkfifo(scratch("tree/a/f1.txt.gz"), 0o644) == 0)
        #expect(unlink(scratch("tree/b/c/f2.txt.gz")) == 0)
        var wrong = try Data(contentsOf: URL(fileURLWithPath: scratch("tree/b/c/f4.txt.gz")))
        wrong[wrong.count - 4] ^= 1
        try wrong.write(to: URL(fileURLWithPath: scratch("tree/b/c/f4.txt.gz")))
        #expect(try CommandRunner.run("touch", ["-r", scratch("tree/b/c/f4.txt"), scratch("tree/b/c/f4.txt.gz")]).status == 0)
        #expect(try CommandRunner.run("touch", ["-d", "2001-01-01", scratch("tree/d/f3.txt.gz")]).status == 0)

        let files = TreeScanner(options: ScanOptions(selection: .uncompressed, filter: PathFilter(), followSymlinks: false))
            .scan([PathName(scratch("tree"))]).files
        let planned = files.indicesLargestFirst(files.indices.map { Int32($0) })
        for mode in [ResumeMode.check, .verify] {
            let (remaining, recorded, resumedFiles, resumedBytes) = Self.split(
                planned, of: files, mode: mode, destination: { $0.path.appendingSuffix(".gz") })
            let redo = Set(["a/f1.txt", "b/c/f2.txt", "b/c/f4.txt", "d/f3.txt"])
            #expect(Set(remaining.map { files[Int($0)].relativePath.description }) == redo)
            // The rest keep the plan's order (largest first).
            #expect(remaining == planned.filter { remaining.contains($0) })
            #expect(resumedFiles == names.count - redo.count)
            #expect(recorded.map { $0.source.description } == names.filter { !redo.contains($0) }.map { scratch("tree/\($0)") })
            #expect(recorded.allSatisfy { $0.status == .done && $0.output == $0.source.appendingSuffix(".gz") })
            #expect(resumedBytes == recorded.reduce(0) { $0 + $1.bytesIn })
        }
    }

    /// Every way an output can fail to match its source, each on outputs read whole (up to
    /// `ResumeCheck.wholeRead` bytes) and on outputs of which only the header and trailer are read.
    /// The output's own time is put back after each change, so that only the change is judged.
    @Test func everyMismatchOfAnOutputIsRedoneAndOnlyRegularFilesAreRead() throws {
        let scratch = try TemporaryDirectory()
        let cases = ["truncated", "lastByteGone", "headerTime", "sourceGrew", "symlink", "directory", "temporary", "notGzip", "intact"]
        var names: [String] = []
        for (index, name) in cases.enumerated() {
            for (sizeName, size) in [("small", 60 + index), ("large", 17_000 + index)] {
                // Random bytes do not compress: a small file's output is read whole, a large one's is not.
                var generator = SplitMix64(seed: UInt64(index * 2 + size))
                let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
                try FileManager.default.createDirectory(atPath: scratch("tree/\(sizeName)"), withIntermediateDirectories: true)
                try Data(bytes).write(to: URL(fileURLWithPath: scratch("tree/\(sizeName)/\(name)")))
                names.append("\(sizeName)/\(name)")
            }
        }
        let first = CompressionRun(request: CompressionRequest(roots: [PathName(scratch("tree"))])).run()
        #expect(first.filesDone == names.count)
        for sizeName in ["small", "large"] {
            let source = { (name: String) in scratch("tree/\(sizeName)/\(name)") }
            let output = { (name: String) in URL(fileURLWithPath: source(name) + ".gz") }
            #expect((try Data(contentsOf: output("intact"))).count > ResumeCheck.wholeRead || sizeName == "small")
            #expect((try Data(contentsOf: output("intact"))).count <= ResumeCheck.wholeRead || sizeName == "large")
            try Data(contentsOf: output("truncated")).dropLast(9).write(to: output("truncated"))
            try Data(contentsOf: output("lastByteGone")).dropLast().write(to: output("lastByteGone"))
            var header = try Data(contentsOf: output("headerTime"))
            header[5] ^= 1
            try header.write(to: output("headerTime"))
            // The source grew by a byte, its time put back: the trailer's length no longer matches.
            let grown = try Data(contentsOf: URL(fileURLWithPath: source("sourceGrew"))) + [0]
            try grown.write(to: URL(fileURLWithPath: source("sourceGrew")))
            #expect(try CommandRunner.run("touch", ["-r", source("sourceGrew") + ".gz", source("sourceGrew")]).status == 0)
            // A link at the output's name to a complete output (its own, moved): not the output squeeze writes.
            #expect(rename(source("symlink") + ".gz", source("symlink") + ".real") == 0)
            #expect(symlink(source("symlink") + ".real", source("symlink") + ".gz") == 0)
            #expect(unlink(source("directory") + ".gz") == 0 && mkdir(source("directory") + ".gz", 0o755) == 0)
            // A killed run's output, whole but still at its temporary name.
            let temporary = TemporaryName.candidate(for: PathName(source("temporary") + ".gz")).description
            #expect(rename(source("temporary") + ".gz", temporary) == 0)
            try Data(repeating: 0x41, count: sizeName == "small" ? 100 : 17_000).write(to: output("notGzip"))
            for name in cases where name != "symlink" && name != "directory" && name != "temporary" && name != "sourceGrew" {
                #expect(try CommandRunner.run("touch", ["-r", source(name), source(name) + ".gz"]).status == 0)
            }
        }

        let files = TreeScanner(options: ScanOptions(selection: .uncompressed, filter: PathFilter(), followSymlinks: false))
            .scan([PathName(scratch("tree"))]).files
        let planned = files.indices.map { Int32($0) }.filter { !files[Int($0)].path.hasSuffix(".real") }
        for mode in [ResumeMode.check, .verify] {
            let (remaining, recorded, resumedFiles, _) = Self.split(planned, of: files, mode: mode, destination: { $0.path.appendingSuffix(".gz") })
            #expect(Set(remaining.map { files[Int($0)].relativePath.description }) == Set(names.filter { !$0.hasSuffix("/intact") }))
            #expect(resumedFiles == 2 && Set(recorded.map { $0.source.lastComponent.description }) == ["intact"])
        }
        // Without --force every one of them is refused, the output named, and none is redone; the
        // temporary's file has no output at its name, so it is the one left to compress.
        let (remaining, recorded, resumedFiles, _) = Self.split(
            planned, of: files, refusingDifferent: true, destination: { $0.path.appendingSuffix(".gz") })
        #expect(Set(remaining.map { files[Int($0)].relativePath.description }) == ["small/temporary", "large/temporary"])
        #expect(resumedFiles == 2)
        let refused = recorded.filter { !$0.isFoundDone }
        #expect(Set(refused.map { "\($0.source)" }) == Set(names.filter { !$0.hasSuffix("/intact") && !$0.hasSuffix("/temporary") }.map { scratch("tree/\($0)") }))
        #expect(refused.allSatisfy { $0.status == .skipped(.outputDiffers($0.source.appendingSuffix(".gz"))) })
    }

    /// An empty file's output cut short still ends in zero bytes, as its trailer does: it is redone.
    @Test func anEmptySourcesCutOutputIsRedone() throws {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: scratch("tree"), withIntermediateDirectories: true)
        let cuts = [0, 1, 2, 4, 8]
        for cut in cuts { #expect(FileManager.default.createFile(atPath: scratch("tree/empty\(cut)"), contents: Data())) }
        let first = CompressionRun(request: CompressionRequest(roots: [PathName(scratch("tree"))])).run()
        #expect(first.filesDone == cuts.count)
        for cut in cuts where cut > 0 {
            let output = URL(fileURLWithPath: scratch("tree/empty\(cut).gz"))
            try Data(contentsOf: output).dropLast(cut).write(to: output)
            #expect(try CommandRunner.run("touch", ["-r", scratch("tree/empty\(cut)"), output.path]).status == 0)
        }
        let files = TreeScanner(options: ScanOptions(selection: .uncompressed, filter: PathFilter(), followSymlinks: false))
            .scan([PathName(scratch("tree"))]).files
        let (remaining, recorded, _, _) = Self.split(files.indices.map { Int32($0) }, of: files, destination: { $0.path.appendingSuffix(".gz") })
        #expect(Set(remaining.map { files[Int($0)].relativePath.description }) == ["empty1", "empty2", "empty4", "empty8"])
        #expect(recorded.map { $0.source.lastComponent.description } == ["empty0"])
    }

    /// Many runs checked at once, finishing in any order, are still recorded in walk order.
    @Test(arguments: [1, 3, 8]) func runsFinishingInAnyOrderAreRecordedInWalkOrder(jobs: Int) throws {
        let scratch = try TemporaryDirectory()
        for index in 0..<(ResumeCheckQueue.runLength * 5 + 17) {
            try TreeBuilder.write("file \(index)\n", to: scratch("tree/d\(index % 9)/f\(index).txt"))
        }
        _ = CompressionRun(request: CompressionRequest(roots: [PathName(scratch("tree"))])).run()
        // Every seventh output gone: its file is left to do.
        let files = TreeScanner(options: ScanOptions(selection: .uncompressed)).scan([PathName(scratch("tree"))]).files
        for index in stride(from: 0, to: files.count, by: 7) { #expect(unlink(files[index].path.appendingSuffix(".gz").description) == 0) }
        let planned = files.indicesLargestFirst(files.indices.map { Int32($0) })
        let (remaining, recorded, resumedFiles, _) = Self.split(
            planned, of: files, jobs: jobs, destination: { $0.path.appendingSuffix(".gz") })
        let walkOrder = files.indices.filter { $0 % 7 != 0 }.map { files[$0].path }
        #expect(recorded.map(\.source) == walkOrder)
        #expect(resumedFiles == walkOrder.count)
        #expect(Set(remaining) == Set(stride(from: 0, to: files.count, by: 7).map { Int32($0) }))
    }

    @Test func anOutputDirectoryThatCannotBeOpenedCountsNothingThere() throws {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: scratch("tree"), withIntermediateDirectories: true)
        try Data("hello\n".utf8).write(to: URL(fileURLWithPath: scratch("tree/f.txt")))
        _ = CompressionRun(request: CompressionRequest(roots: [PathName(scratch("tree"))])).run()
        let files = TreeScanner(options: ScanOptions(selection: .uncompressed, filter: PathFilter(), followSymlinks: false))
            .scan([PathName(scratch("tree"))]).files
        let missing = scratch("missing/f.txt.gz")
        let (remaining, _, resumedFiles, _) = Self.split([0], of: files, destination: { _ in PathName(missing) })
        #expect(remaining == [0] && resumedFiles == 0)
        let (_, _, here, _) = Self.split([0], of: files, destination: { $0.path.appendingSuffix(".gz") })
        #expect(here == 1)
    }
}
