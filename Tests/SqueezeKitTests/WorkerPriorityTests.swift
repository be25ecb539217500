import CSystem
import Foundation
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// A one-block task that notes the CPU and I/O priority of the thread it runs on, as the kernel
/// reports them: nice from `/proc/self/task/TID/stat` (field 19), the I/O class from `ioprio_get`.
private final class PriorityProbeTask: BlockTask {
    let blockCount = 1
    private let seen = Locked<[ThreadPriority]>([])

    var priorities: [ThreadPriority] { seen.withLock { $0 } }

    func runBlock(_ index: Int) -> Bool {
        let tid = squeeze_thread_id()
        let stat = (try? String(contentsOfFile: "/proc/self/task/\(tid)/stat", encoding: .utf8)) ?? ""
        // Fields after the command name, which is in parentheses and may hold spaces: field 3 first.
        let fields = stat.split(separator: ")").last.map { $0.split(separator: " ") } ?? []
        let nice = fields.count > 16 ? Int32(fields[16]) : nil
        var priority = ThreadPriority.of(thread: tid)
        if let nice { priority?.nice = nice } else { priority = nil }
        seen.withLock { $0.append(priority ?? ThreadPriority(nice: -99, ioClass: .realtime)) }
        return true
    }

    func finish() {}
}

/// Every mode, on a process that can raise a thread's priority again (root). `sequential` and `apply`
/// run items on the calling thread too: lowered for the run, it gets its priority back only where
/// the kernel allows raising nice, so without that privilege a test thread lowered by one test would
/// still be lowered in the next. `group` and `operation` run items on GCD's pool only.
private let modesToCheck: [SchedulingMode] = geteuid() == 0 ? SchedulingMode.allCases : [.group, .operation]

@Suite struct WorkerPriorityTests {
    /// The items a run hands out, each probing the thread it runs on.
    private func runProbes(_ mode: SchedulingMode, _ qos: SqueezeKit.QualityOfService) -> [ThreadPriority] {
        let cancellation = CancellationFlag()
        let window = WorkWindow(capacity: 64, cancellation: cancellation)
        let tasks = (0..<64).map { _ in PriorityProbeTask() }
        let items = tasks.map { WorkItem(task: $0, block: 0, taskSize: 1, weight: 1) }
        mode.makeScheduler(jobs: 2, qos: qos, cancellation: cancellation).run(PlannedWork(items: items, window: window))
        return tasks.flatMap(\.priorities)
    }

    /// One test, in this order, because the workers of `group` and `operation` are GCD's threads,
    /// shared by the whole test process: once `background` has lowered one, nothing without
    /// privilege can raise it again, so the classes that must leave threads alone go first.
    @Test func eachClassAppliesItsPriorityToTheWorkers() throws {
        let process = try #require(ThreadPriority.of(thread: getpid()))  // the main thread's
        for mode in modesToCheck {
            for priority in runProbes(mode, .userInitiated) {
                #expect(priority.nice <= process.nice, "\(mode): a user-initiated worker ran at nice \(priority.nice)")
                #expect(priority.ioClass != .idle)
            }
        }
        for mode in modesToCheck {
            let seen = runProbes(mode, .utility)
            #expect(seen.count == 64)
            for priority in seen {
                #expect(priority.nice >= 10, "\(mode): a worker ran at nice \(priority.nice)")
                #expect(priority.ioClass != .idle, "\(mode): a utility worker's I/O was put in the idle class")
            }
        }
        for mode in modesToCheck {
            let before = try #require(ThreadPriority.of())
            let seen = runProbes(mode, .background)
            #expect(seen.count == 64)
            for priority in seen {
                #expect(priority.nice == 19, "\(mode): a worker ran at nice \(priority.nice)")
                #expect(priority.ioClass == .idle, "\(mode): a worker's I/O class was \(priority.ioClass.name)")
            }
            // The calling thread (which runs items itself in sequential and apply) gets its priority back.
            if geteuid() == 0 { #expect(ThreadPriority.of() == before) }
        }
    }

    @Test func reportSaysWhatWasApplied() {
        #expect(SqueezeKit.QualityOfService.background.workerPriority.description == "workers at nice 19, idle I/O")
        #expect(SqueezeKit.QualityOfService.utility.workerPriority.description == "workers at nice 10")
        #expect(SqueezeKit.QualityOfService.userInitiated.workerPriority.description == nil)
        #expect(SqueezeKit.QualityOfService.userInteractive.workerPriority == WorkerPriority(nice: nil, idleIO: false))
    }
}
