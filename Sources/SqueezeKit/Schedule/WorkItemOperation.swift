import Foundation

/// One work item as an `Operation`.
///
/// `@unchecked Sendable` (Operation is): every stored property is an immutable `let` of a
/// `Sendable` type.
final class WorkItemOperation: Operation, @unchecked Sendable {
    private let item: WorkItem
    /// False for blocks of multi-block files, which a `TaskFinishingOperation` finishes.
    private let finishesTask: Bool

    init(_ item: WorkItem, finishesTask: Bool) {
        self.item = item
        self.finishesTask = finishesTask
    }

    override func main() {
        guard !isCancelled else { return }
        let isComplete = item.task.runBlock(item.block)
        if isComplete && finishesTask { item.task.finish() }
    }
}
