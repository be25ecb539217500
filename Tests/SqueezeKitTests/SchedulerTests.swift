import Dispatch
import Foundation
@testable import SqueezeKit
@testable import SqueezeOperationQueue
import SqueezeTestSupport
import Synchronization
import Testing

/// Credits held by items handed out and not yet written, and the most items running at once.
private final class FlightRecorder: Sendable {
    let inFlight = Atomic<Int>(0)
    let running = Atomic<Int>(0)
    let mostRunning = Atomic<Int>(0)
}

/// A task that behaves like a real one for the scheduler: blocks finish in any order, go through
/// a reorder buffer, and give their window credits back only when "written" in order.
private final class RecordingTask: BlockTask {
    let blockCount: Int
    let blockWeight: Int
    private let window: WorkWindow
    private let recorder: FlightRecorder
    private let state = Locked(State())

    struct State {
        var runs: [Int] = []
        var buffer = BlockReorderBuffer<Int>()
        var finishes = 0
        var finishedAfterAllBlocks = true
    }

    init(blocks: Int, weight: Int, window: WorkWindow, recorder: FlightRecorder) {
        blockCount = blocks
        blockWeight = weight
        self.window = window
        self.recorder = recorder
    }

    /// The items of this task, noting their credits as taken when each is handed out.
    var items: [WorkItem] {
        (0..<blockCount).map { WorkItem(task: self, block: $0, taskSize: Int64(blockCount), weight: blockWeight) }
    }

    func runBlock(_ index: Int) -> Bool {
        let running = recorder.running.add(1, ordering: .relaxed).newValue
        _ = recorder.mostRunning.max(running, ordering: .relaxed)
        var spin = UInt64(index &* 2_654_435_761) % 2000
        while spin > 0 { spin -= 1 }  // uneven work so blocks finish out of order
        recorder.running.subtract(1, ordering: .relaxed)
        return state.withLock { state in
            state.runs.append(index)
            state.buffer.insert(index, at: index)
            while state.buffer.popNext() != nil {
                recorder.inFlight.subtract(blockWeight, ordering: .relaxed)
                window.release(blockWeight)
            }
            return state.buffer.nextIndex == blockCount
        }
    }

    func finish() {
        state.withLock { state in
            state.finishes += 1
            if state.buffer.nextIndex != blockCount { state.finishedAfterAllBlocks = false }
        }
    }

    var snapshot: State { state.withLock { $0 } }
}

/// Two blocks that each wait for the other to have started, so that they run on two threads at
/// once; each notes the nice value it ran at.
private final class MeetingTask: BlockTask {
    let blockCount = 2
    let nices = Locked<[Int32?]>([])
    private let arrived = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]

    func runBlock(_ index: Int) -> Bool {
        nices.withLock { $0.append(ThreadPriority.of()?.nice) }
        arrived[index].signal()
        arrived[1 - index].wait()
        return index == 1
    }

    func finish() {}
}

@Suite struct SchedulerTests {
    /// Feeds `tasks`' items in order, noting each hand-out's credits; the feeder stops at the
    /// first item it may not hand out (the run cancelled).
    private static func feed(_ tasks: [RecordingTask], _ feeder: Feeder, _ recorder: FlightRecorder, cancelAt: Int? = nil, _ cancellation: CancellationFlag) {
        var handedOut = 0
        for task in tasks {
            for item in task.items {
                if handedOut == cancelAt { cancellation.cancel() }
                recorder.inFlight.add(item.weight, ordering: .relaxed)
                guard feeder.feed(item) else {
                    recorder.inFlight.subtract(item.weight, ordering: .relaxed)
                    return
                }
                handedOut += 1
            }
        }
    }

