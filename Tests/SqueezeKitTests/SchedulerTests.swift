import Dispatch
@testable import SqueezeKit
import SqueezeTestSupport
import Synchronization
import Testing

/// Credits held by items handed out and not yet written, and the most ever held at once.
private final class FlightRecorder: Sendable {
    let inFlight = Atomic<Int>(0)
    let peak = Atomic<Int>(0)
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

    /// Called by the source when it hands out one of this task's items.
    func claimed() {
        let now = recorder.inFlight.add(blockWeight, ordering: .relaxed).newValue
        _ = recorder.peak.max(now, ordering: .relaxed)
    }

    func runBlock(_ index: Int) -> Bool {
        var spin = UInt64(index &* 2_654_435_761) % 2000
        while spin > 0 { spin -= 1 }  // uneven work so blocks finish out of order
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

/// Hands out the tasks' items in order through a `PlannedWork`, noting each claim.
private final class ObservedWork: WorkSource {
    let planned: PlannedWork
    init(_ planned: PlannedWork) { self.planned = planned }
    func next() -> WorkItem? {
        guard let item = planned.next() else { return nil }
        (item.task as! RecordingTask).claimed()
        return item
    }
}

/// Cancels the run as it hands out its 100th item.
private final class CancellingWork: WorkSource {
    let inner: ObservedWork
    let handedOut = Atomic<Int>(0)
    let cancellation: CancellationFlag
    init(_ inner: ObservedWork, _ cancellation: CancellationFlag) {
        self.inner = inner
        self.cancellation = cancellation
    }
    func next() -> WorkItem? {
        if handedOut.add(1, ordering: .relaxed).newValue == 100 { cancellation.cancel() }
        return inner.next()
    }
}

@Suite struct SchedulerTests {
    @Test(arguments: SchedulingMode.allCases)
    func everyBlockRunsOnceAndEveryTaskFinishesOnceAfterItsBlocks(mode: SchedulingMode) {
        var source = SplitMix64(seed: UInt64(mode.rawValue.count))
        for jobs in [1, 2, 4] {
            let cancellation = CancellationFlag()
            let window = WorkWindow(capacity: 64, cancellation: cancellation)
            let recorder = FlightRecorder()
            let tasks = (0..<600).map { _ in
                RecordingTask(
                    blocks: source.next() % 5 == 0 ? Int(source.next() % 40) + 2 : 1,
                    weight: Int(source.next() % 16) + 1, window: window, recorder: recorder)
            }
            let items = tasks.flatMap { (task: RecordingTask) -> [WorkItem] in
                (0..<task.blockCount).map { WorkItem(task: task, block: $0, taskSize: Int64(task.blockCount), weight: task.blockWeight) }
            }
            mode.makeScheduler(jobs: jobs, qos: .userInitiated, cancellation: cancellation)
                .run(ObservedWork(PlannedWork(items: items, window: window)))
            for task in tasks {
                let state = task.snapshot
                #expect(state.runs.sorted() == Array(0..<task.blockCount))
                #expect(state.finishes == 1)
                #expect(state.finishedAfterAllBlocks)
            }
            #expect(recorder.peak.load(ordering: .relaxed) <= 64, "window exceeded with \(jobs) jobs")
            #expect(recorder.inFlight.load(ordering: .relaxed) == 0)
        }
    }

    @Test(arguments: SchedulingMode.allCases)
    func cancellingStopsHandingOutWork(mode: SchedulingMode) {
        let cancellation = CancellationFlag()
        let window = WorkWindow(capacity: 64, cancellation: cancellation)
        let recorder = FlightRecorder()
        let tasks = (0..<10_000).map { _ in RecordingTask(blocks: 1, weight: 1, window: window, recorder: recorder) }
        let items = tasks.map { WorkItem(task: $0, block: 0, taskSize: 1, weight: 1) }
        mode.makeScheduler(jobs: 2, qos: .userInitiated, cancellation: cancellation)
            .run(CancellingWork(ObservedWork(PlannedWork(items: items, window: window)), cancellation))
        let ran = tasks.filter { !$0.snapshot.runs.isEmpty }.count
        #expect(ran < 200, "\(mode) ran \(ran) items after cancelling at the 100th")
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
            let options = SchedulingOptions(mode: mode, jobs: cores + 6)
            #expect(options.jobs == cores + 6 && options.requestedJobs == nil, "\(mode)")
        }
    }
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

    @Test func weightsAreBetweenAPageAndHalfTheWindow() {
        let window = WorkWindow(capacity: 1 << 20, cancellation: CancellationFlag())
        #expect(window.weight(ofLength: 0) == 4096)
        #expect(window.weight(ofLength: 100_000) == 100_000)
        #expect(window.weight(ofLength: 10 << 20) == 1 << 19)
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
