import Glibc
import Synchronization

// The one way a squeeze thread waits for another. Every hand-off between threads goes through
// the two types here: `Credits` (room counted in units, which whoever needs room waits for) and
// `BoundedChannel` (elements passed from producers to receivers, with room counted the same way).
//
// Invariants, for both:
// 1. Their state is read and written only with their mutex held, and a waiter waits on a condition
//    variable of that same mutex (`pthread_cond_wait`), so a wake-up sent between a waiter's check
//    and its wait cannot be lost. No polling, no timeouts.
// 2. Who waits on what: a channel's receivers wait on one condition (for an element or the end),
//    its senders on another (for room); credits' takers on the first. Every change that can let a
//    waiter go wakes that side: an element added wakes one receiver (the one it can satisfy),
//    room given back wakes the senders or takers, and an end (the data's, a close, a
//    cancellation) wakes everyone. A woken waiter checks again.
// 3. Close and cancellation are for good: once either is set, every wait returns at once, now and
//    later. A cancelled run therefore never leaves a thread blocked here.
// 4. No code of a caller runs while the mutex is held (the cancellation handler only takes the
//    mutex, sets a flag and wakes), so there is no lock order to get wrong.
//
// Deadlock freedom is then the users' part: whoever waits for room must know that something
// already running will give it back (the engine's credit window says how its runs know it).

/// Set once, when the user interrupts a run; workers check it between steps, and every
/// `Credits` or `BoundedChannel` that was given the flag wakes its waiters at once.
public final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    private let handlers = Locked<Handlers>(Handlers())

    private struct Handlers: Sendable {
        var next = 0
        var byToken: [Int: @Sendable () -> Void] = [:]
    }

    public init() {}

    public var isCancelled: Bool { flag.load(ordering: .acquiring) }

    public func cancel() {
        guard !flag.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let toCall = handlers.withLock { handlers in
            defer { handlers.byToken = [:] }
            return Array(handlers.byToken.values)
        }
        for handler in toCall { handler() }
    }

    /// Calls `handler` once when the flag is set (at once if it already is); the token removes it.
    func whenCancelled(_ handler: @escaping @Sendable () -> Void) -> Int? {
        let token: Int? = handlers.withLock { handlers in
            guard !isCancelled else { return nil }
            handlers.next += 1
            handlers.byToken[handlers.next] = handler
            return handlers.next
        }
        if token == nil { handler() }
        return token
    }

    func removeHandler(_ token: Int?) {
        guard let token else { return }
        _ = handlers.withLock { $0.byToken.removeValue(forKey: token) }
    }
}

/// Room counted in units (bytes of memory, say): `acquire` waits until enough is free, `release`
/// gives it back. Closing it, or cancelling the run it was given, lets every waiter go empty-handed.
///
/// A waiter is woken only once `wakeThreshold` units are free, not at every release: a feeder
/// thread then wakes once per batch instead of once per item, which on two cores would steal a
/// core from the workers each time (or once all the room is free, for a waiter that asked for
/// more than the threshold).
final class Credits: Sendable {
    let capacity: Int
    let wakeThreshold: Int
    private let monitor: Monitor<State>
    private let cancellation: CancellationFlag?
    private let cancellationToken: Int?

    private struct State {
        var available: Int
        var waiting = 0
        var isClosed = false
    }

    init(capacity: Int, wakeThreshold: Int = 1, cancellation: CancellationFlag? = nil) {
        precondition(capacity >= 1 && (1...capacity).contains(wakeThreshold))
        self.capacity = capacity
        self.wakeThreshold = wakeThreshold
        let monitor = Monitor(State(available: capacity))
        self.monitor = monitor
        self.cancellation = cancellation
        cancellationToken = cancellation?.whenCancelled {
            monitor.update { state in
                state.isClosed = true
                return .everyone
            }
        }
    }

    deinit { cancellation?.removeHandler(cancellationToken) }

    /// Waits for `count` units; false if the credits were closed (or the run cancelled) first.
    func acquire(_ count: Int) -> Bool {
        precondition(count <= capacity, "asked for more credits than there are")
        return monitor.wait(
            .takers,
            until: { state in
                if state.isClosed { return false }
                guard state.available >= count else { return nil }
                state.available -= count
                return true
            },
            whileWaiting: { state, waiting in state.waiting += waiting ? 1 : -1 })
    }

    func release(_ count: Int) {
        monitor.update { state in
            state.available += count
            return state.waiting > 0 && (state.available >= wakeThreshold || state.available == capacity) ? .all(.takers) : .none
        }
    }

