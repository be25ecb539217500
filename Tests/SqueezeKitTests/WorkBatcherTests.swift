import Dispatch
import Foundation
@testable import SqueezeKit
import SqueezeTestSupport
import Synchronization
import Testing

/// The operation queue's batches of small files, and the non-blocking take they are made with:
/// small files of one kind go together in hand-out order, a batch takes only what is ready, and
/// the feeder never waits holding a batch whose credits the wait is for.
@Suite struct WorkBatcherTests {
    /// A one-block item of `size` bytes costing one credit (`WindowedCountingTask` gives it back).
    static func item(_ task: WindowedCountingTask, size: Int64, block: Int = 0) -> WorkItem {
        WorkItem(task: task, block: block, taskSize: size, weight: 1)
    }

    static func kind(_ item: WorkItem) -> Int { OperationScheduler.priority(forTaskSize: item.taskSize).rawValue }

    /// Every batch the batcher makes of `source`, running each (so credits come back) as it comes.
    static func drain(_ source: any WorkSource) -> [[WorkItem]] {
        var batcher = WorkBatcher(source: source, kind: kind)
        var batches: [[WorkItem]] = []
        while let batch = batcher.next() {
            for item in batch { item.perform() }
            batches.append(batch)
        }
        return batches
    }

    static func identity(_ item: WorkItem) -> String { "\(ObjectIdentifier(item.task).hashValue)/\(item.block)" }

    @Test func smallFilesOfOneKindGoTogetherInHandOutOrder() {
        let window = WorkWindow(capacity: 1_000, cancellation: CancellationFlag())
        let one = { WindowedCountingTask(blocks: 1, window: window) }
        let split = WindowedCountingTask(blocks: 3, window: window)
        let items =
            (0..<40).map { _ in Self.item(one(), size: 100) }  // 32 + 8: at most 32 a batch
            + [Self.item(one(), size: 70_000)]  // too large to share: alone
            + (0..<5).map { _ in Self.item(one(), size: 5_000) }  // another priority: a batch of their own
            + (0..<3).map { Self.item(split, size: 3_000, block: $0) }  // blocks of a split file: each alone
            + (0..<3).map { _ in Self.item(one(), size: 100) }
        let batches = Self.drain(PlannedWork(items: items, window: window))
        #expect(batches.map(\.count) == [32, 8, 1, 5, 1, 1, 1, 3])
        #expect(batches.joined().map(Self.identity) == items.map(Self.identity))
    }

    @Test func inputBytesBoundABatch() {
        let window = WorkWindow(capacity: 1_000, cancellation: CancellationFlag())
        let items = (0..<10).map { _ in Self.item(WindowedCountingTask(blocks: 1, window: window), size: 60_000) }
        // 256 KiB of input: four files of 60,000 bytes.
        #expect(Self.drain(PlannedWork(items: items, window: window)).map(\.count) == [4, 4, 2])
    }

    /// A window with room for three: each batch is the three that fit, handed on without waiting
    /// for a fourth (which waits for credits only the three give back once they have run).
    @Test func aBatchTakesOnlyWhatIsReady() {
        let window = WorkWindow(capacity: 3, cancellation: CancellationFlag())
        let tasks = (0..<10).map { _ in WindowedCountingTask(blocks: 1, window: window) }
        let batches = Self.drain(PlannedWork(items: tasks.map { Self.item($0, size: 10) }, window: window))
        #expect(batches.map(\.count) == [3, 3, 3, 1])
        #expect(tasks.allSatisfy { $0.finishes.load(ordering: .relaxed) == 1 })
    }

