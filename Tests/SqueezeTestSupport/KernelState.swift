import Foundation
import Glibc

/// What the kernel reports about threads, processes and open files, for tests that must act at a
/// known point of another thread or process (once it is blocked in a wait, stopped, or done with a
/// file) instead of after a guessed delay. Each wait polls `/proc` until its condition holds; the
/// deadline only keeps a broken test from hanging, and a test that reaches it fails.
public enum KernelState {
    /// The calling thread's id in the kernel, for `waitUntilAsleep`. (`/proc/thread-self` links to
    /// `PID/task/TID`.)
    public static func currentThreadID() -> Int32 {
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? ""
        return Int32(target.split(separator: "/").last ?? "") ?? -1
    }

    /// The read system calls (`read`, `pread` and their vector forms) the calling thread has made,
    /// as the kernel counts them (`syscr` of `/proc/thread-self/io`); this reading's own `read` is
    /// counted in the next one.
    public static func readCallsOfCurrentThread() -> Int {
        let descriptor = open("/proc/thread-self/io", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return -1 }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
        let text = String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
        let line = text.split(separator: "\n").first { $0.hasPrefix("syscr:") }
        return line.flatMap { Int($0.dropFirst("syscr:".count).trimmingCharacters(in: .whitespaces)) } ?? -1
    }

    /// Waits until every one of these threads of this process is asleep in the kernel: blocked in
    /// a wait (a condition, a semaphore, a contended lock), not running or about to run.
    @discardableResult
    public static func waitUntilAsleep(_ threads: [Int32], deadline: TimeInterval = 60) -> Bool {
        waitUntil(deadline: deadline) { threads.allSatisfy(isAsleep) }
    }

    /// Whether this thread of this process is asleep in the kernel now (see `waitUntilAsleep`).
    public static func isAsleep(_ thread: Int32) -> Bool { state(ofStat: "/proc/self/task/\(thread)/stat") == "S" }

