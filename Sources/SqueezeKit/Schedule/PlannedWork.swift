
/// A fixed list of work items handed out in order, each once the window has room for it.
final class PlannedWork: WorkSource {
    private let items: [WorkItem]
    private let cursor = Locked(0)
    private let window: WorkWindow

    init(items: [WorkItem], window: WorkWindow) {
        self.items = items
        self.window = window
    }

    /// Claiming an item and taking its credits happen under one lock, so credits are granted in
    /// hand-out order: a later block can never take the room an earlier one is waiting for
    /// (which, with the later one waiting in its file's reorder buffer, would deadlock).
    func next() -> WorkItem? {
        cursor.withLock { index in
            guard index < items.count else { return nil }
            let item = items[index]
            guard window.acquire(item.weight) else { return nil }
            index += 1
            return item
        }
    }
}
