import Dispatch
import Foundation

/// The baseline: every item in turn on the calling thread.
struct SequentialScheduler: WorkScheduler {
    let qos: QualityOfService

    func run(_ source: any WorkSource) {
        WorkerThreads.lowering(qos) {
            while let item = source.next() { item.perform() }
        }
    }
}

/// `DispatchGroup` over a QoS global queue, every scheduling unit `async`ed on its own. At most
/// `jobs` are in flight, because a global queue whose work blocks on I/O would otherwise grow its
/// thread pool without bound: `jobs` chains start, and each unit, when done, submits the next one.
/// (A feeder thread waiting on a semaphore bounds it too, but costs two thread switches per unit.)
/// A unit is a batch (`WorkBatcher`): consecutive small files of one block go up to 32 to an
/// `async`, each still finished and recorded on its own; any other item is a unit of its own.
struct GroupScheduler: WorkScheduler {
    let jobs: Int
    let qos: QualityOfService

    func run(_ source: any WorkSource) {
        let group = DispatchGroup()
        for _ in 0..<jobs { SubmissionChain(source: source, qos: qos, group: group).submitNext() }
        group.wait()
    }
}

/// Submits batches one after another onto a queue, each within the group, so the group stays
/// entered until the last batch of the chain has run.
///
/// `@unchecked Sendable`: `batcher` (mutable, not `Sendable`) is used by one call of `submitNext`
/// at a time: the first is made before the chain has a batch in flight, and each later one by the
/// chain's one batch in flight, as its last step; the `async` that starts each batch orders the
/// calls. The other fields are `let` and `Sendable`.
private final class SubmissionChain: @unchecked Sendable {
    private var batcher: WorkBatcher
    private let qos: QualityOfService
    private let group: DispatchGroup

    init(source: any WorkSource, qos: QualityOfService, group: DispatchGroup) {
        // The group's queue has no priorities: any small files go together.
        batcher = WorkBatcher(source: source) { _ in 0 }
        self.qos = qos
        self.group = group
    }

    /// Takes the next batch (waiting for its first item only) and runs it on the queue; each item
    /// checks the run's cancellation itself before it starts.
    func submitNext() {
        guard let batch = batcher.next() else { return }
        DispatchQueue.global(qos: qos.dispatchClass).async(group: group) { [self] in
            WorkerThreads.lowering(qos) {
                for item in batch { item.perform() }
            }
            submitNext()
        }
    }
}

/// `DispatchQueue.concurrentPerform` with `jobs` iterations, each pulling items until none are
/// left: no per-item dispatch at all. Entered from a global queue of the requested QoS (never
/// from a serial queue the iterations might need).
struct ApplyScheduler: WorkScheduler {
    let jobs: Int
    let qos: QualityOfService

    func run(_ source: any WorkSource) {
        // `sync` on a global queue runs on the calling thread, which runs an iteration too.
        DispatchQueue.global(qos: qos.dispatchClass).sync {
            DispatchQueue.concurrentPerform(iterations: jobs) { _ in
                WorkerThreads.lowering(qos) {
                    while let item = source.next() { item.perform() }
                }
            }
        }
    }
}

/// `OperationQueue` with `maxConcurrentOperationCount = jobs`: an operation per item, larger
/// files at higher `queuePriority`, and for each file of several blocks a `TaskFinishingOperation`
/// that depends on all its block operations, so the file is finished only after all its blocks.
/// Small files of one block and the same priority go up to 32 to an operation (`WorkBatcher`,
/// `WorkBatchOperation`, which takes more of them while it waits in the queue): on tiny files an
/// operation's own cost is most of the work.
struct OperationScheduler: WorkScheduler {
    let jobs: Int
    let qos: QualityOfService
    let cancellation: CancellationFlag