    /// The kernel function each asleep thread of process `pid` waits in (its `wchan`:
    /// `wait_for_partner` for a FIFO's open, `pipe_read`, `pipe_write`, `poll_schedule_timeout` for `poll`).
    public static func sleepingFunctions(of pid: Int32) -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.compactMap { task in
            guard state(ofStat: "/proc/\(pid)/task/\(task)/stat") == "S" else { return nil }
            return try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/wchan", encoding: .utf8)
        }
    }

    /// The kernel function thread `tid` of process `pid` waits in (its `wchan`), if it is asleep.
    public static func wchan(of pid: Int32, thread tid: Int32) -> String? {
        guard state(ofStat: "/proc/\(pid)/task/\(tid)/stat") == "S" else { return nil }
        return try? String(contentsOfFile: "/proc/\(pid)/task/\(tid)/wchan", encoding: .utf8)
    }

    /// Waits until process `pid` is idle: every thread asleep at one same moment, none woken since,
    /// so that nothing runs until something outside wakes one (a reader, a signal). One reading of
    /// `/proc` reads the threads one after another, so threads seen asleep each at its own moment
    /// may never have slept all at once; two readings that find every thread asleep with the same
    /// count of context switches show that none ran in between, and all slept at once from the end
    /// of the first to the start of the second. Returns the functions they sleep in (`wchan`), or
    /// nil if the process ended first or the deadline passed.
    public static func waitUntilIdle(_ pid: Int32, deadline: TimeInterval = 120) -> [String]? {
        var previous: [String: (wchan: String, switches: String)]?
        var idle: [String]?
        _ = waitUntil(deadline: deadline) {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            var now: [String: (wchan: String, switches: String)] = [:]
            for task in tasks {
                let path = "/proc/\(pid)/task/\(task)"
                guard state(ofStat: "\(path)/stat") == "S",
                      let wchan = try? String(contentsOfFile: "\(path)/wchan", encoding: .utf8),
                      let status = try? String(contentsOfFile: "\(path)/status", encoding: .utf8)
                else { break }
                let switches = status.split(separator: "\n").filter { $0.contains("ctxt_switches") }.joined(separator: " ")
                now[task] = (wchan, switches)
            }
            defer { previous = now.count == tasks.count && !tasks.isEmpty ? now : nil }
            guard now.count == tasks.count, !tasks.isEmpty, let previous, previous.keys.sorted() == now.keys.sorted(),
                  now.allSatisfy({ previous[$0.key]!.switches == $0.value.switches })
            else { return kill(pid, 0) != 0 }
            idle = now.values.map(\.wchan)
            return true
        }
        return idle
    }

    /// Waits until no file descriptor of this process refers to the file at `path`.
    @discardableResult
    public static func waitUntilClosed(_ path: String, deadline: TimeInterval = 60) -> Bool {
        let file = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return waitUntil(deadline: deadline) { !openFiles().contains(file) }
    }

    /// The nameless files (`O_TMPFILE`: squeeze's outputs before they are complete) process `pid`
    /// has open in `directory`, as /proc names them: `directory/#INODE (deleted)`.
    public static func namelessFiles(openBy pid: Int32, in directory: String) -> [String] {
        let prefix = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path + "/#"
        let descriptors = "/proc/\(pid)/fd"
        return ((try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? []).compactMap { name in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(descriptors)/\(name)") else { return nil }
            return target.hasPrefix(prefix) && target.hasSuffix(" (deleted)") ? target : nil
        }
    }

    /// The files this process has open, by path.
    public static func openFiles() -> [String] {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)") }
    }

    /// Interrupts `process` mid-run: waits until `hasStarted` holds (its signal handlers are then
    /// installed), stops it (SIGSTOP), asks `isMidRun` while nothing in it can move, and only if
    /// that holds queues `signal` before letting it continue. Returns whether it was sent; if not,
    /// the process is let go to finish, and the caller fails.
    public static func interrupt(
        _ process: Process, with signal: Int32, onceStarted hasStarted: () -> Bool, ifWhileStopped isMidRun: () -> Bool
    ) -> Bool {
        guard waitUntil(deadline: 60, { !process.isRunning || hasStarted() }), process.isRunning else { return false }
        let pid = process.processIdentifier
        kill(pid, SIGSTOP)
        defer { kill(pid, SIGCONT) }
        guard waitUntil(deadline: 60, { !process.isRunning || state(ofStat: "/proc/\(pid)/stat") == "T" }),
            process.isRunning, isMidRun()
        else { return false }
        kill(pid, signal)
        return true
    }

    /// Interrupts a decode of an input of `inputBytes` mid-read (after 0.3 s of CPU, while it has
    /// not read all of it), then waits up to 5 s for it to end, killing it if it has not. Returns
    /// the seconds it took to end after the signal, nil if it did not; throws (after reaping the process) if the decode read all
    /// its input before the signal could be sent: the input must then be made larger.
    public static func interruptMidDecode(_ process: Process, with signal: Int32, inputBytes: Int) throws -> TimeInterval? {
        let pid = process.processIdentifier
        let isSent = interrupt(
            process, with: signal, onceStarted: { (cpuSeconds(of: pid) ?? 0) >= 0.3 },
            ifWhileStopped: { (bytesRead(by: pid) ?? .max) < Int64(inputBytes) })
        guard isSent else {
            if process.isRunning { kill(pid, SIGKILL) }
            process.waitUntilExit()
            throw DecodeEndedBeforeTheSignal()
        }
        let sent = Date()
        let ended = waitUntil(deadline: 5) { !process.isRunning }
        if !ended { kill(pid, SIGKILL) }
        process.waitUntilExit()
        return ended ? Date().timeIntervalSince(sent) : nil
    }

    public struct DecodeEndedBeforeTheSignal: Error, CustomStringConvertible {
        public var description: String { "the decode read all its input before the signal: make the input larger" }
    }

    /// The CPU time (user and system, in seconds) process `pid` has used so far, nil once it is
    /// gone: it advances only while the process works.
    public static func cpuSeconds(of pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else {
            return nil
        }
        // After the command name: state (field 3), ..., utime (14) and stime (15), in clock ticks.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The bytes process `pid` has read so far with `read` and its kin, from any file (`rchar` of
    /// `/proc/PID/io`), nil once it is gone.
    public static func bytesRead(by pid: Int32) -> Int64? {
        guard let io = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8) else { return nil }
        let line = io.split(separator: "\n").first { $0.hasPrefix("rchar:") }
        return line.flatMap { Int64($0.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)) }
    }

    /// Polls `condition` every millisecond until it holds (true) or `deadline` seconds pass (false).
    public static func waitUntil(deadline: TimeInterval, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(deadline)
        while !condition() {
            if Date() >= end { return false }
            usleep(1_000)
        }
        return true
    }

    /// The state letter of a `/proc/.../stat` file (`R` running, `S` asleep, `T` stopped, ...): the
    /// field after the command name, which is in parentheses and may itself hold spaces.
    static func state(ofStat path: String) -> Character? {
        guard let stat = try? String(contentsOfFile: path, encoding: .utf8), let close = stat.lastIndex(of: ")") else {
            return nil
        }
        return stat[stat.index(after: close)...].first { $0 != " " }
    }
}
