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
/// Used by one thread (the operation queue's feeder).
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

    /// The next batch: one item or more, in hand-out order; nil when the source has no more.
    mutating func next() -> [WorkItem]? {
        guard let first = carried.take() ?? source.next() else { return nil }
        guard Self.isBatchable(first) else { return [first] }
        var batch = [first]
        var bytes = first.taskSize
        let firstKind = kind(first)
        while batch.count < Self.maximumItems, let item = source.tryNext() {
            guard Self.isBatchable(item), kind(item) == firstKind, bytes + item.taskSize <= Self.maximumBytes else {
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
/// reporting its own result. Before each it checks `isCancelled` and the run's cancellation (the
/// queue cancels its operations only once the feeder has stopped: `cancelAllOperations` called
/// from a worker while the queue ran was seen to leave the final barrier never run), so a cancelled run
/// stops between files, and the files not started are left as they were: no output, nothing to
/// remove.
///
/// `@unchecked Sendable` (Operation is): every stored property is an immutable `let` of a
/// `Sendable` type.
final class WorkBatchOperation: Operation, @unchecked Sendable {
    private let items: [WorkItem]
    private let qos: QualityOfService
    private let cancellation: CancellationFlag

    init(_ items: [WorkItem], qos: QualityOfService, cancellation: CancellationFlag) {
        precondition(items.allSatisfy(WorkBatcher.isBatchable), "only files of one block are batched")
        self.items = items
        self.qos = qos
        self.cancellation = cancellation
    }

    override func main() {
        WorkerThreads.adopt(qos)
        for item in items {
            guard !isCancelled && !cancellation.isCancelled else { return }
            item.perform()
        }
    }
}
