import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// `--qos background` lowers the walk too, not only the workers: the thread that walks the tree
/// and feeds the workers as it goes (the main thread) runs at nice 19 while it feeds, as the
/// workers do; at `user-initiated` it is left alone. Seen from outside, as a user would with
/// `ps -L`, at a point the test holds the run at: the first file's output is a FIFO (written into,
/// under `--force`) that nobody reads yet, so its open waits, no window credit comes back, and
/// the walk waits for credits with the rest of the tree still to feed.
@Suite struct WalkerPriorityTests {
    static func feederNice(qos: String) throws -> (feeder: Int, writer: Int) {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 5)
        try TreeBuilder.write(data.text(1_000), to: scratch("t/a"))
        // 20 MB in files of 100 KB: five times the window of one job.
        for index in 0..<200 { try TreeBuilder.write(data.text(100_000), to: scratch("t/f\(index)")) }
        #expect(mkfifo(scratch("t/a.gz"), 0o644) == 0)
        let run = try WatchedProcess(
            Squeeze.binary, ["compress", "-q", "-j", "1", "--mode", "group", "--qos", qos, "--force", scratch("t")])
        let pid = run.pid
        #expect(run.waitUntilBlocked(in: "wait_for_partner"), "the output FIFO's open never waited: \(run.standardError)")
        // The main thread (its id is the process's) asleep: waiting for credits, with files left.
        #expect(KernelState.waitUntil(deadline: 60) { Self.state(of: pid, thread: pid) == "S" })
        let feeder = Self.nice(of: pid, thread: pid)
        let writer = Self.threads(of: pid).first { KernelState.wchan(of: pid, thread: $0)?.contains("wait_for_partner") == true }.map { Self.nice(of: pid, thread: $0) }
        // The reader comes: the run goes on to its end.
        let drain = try CommandRunner.start("cat", [scratch("t/a.gz")], scratch: scratch)
        #expect(run.waitForExit() == 0, "\(run.standardError)")
        drain.waitUntilExit()
        #expect(TreeBuilder.files(under: scratch("t")).filter { $0.hasSuffix(".gz") }.count == 200, "every regular file compressed (a.gz, the FIFO, is not a file)")
        return (feeder, writer ?? -99)
    }

    static func threads(of pid: Int32) -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []).compactMap { Int32($0) }
    }

    /// Fields after the command name of `/proc/PID/task/TID/stat` (the name is in parentheses and
    /// may hold spaces): the state is the first, nice the 17th.
    static func statFields(of pid: Int32, thread: Int32) -> [Substring] {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/stat", encoding: .utf8)) ?? ""
        return stat.split(separator: ")").last.map { $0.split(separator: " ") } ?? []
    }

    static func state(of pid: Int32, thread: Int32) -> String? { statFields(of: pid, thread: thread).first.map(String.init) }

    static func nice(of pid: Int32, thread: Int32) -> Int {
        let fields = statFields(of: pid, thread: thread)
        return fields.count > 16 ? Int(fields[16]) ?? -99 : -99
    }

    @Test func theWalkRunsAtTheRunsPriority() throws {
        let background = try Self.feederNice(qos: "background")
        #expect(background.feeder == 19 && background.writer == 19, "\(background)")
        let initiated = try Self.feederNice(qos: "user-initiated")
        #expect(initiated.feeder < 19, "\(initiated)")
    }
}
