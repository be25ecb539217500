import Synchronization

/// Set once, when the user interrupts a run; workers check it between steps.
public final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)

    public init() {}

    public var isCancelled: Bool { flag.load(ordering: .acquiring) }

    public func cancel() { flag.store(true, ordering: .releasing) }
}