    /// Every block of every task runs once, each task finishes once after all its blocks, no more
    /// run at once than there are jobs, and every credit comes back: with one job, with more jobs
    /// than cores (16 on a machine of two), and through a window of a single block at a time.
    @Test(arguments: SchedulingMode.allCases)
    func everyBlockRunsOnceAndEveryTaskFinishesOnceAfterItsBlocks(mode: SchedulingMode) {
        var source = SplitMix64(seed: UInt64(mode.rawValue.count))
        for (jobs, capacity, narrow) in [(1, 64, false), (2, 64, false), (4, 64, false), (16, 64, false), (16, 16, true), (2, 16, true)] {
            let cancellation = CancellationFlag()
            let window = WorkWindow(capacity: capacity, cancellation: cancellation, wakingWhenFree: narrow ? capacity : nil)
            let recorder = FlightRecorder()
            let tasks = (0..<600).map { _ in
                RecordingTask(
                    blocks: source.next() % 5 == 0 ? Int(source.next() % 40) + 2 : 1,
                    weight: narrow ? capacity : Int(source.next() % 16) + 1, window: window, recorder: recorder)
            }
            SchedulingOptions(mode: mode, jobs: jobs, operationScheduler: .operationQueue).run(window: window, cancellation: cancellation) { feeder in
                Self.feed(tasks, feeder, recorder, cancellation)
            }
            for task in tasks {
                let state = task.snapshot
                #expect(state.runs.sorted() == Array(0..<task.blockCount))
                #expect(state.finishes == 1)
                #expect(state.finishedAfterAllBlocks)
            }
            #expect(recorder.inFlight.load(ordering: .relaxed) == 0, "credits left unreturned with \(jobs) jobs")
            if narrow { #expect(recorder.mostRunning.load(ordering: .relaxed) == 1, "a window of one item ran several at once") }
            #expect(recorder.mostRunning.load(ordering: .relaxed) <= SchedulingOptions(mode: mode, jobs: jobs, operationScheduler: .operationQueue).jobs)
        }
    }

    @Test(arguments: SchedulingMode.allCases)
    func cancellingStopsHandingOutWork(mode: SchedulingMode) {
        let cancellation = CancellationFlag()
        let window = WorkWindow(capacity: 64, cancellation: cancellation)
        let recorder = FlightRecorder()
        let tasks = (0..<10_000).map { _ in RecordingTask(blocks: 1, weight: 1, window: window, recorder: recorder) }
        SchedulingOptions(mode: mode, jobs: 2, operationScheduler: .operationQueue).run(window: window, cancellation: cancellation) { feeder in
            Self.feed(tasks, feeder, recorder, cancelAt: 100, cancellation)
        }
        let ran = tasks.filter { !$0.snapshot.runs.isEmpty }.count
        #expect(ran <= 100, "\(mode) ran \(ran) items after cancelling at the 100th")
    }

    /// `group` runs at most `jobs` units at once, and a unit with nothing to do ends rather than
    /// wait (the group is left, so `finish` returns); work handed out after that starts new units.
    @Test func groupUnitsEndWhenThereIsNoWork() {
        let cancellation = CancellationFlag()
        let window = WorkWindow(capacity: 1 << 20, cancellation: cancellation)
        let recorder = FlightRecorder()
        let tasks = (0..<2_000).map { _ in RecordingTask(blocks: 1, weight: 1, window: window, recorder: recorder) }
        let scheduler = GroupScheduler(jobs: 3, qos: .userInitiated)
        for task in tasks { scheduler.submit(task.items[0]) }
        scheduler.finish()
        #expect(tasks.allSatisfy { $0.snapshot.finishes == 1 })
        #expect(recorder.mostRunning.load(ordering: .relaxed) <= 3)
        // More work after the units ended starts new ones.
        let later = RecordingTask(blocks: 1, weight: 1, window: window, recorder: recorder)
        scheduler.submit(later.items[0])
        scheduler.finish()
        #expect(later.snapshot.finishes == 1)
    }

    /// `concurrentPerform` lends its other iterations from libdispatch's default-QoS pool, which
    /// (as root) runs at another nice than the requested class's: every iteration of `apply` runs
    /// its items at the requested pool's priority all the same. Two items that each wait for the
    /// other run on both iterations at once. (Unprivileged, every pool is at nice 0, and so is
    /// every item.)
    @Test func applyRunsEveryIterationAtTheRequestedPoolsPriority() {
        guard SchedulingOptions.activeCores >= 2 else { return }
        let poolNice = Locked<Int32?>(nil)
        let looked = DispatchSemaphore(value: 0)
        DispatchQueue.global(qos: .userInitiated).async {
            poolNice.withLock { $0 = ThreadPriority.of()?.nice }
            looked.signal()
        }
        looked.wait()
        let task = MeetingTask()
        let scheduler = ApplyScheduler(jobs: 2, qos: .userInitiated)
        for block in 0..<2 { scheduler.submit(WorkItem(task: task, block: block, taskSize: 2, weight: 1)) }
        scheduler.finish()
        let nices = task.nices.withLock { $0 }
        #expect(nices.count == 2)
        #expect(nices.allSatisfy { $0 == poolNice.withLock { $0 } }, "items ran at \(nices)")
    }

    /// `concurrentPerform` runs at most one iteration per active core at once, so `apply` is
    /// given (and reports) no more jobs than that; the other modes run what they are asked.
    @Test func applyRunsAtMostOneJobPerActiveCore() {
        let cores = SchedulingOptions.activeCores
        let apply = SchedulingOptions(mode: .apply, jobs: cores + 6)
        #expect(apply.jobs == cores)
        #expect(apply.requestedJobs == cores + 6)
        #expect(RunReport.Settings(scheduling: apply).jobs == cores)
        #expect(SchedulingOptions(mode: .apply, jobs: cores).requestedJobs == nil)
        for mode in [SchedulingMode.group, .operation] {
            let options = SchedulingOptions(mode: mode, jobs: cores + 6, operationScheduler: .operationQueue)
            #expect(options.jobs == cores + 6 && options.requestedJobs == nil, "\(mode)")
        }
    }
}

/// The operation queue's batches of small files: a batch operation that has not started takes
/// files of its kind that fit, in the order they come; once a worker has started it, or when they
/// are of another kind or do not fit, it refuses them, and they need an operation of their own.
@Suite struct WorkBatchOperationTests {
    private static func item(size: Int64, window: WorkWindow, recorder: FlightRecorder, blocks: Int = 1) -> (RecordingTask, WorkItem) {
        let task = RecordingTask(blocks: blocks, weight: 1, window: window, recorder: recorder)
        return (task, WorkItem(task: task, block: 0, taskSize: size, weight: 1))
    }

