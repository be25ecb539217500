import Foundation
import SqueezeTestSupport
import Testing

/// `--rm` and `--sync`: no source is unlinked before its output is on disk, seen in the system
/// calls squeeze makes (a power cut cannot be staged in a test; the order of calls that make it
/// harmless can be checked).
@Suite(.enabled(if: CommandRunner.isInstalled("strace"), "needs strace (scripts/bootstrap installs it)"))
struct DurabilityTests {
    /// The calls that matter, in order: outputs linked or renamed into place, file system syncs,
    /// and unlinks.
    enum Call: Equatable {
        case placed(String)
        case synced
        case removed(String)
    }

    /// Runs squeeze under strace and returns its placing, syncing and unlinking calls in order.
    static func trace(_ arguments: [String]) throws -> (result: CommandResult, calls: [Call]) {
        let scratch = try TemporaryDirectory("squeeze-strace")
        let result = try CommandRunner.run(
            "strace", ["-f", "-qq", "-s", "4096", "-e", "trace=link,linkat,rename,renameat,renameat2,unlink,unlinkat,syncfs",
                       "-o", scratch("trace"), Squeeze.binary] + arguments)
        // With several threads, strace splits a call that another thread interrupts into
        // "PID call(args <unfinished ...>" and "PID <... call resumed>) = 0": join the two.
        var unfinished: [Substring: String] = [:]
        var lines: [String] = []
        for line in try String(contentsOfFile: scratch("trace"), encoding: .utf8).split(separator: "\n") {
            let pid = line.prefix { $0 != " " }
            if let cut = line.range(of: " <unfinished ...>") {
                unfinished[pid] = String(line[..<cut.lowerBound])
            } else if line.contains(" resumed>"), let start = unfinished.removeValue(forKey: pid),
                      let close = line.range(of: " resumed>") {
                lines.append(start + line[close.upperBound...])
            } else {
                lines.append(String(line))
            }
        }
        let quoted = /"((?:[^"\\]|\\.)*)"/
        var calls: [Call] = []
        for line in lines where line.hasSuffix("= 0") {
            let strings = line.matches(of: quoted).map { String($0.output.1) }
            // "PID  call(...": strace pads the PID column with spaces.
            let call = line.drop { $0 != " " }.drop { $0 == " " }.prefix { $0 != "(" }
            switch call {
            case "syncfs": calls.append(.synced)
            case "link", "linkat", "rename", "renameat", "renameat2":
                if let to = strings.last { calls.append(.placed(to)) }
            case "unlink", "unlinkat":
                if let path = strings.last { calls.append(.removed(path)) }
            default: break
            }
        }
        return (result, calls)
    }

    /// Checks that every source removed under `root` had its output placed before a sync that came
    /// before the removal; returns the sources removed. (Paths elsewhere are not the run's: under
    /// ThreadSanitizer its runtime unlinks files of its own in /tmp.)
    static func removalsFollowSyncs(_ calls: [Call], under root: String, outputOf: (String) -> String) -> [String] {
        var placed: Set<String> = [], durable: Set<String> = [], removed: [String] = []
        for call in calls {
            switch call {
            case .placed(let path): placed.insert(path)
            case .synced: durable.formUnion(placed)
            case .removed(let path):
                guard path.hasPrefix(root + "/"), !path.contains(".squeeze-") else { continue }
                #expect(durable.contains(outputOf(path)), "\(path) removed before \(outputOf(path)) was synced")
                removed.append(path)
            }
        }
        return removed
    }

    @Test(arguments: CompressModesTests.modes)
    func compressRemovesASourceOnlyAfterItsOutputIsSynced(mode: String) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 51)
        try TreeBuilder.write(data.text(3_000_000), to: scratch("tree/big.log"))
        for index in 0..<20 { try TreeBuilder.write(data.text(500 + index), to: scratch("tree/dir\(index % 3)/f\(index)")) }
        let (result, calls) = try Self.trace(["compress", scratch("tree"), "--rm", "--mode", mode, "-q"])
        #expect(result.status == 0, "\(result.standardError)")
        let removed = Self.removalsFollowSyncs(calls, under: scratch.path) { $0 + ".gz" }
        #expect(removed.count == 21)
        #expect(TreeBuilder.files(under: scratch("tree")).allSatisfy { $0.hasSuffix(".gz") })
    }

    /// More files than one batch: sources go batch by batch, each after a sync of its own.
    @Test func manyFilesAreRemovedInBatchesEachAfterASync() throws {
        let scratch = try TemporaryDirectory()
        for index in 0..<1_100 { try TreeBuilder.write("file \(index)\n", to: scratch("tree/f\(index)")) }
        let (result, calls) = try Self.trace(["compress", scratch("tree"), "--rm", "-q"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(Self.removalsFollowSyncs(calls, under: scratch.path) { $0 + ".gz" }.count == 1_100)
        #expect(calls.filter { $0 == .synced }.count == 2)
    }

    @Test func decompressRemovesASourceOnlyAfterItsOutputIsSynced() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("one\n", to: scratch("a"))
        try TreeBuilder.write("two\n", to: scratch("b"))
        #expect(try Squeeze.run(["compress", scratch("a"), scratch("b"), "--rm", "-q"]).status == 0)
        let (result, calls) = try Self.trace(["decompress", scratch("a.gz"), scratch("b.gz"), "--rm", "-q"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(Self.removalsFollowSyncs(calls, under: scratch.path) { String($0.dropLast(3)) }.sorted() == [scratch("a.gz"), scratch("b.gz")])
        #expect(try TreeBuilder.read(scratch("a")) == Array("one\n".utf8))
    }

    /// `--sync` alone: one sync before the run reports, and every source stays.
    @Test func syncMakesOutputsDurableAndKeepsSources() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("one\n", to: scratch("tree/a"))
        try TreeBuilder.write("two\n", to: scratch("tree/b"))
        let (result, calls) = try Self.trace(["compress", scratch("tree"), "--sync", "-q"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(calls.filter { $0 == .synced }.count == 1)
        #expect(calls.last == .synced, "the sync comes after every output is in place")
        #expect(TreeBuilder.files(under: scratch("tree")) == ["a", "a.gz", "b", "b.gz"])
    }

    /// A file decoded with a warning (trailing garbage) may hold less than the user thinks:
    /// `--rm` keeps its source and says so.
    @Test func decompressKeepsTheSourceOfAFileWithAWarning() throws {
        let scratch = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: Squeeze.fixture("gzip/garbage-after.gz"), toPath: scratch("g.gz"))
        try TreeBuilder.write("fine\n", to: scratch("ok"))
        #expect(try Squeeze.run(["compress", scratch("ok"), "--rm", "-q"]).status == 0)
        let result = try Squeeze.run(["decompress", scratch("g.gz"), scratch("ok.gz"), "--rm"])
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError.contains("trailing garbage ignored"), "\(result.standardError)")
        #expect(result.standardError.contains("the source was kept"), "\(result.standardError)")
        #expect(TreeBuilder.files(under: scratch.path) == ["g", "g.gz", "ok"])
    }
}