    func run(_ source: any WorkSource) {
        let queue = OperationQueue()
        queue.name = "squeeze.operations"
        queue.maxConcurrentOperationCount = jobs
        queue.qualityOfService = qos.operationQuality
        queue.underlyingQueue = DispatchQueue.global(qos: qos.dispatchClass)

        var batches = WorkBatcher(source: source) { Self.priority(forTaskSize: $0.taskSize).rawValue }
        var finishers: [ObjectIdentifier: TaskFinishingOperation] = [:]
        // The last batch operation queued: a batch of the same kind joins it while it has not
        // started (the workers are busy), so batches grow with the queue's backlog even when the
        // walk hands out files one at a time.
        var open: WorkBatchOperation?
        // At most `jobs` batch operations wait in the queue: once that many have not started, the
        // feeder waits for one to start (which needs no credit, so the wait ends) instead of
        // waking for every file the walk hands in; the walk meanwhile queues files, and the next
        // batch is taken whole.
        let backlog = Credits(capacity: jobs, cancellation: cancellation)
        while let batch = batches.next() {
            let item = batch[0]
            if WorkBatcher.isBatchable(item) {
                let priority = Self.priority(forTaskSize: item.taskSize)
                if let open, open.join(batch, ofKind: priority.rawValue) { continue }
                let operation = WorkBatchOperation(
                    batch, ofKind: priority.rawValue, qos: qos, cancellation: cancellation, releasingOnStart: backlog)
                operation.queuePriority = priority
                _ = backlog.acquire(1)  // false only once the run is cancelled: the operation then stops at once
                queue.addOperation(operation)
                open = operation
                continue
            }
            open = nil
            let isMultiBlock = item.task.blockCount > 1
            let operation = WorkItemOperation(item, finishesTask: !isMultiBlock, qos: qos)
            operation.queuePriority = Self.priority(forTaskSize: item.taskSize)
            queue.addOperation(operation)
            guard isMultiBlock else { continue }
            let key = ObjectIdentifier(item.task)
            let finisher = finishers[key] ?? TaskFinishingOperation(item.task, qos: qos)
            finisher.addDependency(operation)
            if item.block == item.task.blockCount - 1 {
                finisher.queuePriority = operation.queuePriority
                queue.addOperation(finisher)
                finishers[key] = nil
            } else {
                finishers[key] = finisher
            }
        }
        if cancellation.isCancelled { queue.cancelAllOperations() }
        // One wake-up when the queue has drained. (corelibs' waitUntilAllOperationsAreFinished
        // waits on each operation in turn, so every one that finishes wakes this thread: about
        // 2,500 extra context switches on /usr/include.)
        let drained = DispatchSemaphore(value: 0)
        queue.addBarrierBlock { drained.signal() }
        drained.wait()
    }

    /// Larger files first: they take longest, and a big file started last leaves cores idle.
    static func priority(forTaskSize size: Int64) -> Operation.QueuePriority {
        switch size {
        case (64 << 20)...: .veryHigh
        case (1 << 20)...: .high
        case (64 << 10)...: .normal
        case (4 << 10)...: .low
        default: .veryLow
        }
    }
}

/// One work item as an `Operation`.
///
/// `@unchecked Sendable` (Operation is): every stored property is an immutable `let` of a
/// `Sendable` type.
final class WorkItemOperation: Operation, @unchecked Sendable {
    private let item: WorkItem
    /// False for blocks of multi-block files, which a `TaskFinishingOperation` finishes.
    private let finishesTask: Bool
    private let qos: QualityOfService

    init(_ item: WorkItem, finishesTask: Bool, qos: QualityOfService) {
        self.item = item
        self.finishesTask = finishesTask
        self.qos = qos
    }

    override func main() {
        guard !isCancelled else { return }
        WorkerThreads.lowering(qos) {
            let isComplete = item.task.runBlock(item.block)
            if isComplete && finishesTask { item.task.finish() }
        }
    }
}

/// Finishes a multi-block task once every block operation it depends on has run.
///
/// `@unchecked Sendable` (Operation is): its stored properties are immutable `let`s of
/// `Sendable` types.
final class TaskFinishingOperation: Operation, @unchecked Sendable {
    private let task: any BlockTask
    private let qos: QualityOfService

    init(_ task: any BlockTask, qos: QualityOfService) {
        self.task = task
        self.qos = qos
    }

    override func main() {
        guard !isCancelled else { return }
        WorkerThreads.lowering(qos) { task.finish() }
    }
}
