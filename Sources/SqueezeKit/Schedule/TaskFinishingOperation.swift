import Foundation

/// Finishes a multi-block task once every block operation it depends on has run.
///
/// `@unchecked Sendable` (Operation is): its only stored property is an immutable `let` of a
/// `Sendable` type.
final class TaskFinishingOperation: Operation, @unchecked Sendable {
    private let task: any BlockTask

    init(_ task: any BlockTask) {
        self.task = task
    }

    override func main() {
        guard !isCancelled else { return }
        task.finish()
    }
}
