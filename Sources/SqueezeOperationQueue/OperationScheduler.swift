import Dispatch
import Foundation
import SqueezeKit

/// `OperationQueue` with `maxConcurrentOperationCount = jobs`: an operation per item, larger files
/// at higher `queuePriority` (started first among those waiting), each checking `isCancelled`.
/// Small files of one block and the same priority share an operation (`WorkBatchOperation`): the
/// feeder adds each to the last one queued while no worker has started it, up to 32 files or
/// 256 KiB, so that on tiny files an operation's own cost (an object, its locks, its KVO, a
/// dispatch) is paid once for many, and operations grow with the queue's backlog.
///
/// No dependencies: a file of several blocks is finished by whichever of its blocks is written
/// last, so an operation that waited for all of them would only wait.
///
/// The feeder alone calls `submit` and `finish`, so `open` is its own.
final class OperationScheduler: WorkScheduler {

    private let queue = OperationQueue()
    private let qos: SqueezeKit.QualityOfService
    private let cancellation: CancellationFlag
    /// The last batch operation queued, which small files of its priority may still join.
    private var open: WorkBatchOperation?

    init(jobs: Int, qos: SqueezeKit.QualityOfService, cancellation: CancellationFlag) {
        self.qos = qos
        self.cancellation = cancellation
        queue.name = "squeeze.operations"
        queue.maxConcurrentOperationCount = jobs
        queue.qualityOfService = qos.operationQuality
        queue.underlyingQueue = DispatchQueue.global(qos: qos.dispatchClass)
    }

    func submit(_ item: WorkItem) {
        let priority = Self.priority(forTaskSize: item.taskSize)
        guard WorkBatchOperation.isBatchable(item) else {
            // Hand-out order is kept among operations of one priority: later small files do not
            // join a batch queued before this item.
            open = nil
            let operation = WorkItemOperation(item, qos: qos)
            operation.queuePriority = priority
            queue.addOperation(operation)
            return
        }
        if let open, open.join(item, ofKind: priority.rawValue) { return }
        let operation = WorkBatchOperation(item, ofKind: priority.rawValue, qos: qos, cancellation: cancellation)
        operation.queuePriority = priority
        queue.addOperation(operation)
        open = operation
    }

    func finish() {
        // Operations not started are dropped: their files were not begun, and nothing of them
        // is left to remove.
        if cancellation.isCancelled { queue.cancelAllOperations() }
        // One wake-up when the queue has drained. (corelibs' waitUntilAllOperationsAreFinished
        // waits on each operation in turn, so every one that finishes would wake this thread.)
        let drained = BoundedChannel<Void>(capacity: 1)
        queue.addBarrierBlock { drained.finish() }
        _ = try? drained.receive()
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

extension OperationSchedulerMaker {
    /// The `operation` mode's scheduler, on Foundation's `OperationQueue`: what the `squeeze`
    /// executable gives its runs' `SchedulingOptions`.
    public static let operationQueue = OperationSchedulerMaker { jobs, qos, cancellation in
        OperationScheduler(jobs: jobs, qos: qos, cancellation: cancellation)
    }
}

extension SqueezeKit.QualityOfService {
    var operationQuality: Foundation.QualityOfService {
        switch self {
        case .userInteractive: .userInteractive
        case .userInitiated: .userInitiated
        case .utility: .utility
        case .background: .background
        }
    }
}

/// One work item as an `Operation`.
///
/// `@unchecked Sendable` (Operation is): every stored property is an immutable `let` of a
/// `Sendable` type.
final class WorkItemOperation: Operation, @unchecked Sendable {
    private let item: WorkItem
    private let qos: SqueezeKit.QualityOfService

    init(_ item: WorkItem, qos: SqueezeKit.QualityOfService) {
        self.item = item
        self.qos = qos
    }

    override func main() {
        guard !isCancelled else { return }
        WorkerThreads.lowering(qos) { item.perform() }
    }
}

/// Several files of one block as one `Operation`, each performed and finished in turn, each
/// reporting its own result. Until a worker starts it, the feeder may add more files of its kind
/// (`join`), within `maximumItems` and `maximumBytes`. Before each file it checks `isCancelled` and
/// the run's cancellation, so a cancelled run stops between files, and the files not started are
/// left as they were: no output, nothing to remove.
///
/// `@unchecked Sendable` (Operation is): `batch` is read and written only inside its lock; the
/// other stored properties are immutable `let`s of `Sendable` types.
final class WorkBatchOperation: Operation, @unchecked Sendable {
    /// Items of tasks at least this large are never batched: they are worth an operation of their own.
    static let largestBatchedTask: Int64 = 64 << 10
    static let maximumItems = 32
    static let maximumBytes: Int64 = 256 << 10

    private let batch: Locked<Batch>
    /// Which items may join (the priority of the first).
    private let kind: Int
    private let qos: SqueezeKit.QualityOfService
    private let cancellation: CancellationFlag

    private struct Batch {
        var items: [WorkItem]
        var bytes: Int64
        /// Set when a worker starts the operation: no item joins after.
        var isStarted = false
    }

    /// Whether `item` may share an operation with others: the one block of a small file.
    static func isBatchable(_ item: WorkItem) -> Bool {
        item.taskSize < largestBatchedTask && item.isWholeTask
    }

    init(_ item: WorkItem, ofKind kind: Int, qos: SqueezeKit.QualityOfService, cancellation: CancellationFlag) {
        precondition(Self.isBatchable(item), "only files of one block are batched")
        batch = Locked(Batch(items: [item], bytes: item.taskSize))
        self.kind = kind
        self.qos = qos
        self.cancellation = cancellation
    }

    /// Adds `item` (batchable, of `kind`) if this operation has not started and it fits; false,
    /// and nothing added, if not: it then needs an operation of its own.
    func join(_ item: WorkItem, ofKind kind: Int) -> Bool {
        guard kind == self.kind else { return false }
        return batch.withLock { batch in
            guard !batch.isStarted, batch.items.count < Self.maximumItems, batch.bytes + item.taskSize <= Self.maximumBytes else {
                return false
            }
            batch.items.append(item)
            batch.bytes += item.taskSize
            return true
        }
    }

    override func main() {
        let items = batch.withLock { batch in
            batch.isStarted = true
            return batch.items
        }
        WorkerThreads.lowering(qos) {
            for item in items {
                guard !isCancelled && !cancellation.isCancelled else { return }
                item.perform()
            }
        }
    }
}