    @Test func tryNextNeverWaitsForCreditsOrTheProducer() {
        let cancellation = CancellationFlag()
        let window = WorkWindow(capacity: 2, cancellation: cancellation)
        let task: @Sendable () -> WindowedCountingTask = { WindowedCountingTask(blocks: 1, window: window) }

        let planned = PlannedWork(items: (0..<3).map { _ in Self.item(task(), size: 1) }, window: window)
        #expect(planned.tryNext() != nil && planned.tryNext() != nil)
        #expect(planned.tryNext() == nil, "the window is full")
        window.release(1)
        #expect(planned.tryNext() != nil)
        #expect(planned.tryNext() == nil, "no more items")
        window.release(2)

        let tasks = PlannedTasks(taskCount: 3, window: window) { _ in [Self.item(task(), size: 1)] }
        #expect(tasks.tryNext() != nil && tasks.tryNext() != nil)
        #expect(tasks.tryNext() == nil, "the window is full")
        window.release(2)
        #expect(tasks.tryNext() != nil)
        #expect(tasks.next() == nil)
        window.release(1)

        let walkFed = WalkFedWork(window: window, cancellation: cancellation)
        #expect(walkFed.tryNext() == nil, "nothing handed in yet")
        #expect(walkFed.enqueue(Self.item(task(), size: 1)))
        #expect(walkFed.tryNext() != nil)
        #expect(walkFed.tryNext() == nil, "the walk goes on: the rest is not handed out before it ends")
        window.release(1)
        #expect(walkFed.enqueue(Self.item(task(), size: 1)))
        walkFed.finish(then: PlannedWork(items: [Self.item(task(), size: 2)], window: window))
        #expect(walkFed.tryNext()?.taskSize == 1, "the streamed item before the rest")
        #expect(walkFed.tryNext()?.taskSize == 2)
        #expect(walkFed.tryNext() == nil && walkFed.next() == nil)
    }

    /// A taker waiting in `next()` for credits holds the source's lock while it waits: `tryNext()`
    /// on another thread answers at once instead of queueing behind it. (A group chain holding a
    /// partial batch whose credits the waiter needs would otherwise never hand it on.)
    @Test func tryNextDoesNotWaitBehindATakerWaitingForCredits() {
        let window = WorkWindow(capacity: 2, cancellation: CancellationFlag())
        let task: @Sendable () -> WindowedCountingTask = { WindowedCountingTask(blocks: 1, window: window) }
        let sources: [any WorkSource] = [
            PlannedWork(items: (0..<3).map { _ in Self.item(task(), size: 1) }, window: window),
            PlannedTasks(taskCount: 3, window: window) { _ in [Self.item(task(), size: 1)] },
        ]
        for source in sources {
            let held = [source.next(), source.next()].compactMap { $0 }  // the window is full
            #expect(held.count == 2)
            let waiterGotOne = DispatchSemaphore(value: 0)
            Thread {
                if source.next() != nil { waiterGotOne.signal() }
            }.start()
            usleep(100_000)  // the waiter is in next(), holding the lock
            let answered = DispatchSemaphore(value: 0)
            Thread {
                _ = source.tryNext()
                answered.signal()
            }.start()
            #expect(answered.wait(timeout: .now() + 10) == .success, "tryNext() waited behind next()")
            held[0].perform()  // a credit back: the waiter takes the third item
            #expect(waiterGotOne.wait(timeout: .now() + 10) == .success)
            held[1].perform()
            window.release(1)  // the third item's, never run
        }
    }