    @Test func aQueuedBatchOperationGathersFilesUntilItStarts() {
        let cancellation = CancellationFlag()
        let window = WorkWindow(capacity: 1_000, cancellation: cancellation)
        let recorder = FlightRecorder()
        let small = (0..<40).map { _ in Self.item(size: 100, window: window, recorder: recorder) }
        let kind = OperationScheduler.priority(forTaskSize: 100).rawValue
        let operation = WorkBatchOperation(small[0].1, ofKind: kind, qos: .userInitiated, cancellation: cancellation)
        for (_, item) in small[1..<32] { #expect(operation.join(item, ofKind: kind)) }
        #expect(!operation.join(small[32].1, ofKind: kind), "32 at most")
        #expect(!operation.join(small[32].1, ofKind: kind + 1), "another kind")
        #expect(!WorkBatchOperation.isBatchable(Self.item(size: 100, window: window, recorder: recorder, blocks: 3).1), "a block of a split file")
        #expect(!WorkBatchOperation.isBatchable(Self.item(size: 70_000, window: window, recorder: recorder).1), "too large to share")
        let larger = (0..<5).map { _ in Self.item(size: 60_000, window: window, recorder: recorder) }
        let other = WorkBatchOperation(larger[0].1, ofKind: kind, qos: .userInitiated, cancellation: cancellation)
        for (_, item) in larger[1..<4] { #expect(other.join(item, ofKind: kind)) }
        #expect(!other.join(larger[4].1, ofKind: kind), "256 KiB of input at most")

        let queue = OperationQueue()
        queue.addOperation(operation)
        queue.waitUntilAllOperationsAreFinished()
        #expect(!operation.join(small[32].1, ofKind: kind), "started")
        #expect(small.map { $0.0.snapshot.finishes } == Array(repeating: 1, count: 32) + Array(repeating: 0, count: 8))
    }

    /// Cancelled by the fifth file of a batch: that file ends, and no later one starts, in the
    /// batch or after it.
    @Test func cancellingMidBatchStopsBeforeTheNextFile() {
        let cancellation = CancellationFlag()
        let window = WorkWindow(capacity: 1_000, cancellation: cancellation)
        let recorder = FlightRecorder()
        let tasks = (0..<100).map { _ in RecordingTask(blocks: 1, weight: 1, window: window, recorder: recorder) }
        let scheduler = OperationScheduler(jobs: 1, qos: .userInitiated, cancellation: cancellation)
        // The first operation starts with the first file; the next 32 join the one queued after it.
        for (index, task) in tasks.enumerated() {
            scheduler.submit(WorkItem(task: CancellingTask(task, cancellingAt: index == 4 ? cancellation : nil), block: 0, taskSize: 100, weight: 1))
        }
        scheduler.finish()
        let ran = tasks.map { !$0.snapshot.runs.isEmpty }
        #expect(ran == Array(repeating: true, count: 5) + Array(repeating: false, count: 95))
    }
}

/// Runs a task, cancelling the run first if given a flag.
private final class CancellingTask: BlockTask {
    let inner: RecordingTask
    let cancellation: CancellationFlag?

    init(_ inner: RecordingTask, cancellingAt cancellation: CancellationFlag?) {
        self.inner = inner
        self.cancellation = cancellation
    }

    var blockCount: Int { inner.blockCount }

    func runBlock(_ index: Int) -> Bool {
        cancellation?.cancel()
        return inner.runBlock(index)
    }

    func finish() { inner.finish() }
}

@Suite struct WorkWindowTests {
    @Test func neverGrantsMoreThanItsCapacityUnderContention() {
        let window = WorkWindow(capacity: 100, cancellation: CancellationFlag())
        let held = Atomic<Int>(0)
        let violations = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var source = SplitMix64(seed: UInt64(thread))
            for _ in 0..<2_000 {
                let weight = window.weight(ofLength: Int(source.next() % 60))
                #expect(window.acquire(weight))
                if held.add(weight, ordering: .relaxed).newValue > 100 { violations.add(1, ordering: .relaxed) }
                held.subtract(weight, ordering: .relaxed)
                window.release(weight)
            }
        }
        #expect(violations.load(ordering: .relaxed) == 0)
    }

    @Test func weightsAreBetweenAPageAndTheWakeThreshold() {
        let window = WorkWindow(capacity: 1 << 20, cancellation: CancellationFlag())
        #expect(window.weight(ofLength: 0) == 4096)
        #expect(window.weight(ofLength: 100_000) == 100_000)
        #expect(window.weight(ofLength: 10 << 20) == 1 << 19)
        let narrow = WorkWindow(capacity: 1 << 20, cancellation: CancellationFlag(), wakingWhenFree: 1 << 20)
        #expect(narrow.weight(ofLength: 10 << 20) == 1 << 20, "one block fills a window of one")
    }

    @Test func aWaiterGivesUpWhenTheRunIsCancelled() {
        let cancellation = CancellationFlag()
        let window = WorkWindow(capacity: 10, cancellation: cancellation)
        #expect(window.acquire(10))
        // Cancelled once this thread is asleep in the second `acquire`: the window is full.
        let waiter = KernelState.currentThreadID()
        DispatchQueue.global().async {
            KernelState.waitUntilAsleep([waiter])
            cancellation.cancel()
        }
        #expect(!window.acquire(5))
    }
}
