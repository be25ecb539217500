import Glibc

/// State behind a `pthread_mutex` with two condition variables, one per side that waits
/// (`Side`): what `Credits`, `BoundedChannel` and `QueuedStreamWriter` are made of. (A pthread mutex, as `Locked`
/// explains, so ThreadSanitizer sees it.)
///
/// `@unchecked Sendable`: `state` is read and written only with `mutex` held (in `update` and
/// `wait`), and `pthread_cond_wait` releases and retakes that same mutex.
final class Monitor<State>: @unchecked Sendable {
    /// Who waits: a channel's receivers (for an element or the end) and senders (for room), or
    /// credits' takers (for room: the first side).
    enum Side: Int {
        case receivers = 0, senders = 1
        static var takers: Side { .receivers }
    }

    /// Whom a change lets go.
    enum Wake {
        case none
        /// One waiter of a side: the change can satisfy one (an element added).
        case one(Side)
        /// Every waiter of a side.
        case all(Side)
        /// Every waiter of both sides: an end.
        case everyone
    }

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let conditions: UnsafeMutablePointer<pthread_cond_t>
    private var state: State

    init(_ state: State) {
        self.state = state
        mutex = HeapMutex.make()
        conditions = .allocate(capacity: 2)
        for side in 0..<2 {
            (conditions + side).initialize(to: pthread_cond_t())
            pthread_cond_init(conditions + side, nil)
        }
    }

    deinit {
        for side in 0..<2 { pthread_cond_destroy(conditions + side) }
        conditions.deinitialize(count: 2)
        conditions.deallocate()
        HeapMutex.free(mutex)
    }

    /// Changes the state, and wakes whom `change` says the change may let go.
    func update(_ change: (inout State) -> Wake) {
        pthread_mutex_lock(mutex)
        let wake = change(&state)
        pthread_mutex_unlock(mutex)
        signal(wake)
    }

    /// Waits on `side` until `ready` returns a result (it may change the state as it does), then
    /// wakes whom `waking` says the result lets go. `whileWaiting` is told when this thread starts
    /// (true) and stops (false) waiting, for state that counts waiters.
    func wait<Result>(
        _ side: Side, waking: (Result) -> Wake = { _ in .none }, until ready: (inout State) -> Result?,
        whileWaiting: (inout State, Bool) -> Void = { _, _ in }
    ) -> Result {
        pthread_mutex_lock(mutex)
        var result = ready(&state)
        if result == nil {
            whileWaiting(&state, true)
            repeat {
                pthread_cond_wait(conditions + side.rawValue, mutex)
                result = ready(&state)
            } while result == nil
            whileWaiting(&state, false)
        }
        pthread_mutex_unlock(mutex)
        signal(waking(result!))
        return result!
    }

    private func signal(_ wake: Wake) {
        switch wake {
        case .none: break
        case .one(let side): pthread_cond_signal(conditions + side.rawValue)
        case .all(let side): pthread_cond_broadcast(conditions + side.rawValue)
        case .everyone:
            pthread_cond_broadcast(conditions)
            pthread_cond_broadcast(conditions + 1)
        }
    }
}