    /// The trap: a window with room for a few files, and a walk slower than the workers (it pauses
    /// at every file), so the feeder (or a group chain) is forever between a partial batch and a
    /// walker waiting for credits. With the walk overlapped (`WalkFedWork`) and walking first
    /// (`PlannedTasks`), in both modes that batch, every file runs once and the run ends.
    @Test(arguments: [true, false], [SchedulingMode.operation, .group])
    func theFeederNeverWaitsHoldingTheCreditsItWaitsFor(walkOverlapped: Bool, mode: SchedulingMode) {
        for capacity in [2, 3, 5] {
            let cancellation = CancellationFlag()
            let window = WorkWindow(capacity: capacity, cancellation: cancellation)
            let tasks = (0..<400).map { _ in WindowedCountingTask(blocks: 1, window: window) }
            let large = (0..<4).map { _ in WindowedCountingTask(blocks: 3, window: window) }
            let rest = PlannedTasks(taskCount: large.count, window: window) { position in
                (0..<3).map { Self.item(large[position], size: 3 << 20, block: $0) }
            }
            let source: any WorkSource
            if walkOverlapped {
                let work = WalkFedWork(window: window, cancellation: cancellation)
                Thread {
                    for (index, task) in tasks.enumerated() {
                        if index % 3 == 0 { usleep(200) }
                        _ = work.enqueue(Self.item(task, size: 100))
                    }
                    work.finish(then: rest)
                }.start()
                source = work
            } else {
                let all = tasks.map { Self.item($0, size: 100) }
                source = PlannedWork(items: all, window: window)
            }
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                let scheduler = mode.makeScheduler(jobs: 2, qos: .userInitiated, cancellation: cancellation)
                scheduler.run(source)
                if !walkOverlapped { scheduler.run(rest) }
                done.signal()
            }
            let finished = done.wait(timeout: .now() + 60) == .success
            #expect(finished, "deadlocked with a window of \(capacity) (\(mode), walk overlapped: \(walkOverlapped))")
            guard finished else {
                cancellation.cancel()  // lets the threads go
                return
            }
            for task in tasks + large {
                #expect(task.finishes.load(ordering: .relaxed) == 1)
                #expect(task.runs.withLock { $0.sorted() } == Array(0..<task.blockCount))
            }
        }
    }

    /// A batch operation that has not started takes batches of its kind that fit, in the order
    /// they come; once a worker has started it, or when they are of another kind or do not fit,
    /// it refuses them whole, and they need an operation of their own.
    @Test func aQueuedBatchOperationGathersBatchesUntilItStarts() {
        let cancellation = CancellationFlag()
        let window = WorkWindow(capacity: 1_000, cancellation: cancellation)
        let tasks = (0..<40).map { _ in WindowedCountingTask(blocks: 1, window: window) }
        let items = tasks.map { Self.item($0, size: 100) }
        let kind = Self.kind(items[0])
        let operation = WorkBatchOperation(Array(items[0..<2]), ofKind: kind, qos: .userInitiated, cancellation: cancellation)
        #expect(operation.join(Array(items[2..<20]), ofKind: kind))
        #expect(!operation.join([items[20]], ofKind: kind + 1), "another kind")
        #expect(!operation.join(Array(items[20..<40]), ofKind: kind), "32 at most: 20 more do not fit")
        #expect(operation.join(Array(items[20..<32]), ofKind: kind))
        #expect(!operation.join([items[32]], ofKind: kind), "full")
        let larger = (0..<5).map { _ in Self.item(WindowedCountingTask(blocks: 1, window: window), size: 60_000) }
        let other = WorkBatchOperation(
            Array(larger[0..<4]), ofKind: Self.kind(larger[0]), qos: .userInitiated, cancellation: cancellation)
        #expect(!other.join([larger[4]], ofKind: Self.kind(larger[0])), "256 KiB of input at most")

        let queue = OperationQueue()
        queue.addOperation(operation)
        queue.waitUntilAllOperationsAreFinished()
        #expect(!operation.join([items[32]], ofKind: kind), "started")
        let ran = tasks.map { $0.finishes.load(ordering: .relaxed) }
        #expect(ran == Array(repeating: 1, count: 32) + Array(repeating: 0, count: 8))
    }

    /// Cancelled by the fifth file of a batch: that file ends, and no later one starts, in the
    /// batch or after it.
    @Test func cancellingMidBatchStopsBeforeTheNextFile() {
        let cancellation = CancellationFlag()
        let window = WorkWindow(capacity: 1_000, cancellation: cancellation)
        let tasks = (0..<100).map { index in
            WindowedCountingTask(blocks: 1, window: window) { if index == 4 { cancellation.cancel() } }
        }
        OperationScheduler(jobs: 1, qos: .userInitiated, cancellation: cancellation)
            .run(PlannedWork(items: tasks.map { Self.item($0, size: 100) }, window: window))
        let ran = tasks.map { !$0.runs.withLock { $0 }.isEmpty }
        #expect(ran == Array(repeating: true, count: 5) + Array(repeating: false, count: 95))
    }
}
