import Dispatch
import Glibc

/// The system calls that wait on another process (a FIFO's `open` waiting for its other end, a
/// `read` of a pipe that sends nothing, a `write` to a pipe nobody drains), made so that an
/// interrupt ends them: the first SIGINT or SIGTERM must end a run within a second, whatever the
/// process at the other end does.
///
/// A caller registers its thread and makes the call with `wakeSignal` unblocked; that signal's
/// handler does nothing and does not restart calls (no `SA_RESTART`), so a call it reaches
/// returns EINTR. Once the wait is over (`interrupt()`, or the caller's cancellation flag), a
/// timer sends the signal to every registered thread whose wait is over, every 10 ms until none
/// is left: a signal that came just before its thread entered the call is sent again once it is
/// in it. It is sent under the registry's lock, and a thread leaves the registry under that lock
/// before it goes on, so no thread that may have exited is ever signalled. Until an interrupt
/// nothing is sent and nothing polls: the calls wait for their other end as plain calls do.
///
/// Two kinds of wait end differently. A wait for another process to come or to send
/// (`awaitingPeer`) ends at the interrupt. A write of output (`delivering`) may wait half a second
/// more (`grace`): what is written after an interrupt (a stream's truncation mark, the report)
/// still reaches a reader that is slow but reading, and a reader that stopped cannot hold the
/// run longer than that.
public final class InterruptibleCalls: Sendable {
    public enum Wait: Sendable {
        /// For another process to come (a FIFO's other end) or to send bytes.
        case awaitingPeer
        /// For room to write output.
        case delivering
    }

    /// The process's: `interrupt()` is what the first SIGINT or SIGTERM does.
    public static let shared = InterruptibleCalls()
    /// How long a write may still wait after the interrupt.
    public static let grace = 0.5
    /// Sent to a thread to end its call. SIGUSR2 is free in squeeze, and its default action
    /// (termination) is what a stray one did before any call installed the handler.
    static let wakeSignal = SIGUSR2

    private struct Caller: Sendable {
        let wait: Wait
        let cancellation: CancellationFlag?
    }

    private struct State: Sendable {
        var callers: [pthread_t: Caller] = [:]
        /// When `interrupt()` came, on the monotonic clock.
        var interruptedAt: Double?
        /// Whether the next tick is scheduled.
        var isTicking = false
    }

    private let state = Locked(State())
    private let ticks = DispatchQueue(label: "squeeze.interruptible-calls")

    public init() {}

    /// Ends the waits: every registered `awaitingPeer` call now, every `delivering` one once
    /// `grace` has passed; later calls likewise. For good: the process is stopping.
    public func interrupt() {
        state.withLock { state in
            if state.interruptedAt == nil { state.interruptedAt = MonotonicClock.now() }
        }
        startTicking()
    }

    /// Runs `call` (a system call: -1 and `errno` on failure) so that it ends, failing with EINTR,
    /// once its wait is over: at `interrupt()`, or once `cancellation` is set. A call of a wait
    /// already over is not made (EINTR at once), except a write, which may not need to wait.
    func perform<Result: FixedWidthInteger>(_ wait: Wait, until cancellation: CancellationFlag? = nil, _ call: () -> Result) -> Result {
        _ = Self.installWakeHandler
        let thread = pthread_self()
        let caller = Caller(wait: wait, cancellation: cancellation)
        var wake = sigset_t(), previous = sigset_t()
        sigemptyset(&wake)
        sigaddset(&wake, Self.wakeSignal)
        pthread_sigmask(SIG_UNBLOCK, &wake, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let (isOver, tick) = state.withLock { state -> (Bool, Bool) in
            let isOver = Self.isOver(caller, state, now: MonotonicClock.now())
            if isOver && wait == .awaitingPeer { return (true, false) }
            state.callers[thread] = caller
            return (false, isOver || state.interruptedAt != nil)
        }
        if isOver {
            errno = EINTR
            return -1
        }
        if tick { startTicking() }
        let token = cancellation?.whenCancelled { [self] in startTicking() }
        let result = call()
        let code = errno
        cancellation?.removeHandler(token)
        state.withLock { _ = $0.callers.removeValue(forKey: thread) }
        errno = code
        return result
    }

    /// Whether a call of `wait` that failed with EINTR should give up rather than be made again.
    func hasEnded(_ wait: Wait, until cancellation: CancellationFlag? = nil) -> Bool {
        state.withLock { Self.isOver(Caller(wait: wait, cancellation: cancellation), $0, now: MonotonicClock.now()) }
    }

    private static func isOver(_ caller: Caller, _ state: State, now: Double) -> Bool {
        if caller.cancellation?.isCancelled == true { return true }
        guard let interruptedAt = state.interruptedAt else { return false }
        return caller.wait == .awaitingPeer || now >= interruptedAt + grace
    }

    private func startTicking() {
        let start = state.withLock { state -> Bool in
            defer { state.isTicking = true }
            return !state.isTicking
        }
        if start { ticks.async { [self] in tick() } }
    }

    /// Signals each caller whose wait is over; comes again in 10 ms while any is left, or any
    /// write whose grace is running.
    private func tick() {
        let again = state.withLock { state -> Bool in
            let now = MonotonicClock.now()
            var isWaited = false
            for (thread, caller) in state.callers {
                if Self.isOver(caller, state, now: now) {
                    pthread_kill(thread, Self.wakeSignal)
                    isWaited = true
                } else if state.interruptedAt != nil {
                    isWaited = true  // a write in its grace: over soon
                }
            }
            state.isTicking = isWaited
            return isWaited
        }
        if again { ticks.asyncAfter(deadline: .now() + .milliseconds(10)) { [self] in tick() } }
    }

    /// Installed once, on first use: an empty handler without `SA_RESTART`.
    private static let installWakeHandler: Void = {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(wakeSignal, &action, nil)
    }()
}

/// `systemCall` for a call that may wait on another process: made again after EINTR until its
/// wait is over (`InterruptibleCalls`), then failing with EINTR.
@discardableResult
func interruptibleCall<Result: FixedWidthInteger>(
    _ operation: String, _ path: PathName, _ wait: InterruptibleCalls.Wait, until cancellation: CancellationFlag? = nil,
    _ call: () -> Result
) throws(SystemError) -> Result {
    let calls = InterruptibleCalls.shared
    while true {
        let result = calls.perform(wait, until: cancellation, call)
        if result != -1 { return result }
        let code = errno
        if code == EINTR && !calls.hasEnded(wait, until: cancellation) { continue }
        throw SystemError(operation, path, code: code)
    }
}
