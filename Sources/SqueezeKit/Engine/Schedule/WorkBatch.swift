import Foundation

/// Takes items from a source as batches: consecutive small files of one block, of one kind
/// (`kind`), go together, up to `maximumItems` of them or `maximumBytes` of input; any other item
/// is a batch of its own. One scheduling unit then carries many tiny files, and whatever a unit
/// costs the scheduler (an `Operation`: an object, its locks, its KVO, a dispatch) is paid once for
/// them all. Order is kept: batches come in the order their items were handed out.
///
/// Only the first item of a batch is waited for (`next()`); the others are taken only if they are
/// ready (`tryNext()`). So a batch is never held back while the source waits, for credits its own
/// items hold (which come back only once they have run) or for a producer (the walker, itself
/// waiting for those credits): the batch so far is handed on instead, and the next one waits.
///
/// Used by one thread at a time (the operation queue's feeder; a group chain's batch in flight).
struct WorkBatcher {
    /// Items of tasks at least this large are never batched: they are worth a unit of their own.
    static let largestBatchedTask: Int64 = 64 << 10
    static let maximumItems = 32
    static let maximumBytes: Int64 = 256 << 10

    private let source: any WorkSource
    /// Items batch only with items of the same kind (the operation queue's priority of each).
    private let kind: (WorkItem) -> Int
    /// Taken while a batch was being made, and not of it: the next batch starts with it.
    private var carried: WorkItem?

    init(source: any WorkSource, kind: @escaping (WorkItem) -> Int) {
        self.source = source
        self.kind = kind
    }

    /// Whether `item` may share a unit with others: one block of a small file, finished with it.
    static func isBatchable(_ item: WorkItem) -> Bool {
        item.task.blockCount == 1 && item.taskSize < largestBatchedTask
    }

    /// Whether a batch of `count` items and `bytes` of input may take `item` as well.
    static func hasRoom(count: Int, bytes: Int64, for item: WorkItem) -> Bool {
        count < maximumItems && bytes + item.taskSize <= maximumBytes
    }

    /// The next batch: one item or more, in hand-out order; nil when the source has no more.
    mutating func next() -> [WorkItem]? {
        guard let first = carried.take() ?? source.next() else { return nil }
        guard Self.isBatchable(first) else { return [first] }
        var batch = [first]
        var bytes = first.taskSize
        let firstKind = kind(first)
        while batch.count < Self.maximumItems, let item = source.tryNext() {
            guard Self.isBatchable(item), kind(item) == firstKind, Self.hasRoom(count: batch.count, bytes: bytes, for: item) else {
                carried = item
                break
            }
            batch.append(item)
            bytes += item.taskSize
        }
        return batch
    }
}

/// Several files of one block as one `Operation`, each performed and finished in turn, each
/// reporting its own result. Until a worker starts it, the feeder may add more files of its kind
/// (`join`), within `WorkBatcher`'s limits: an operation that waits in the queue gathers the files
/// handed out meanwhile. Before each file it checks `isCancelled` and the run's cancellation (the
/// queue cancels its operations only once the feeder has stopped: `cancelAllOperations` called
/// from a worker while the queue ran was seen to leave the final barrier never run), so a cancelled
/// run stops between files, and the files not started are left as they were: no output, nothing to
/// remove.
///
/// `@unchecked Sendable` (Operation is): `batch` is read and written only inside its lock; the
/// other stored properties are immutable `let`s of `Sendable` types.
final class WorkBatchOperation: Operation, @unchecked Sendable {
    private let batch: Locked<Batch>
    /// Which items may join (the kind `WorkBatcher` made the first batch with).
    private let kind: Int
    private let qos: QualityOfService
    private let cancellation: CancellationFlag
    /// The feeder's count of batch operations waiting to start: one is given back at the start.
    private let backlog: Credits?

    private struct Batch {
        var items: [WorkItem]
        var bytes: Int64
        /// Set when a worker starts the operation: no item joins after.
        var isStarted = false
    }

    init(
        _ items: [WorkItem], ofKind kind: Int, qos: QualityOfService, cancellation: CancellationFlag,
        releasingOnStart backlog: Credits? = nil
    ) {
        precondition(items.allSatisfy(WorkBatcher.isBatchable), "only files of one block are batched")
        batch = Locked(Batch(items: items, bytes: items.reduce(0) { $0 + $1.taskSize }))
        self.kind = kind
        self.qos = qos
        self.cancellation = cancellation
        self.backlog = backlog
    }

    /// Adds `items` (a batch `WorkBatcher` made, of `kind`) if this operation has not started and
    /// they all fit; false, and nothing added, if not: they then need an operation of their own.
    func join(_ items: [WorkItem], ofKind kind: Int) -> Bool {
        guard kind == self.kind else { return false }
        return batch.withLock { batch in
            guard !batch.isStarted else { return false }
            var (count, bytes) = (batch.items.count, batch.bytes)
            for item in items {
                guard WorkBatcher.isBatchable(item), WorkBatcher.hasRoom(count: count, bytes: bytes, for: item) else {
                    return false
                }
                (count, bytes) = (count + 1, bytes + item.taskSize)
            }
            batch.items += items
            batch.bytes = bytes
            return true
        }
    }

    override func main() {
        let items = batch.withLock { batch in
            batch.isStarted = true
            return batch.items
        }
        backlog?.release(1)
        WorkerThreads.lowering(qos) {
            for item in items {
                guard !isCancelled && !cancellation.isCancelled else { return }
                item.perform()
            }
        }
    }
}
