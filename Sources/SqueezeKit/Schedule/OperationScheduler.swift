import Foundation

/// `OperationQueue` with `maxConcurrentOperationCount = jobs`: an operation per item, larger
/// files at higher `queuePriority`, and for each file of several blocks a `TaskFinishingOperation`
/// that depends on all its block operations, so the file is finished only after all its blocks.
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

        var finishers: [ObjectIdentifier: TaskFinishingOperation] = [:]
        while let item = source.next() {
            let isMultiBlock = item.task.blockCount > 1
            let operation = WorkItemOperation(item, finishesTask: !isMultiBlock)
            operation.queuePriority = Self.priority(forTaskSize: item.taskSize)
            queue.addOperation(operation)
            guard isMultiBlock else { continue }
            let key = ObjectIdentifier(item.task)
            let finisher = finishers[key] ?? TaskFinishingOperation(item.task)
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
