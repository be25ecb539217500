import CSystem
import Foundation
@testable import SqueezeKit
import SqueezeOperationQueue
import SqueezeTestSupport
import Testing

/// A one-block task that notes the CPU and I/O priority of the thread it runs on, as the kernel
/// reports them: nice from `/proc/self/task/TID/stat` (field 19), the I/O class from `ioprio_get`.
private final class PriorityProbeTask: BlockTask {
    let blockCount = 1
    private let seen = Locked<[ThreadPriority]>([])
    private let threads = Locked<[Int32]>([])

    var priorities: [ThreadPriority] { seen.withLock { $0 } }
    /// The kernel's ids of the threads the probe ran on.
    var threadIDs: [Int32] { threads.withLock { $0 } }

    func runBlock(_ index: Int) -> Bool {
        let tid = squeeze_thread_id()
        threads.withLock { $0.append(tid) }
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

@Suite(.serialized) struct WorkerPriorityTests {
    /// The items a run hands out, each probing the thread it runs on.
    private func runProbes(_ mode: SchedulingMode, _ qos: SqueezeKit.QualityOfService) -> [ThreadPriority] {
        runProbesOnThreads(mode, qos).priorities
    }

    /// As `runProbes`, with the ids of the threads the items ran on.
    private func runProbesOnThreads(_ mode: SchedulingMode, _ qos: SqueezeKit.QualityOfService) -> (priorities: [ThreadPriority], threads: Set<Int32>) {
        let cancellation = CancellationFlag()
        let window = WorkWindow(capacity: 64, cancellation: cancellation)
        let tasks = (0..<64).map { _ in PriorityProbeTask() }
        let items = tasks.map { WorkItem(task: $0, block: 0, taskSize: 1, weight: 1) }
        SchedulingOptions(mode: mode, jobs: 2, qos: qos, operationScheduler: .operationQueue).run(items, window: window, cancellation: cancellation)
        return (tasks.flatMap(\.priorities), Set(tasks.flatMap(\.threadIDs)))
    }

    /// A library caller's GCD pool keeps its priority: each pool thread that ran a unit of a
    /// `background` run (at nice 19, idle I/O) is given its priority back when the unit ends, so
    /// that work the caller queues afterwards at that class runs as it did before (libdispatch
    /// itself runs its background pool at nice 10). Giving nice back needs privilege (root has
    /// it); without it the kernel refuses, as the README says.
    @Test(.enabled(if: geteuid() == 0, "raising a thread's nice again needs CAP_SYS_NICE"))
    func poolThreadsGetTheirPriorityBackWhenEachUnitEnds() throws {
        let before = Self.callersPriorities()
        #expect(!before.isEmpty)
        for mode in [SchedulingMode.group, .apply, .operation] {
            let run = runProbesOnThreads(mode, .background)
            #expect(run.priorities.count == 64 && run.priorities.allSatisfy { $0.nice == 19 && $0.ioClass == .idle }, "\(mode)")
            // Every thread that ran an item and is still there (an idle pool thread may have ended
            // since) has left squeeze's lowering behind. (`apply` may run its iterations on
            // another class's pool, whose priority differs from the background class's.)
            for tid in run.threads {
                guard let now = ThreadPriority.of(thread: tid) else { continue }
                #expect(now.nice < 19 && now.ioClass != .idle, "\(mode): thread \(tid) kept nice \(now.nice), I/O \(now.ioClass.name)")
            }
            #expect(Self.callersPriorities() == before, "\(mode)")
        }
    }

    /// The priorities a caller's work queued on the background class of the pool runs at.
    private static func callersPriorities() -> Set<ThreadPriority> {
        let seen = Locked<Set<ThreadPriority>>([])
        let group = DispatchGroup()
        for _ in 0..<8 {
            DispatchQueue.global(qos: .background).async(group: group) {
                if let priority = ThreadPriority.of() { seen.withLock { _ = $0.insert(priority) } }
            }
        }
        group.wait()
        return seen.withLock { $0 }
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

    /// A compress run that walks before it starts (`--scan-first`, `--resume`, several roots...)
    /// walks on its calling thread, and under `background` at the workers' priority: the scan's
    /// skips, recorded as the walk finds them, come from a thread at nice 19 with idle I/O. The run
    /// is on a thread of its own, so that a thread left lowered (without the privilege to raise it
    /// again) is none of the test runner's.
    @Test func aWalkBeforeTheRunIsLoweredToo() throws {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: scratch("tree"), withIntermediateDirectories: true)
        try TreeBuilder.write("text\n", to: scratch("tree/a.txt"))
        try TreeBuilder.write([0x1F, 0x8B], to: scratch("tree/already.gz"))
        let collector = SkipPriorityCollector()
        let request = CompressionRequest(
            roots: [PathName(scratch("tree"))], scheduling: SchedulingOptions(mode: .group, jobs: 1, qos: .background),
            scanFirst: true)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            _ = CompressionRun(request: request, environment: RunEnvironment(collector: collector)).run()
            done.signal()
        }
        thread.start()
        done.wait()
        let seen = collector.priorities
        #expect(seen.count == 1, "the scan skips already.gz")
        for priority in seen {
            #expect(priority.nice == 19 && priority.ioClass == .idle, "the walk ran at nice \(priority.nice), I/O \(priority.ioClass.name)")
        }
        #expect(FileManager.default.fileExists(atPath: scratch("tree/a.txt.gz")))
    }

    @Test func reportSaysWhatWasApplied() {
        #expect(SqueezeKit.QualityOfService.background.workerPriority.description == "workers at nice 19, idle I/O")
        #expect(SqueezeKit.QualityOfService.utility.workerPriority.description == "workers at nice 10")
        #expect(SqueezeKit.QualityOfService.userInitiated.workerPriority.description == nil)
        #expect(SqueezeKit.QualityOfService.userInteractive.workerPriority == WorkerPriority(nice: nil, idleIO: false))
    }
}

/// A collector that notes the priority of the thread each scan record (a skip) comes from.
private final class SkipPriorityCollector: ResultRecording {
    let inner = ResultCollector()
    private let seen = Locked<[ThreadPriority]>([])

    var priorities: [ThreadPriority] { seen.withLock { $0 } }

    func plan(files: Int, bytes: Int64) { inner.plan(files: files, bytes: bytes) }
    func recordProgress(bytes: Int64, files: Int) { inner.recordProgress(bytes: bytes, files: files) }
    func record(_ outcome: FileOutcome) { inner.record(outcome) }
    func totals() -> RunTotals { inner.totals() }
    func outcomes() -> [FileOutcome] { inner.outcomes() }
    func results() -> CollectedResults { inner.results() }

    func record(_ record: RunRecord) {
        if case .skipped = record, let priority = ThreadPriority.of() { seen.withLock { $0.append(priority) } }
        inner.record(record)
    }
}