    /// Lets every waiter go, now and later, without credits.
    func close() {
        monitor.update { state in
            state.isClosed = true
            return .everyone
        }
    }
}

/// Elements handed from producers to receivers in order, with at most `capacity` units of them
/// waiting (each element weighs `weight(element)`; one element heavier than the whole capacity
/// still goes through alone). Either side may end it:
/// - the producer with `finish`: receivers get every element sent before it, then the end (nil)
///   or the failure the producer gave;
/// - a receiver with `close`: what is queued is dropped, and senders stop (`send` returns false);
/// - the run's cancellation: senders stop, receivers get what is queued and then the end.
package final class BoundedChannel<Element: Sendable>: Sendable {
    let capacity: Int
    private let weight: @Sendable (Element) -> Int
    private let monitor: Monitor<State>
    private let cancellation: CancellationFlag?
    private let cancellationToken: Int?

    private struct State {
        var elements = ElementQueue<Element>()
        var used = 0
        var end: End?
        var isClosed = false

        var isEmpty: Bool { elements.isEmpty }

        mutating func removeFirst(weighing weight: (Element) -> Int) -> Element {
            guard let element = elements.popFirst() else { preconditionFailure("nothing to receive") }
            used -= weight(element)
            return element
        }
    }

    private enum End {
        case finished
        case failed(any Error)
        case cancelled
    }

    package init(
        capacity: Int, cancellation: CancellationFlag? = nil,
        weight: @escaping @Sendable (Element) -> Int = { _ in 1 }
    ) {
        precondition(capacity >= 1)
        self.capacity = capacity
        self.weight = weight
        let monitor = Monitor(State())
        self.monitor = monitor
        self.cancellation = cancellation
        cancellationToken = cancellation?.whenCancelled {
            monitor.update { state in
                if state.end == nil { state.end = .cancelled }
                return .everyone
            }
        }
    }

    deinit { cancellation?.removeHandler(cancellationToken) }

    /// Waits for room and queues `element`; false (the element dropped) once a receiver has closed
    /// the channel or the run was cancelled.
    @discardableResult
    func send(_ element: Element) -> Bool {
        let weight = weight(element)
        return monitor.wait(.senders, waking: { sent in sent ? .one(.receivers) : .none }) { state in
            if state.isClosed { return false }
            if case .cancelled? = state.end { return false }
            precondition(state.end == nil, "send after finish")
            guard state.used == 0 || state.used + weight <= capacity else { return nil }
            state.elements.append(element)
            state.used += weight
            return true
        }
    }

    /// What `offer` did with an element.
    enum Offer {
        case sent
        /// No room now: the element is the caller's.
        case full
        /// Closed or cancelled: dropped, as by `send`.
        case ended
    }

    /// Queues `element` if there is room now, without waiting.
    func offer(_ element: Element) -> Offer {
        let weight = weight(element)
        var offer = Offer.ended
        monitor.update { state in
            if state.isClosed { return .none }
            if case .cancelled? = state.end { return .none }
            precondition(state.end == nil, "send after finish")
            guard state.used == 0 || state.used + weight <= capacity else {
                offer = .full
                return .none
            }
            state.elements.append(element)
            state.used += weight
            offer = .sent
            return .one(.receivers)
        }
        return offer
    }

    /// Waits for the next element; nil at the end. Throws the producer's failure once every element
    /// sent before it has been received, and `CancellationError` after a `close`.
    package func receive() throws -> Element? {
        let weight = weight
        let next: Result<Element?, any Error> = monitor.wait(.receivers, waking: { _ in .all(.senders) }) { state in
            if state.isClosed { return .failure(CancellationError()) }
            if !state.isEmpty { return .success(state.removeFirst(weighing: weight)) }
            switch state.end {
            case nil: return nil
            case .finished, .cancelled: return .success(nil)
            case .failed(let error): return .failure(error)
            }
        }
        return try next.get()
    }

    /// No more elements will come; `failure`, if given, is what receivers get after the last.
    package func finish(throwing failure: (any Error)? = nil) {
        monitor.update { state in
            if state.end == nil { state.end = failure.map { .failed($0) } ?? .finished }
            return .everyone
        }
    }

    /// The receiver wants no more: queued elements are dropped and senders stop.
    func close() {
        monitor.update { state in
            state.isClosed = true
            state.elements.removeAll()
            state.used = 0
            return .everyone
        }
    }
}
