import Dispatch
import Glibc

/// Turns SIGINT, SIGTERM and SIGHUP into calls of a handler on a private queue (dispatch signal
/// sources: no code runs in signal context), with how many signals have arrived so far; or, for a
/// run with nothing to undo, into the end of the process (`Response.exit`), with no thread.
///
/// A signal the process was started with ignored stays ignored and is not watched, as gzip checks
/// for `SIG_IGN` first: `nohup squeeze …` survives its hangup, and a job a shell started in the
/// background (SIGINT ignored) is not stopped by the terminal's Ctrl-C. `stop()` puts back exactly
/// the actions found (a handler a library caller installed included), not the default.
public final class InterruptMonitor: Sendable {
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// What a watched signal does.
    public enum Response: Sendable {
        /// `handler` is called on the monitor's queue with the signal and how many have come so
        /// far: the run stops, cleans up and reports. The sources start a thread of libdispatch's.
        case call(@Sendable (_ signal: Int32, _ count: Int) -> Void)
        /// The process ends at once with status 130, in the signal handler (`_exit` is safe
        /// there), as gzip ends: nothing is said, and no thread waits for the signal. Only for a
        /// run that has nothing to undo or finish: it writes no file (no temporary to remove, no
        /// source to keep) and what it wrote, cut anywhere, cannot pass for whole.
        case exit
    }

    /// `DispatchSourceSignal` is used only through its thread-safe `resume`/`cancel`.
    private nonisolated(unsafe) let sources: [any DispatchSourceSignal]
    /// The action each watched signal had before, to be put back as it was. (`sigaction` holds a
    /// C function pointer and a mask: plain values, read only by `stop`.)
    private nonisolated(unsafe) let inherited: [(signal: Int32, action: sigaction)]
    /// `.exit`'s: the calling thread's signal mask before the watched signals were unblocked in it.
    private nonisolated(unsafe) let inheritedMask: sigset_t?

    public convenience init(
        signals: [Int32] = InterruptMonitor.signals, ignoresBrokenPipes: Bool = true,
        handler: @escaping @Sendable (_ signal: Int32, _ count: Int) -> Void
    ) {
        self.init(signals: signals, ignoresBrokenPipes: ignoresBrokenPipes, response: .call(handler))
    }

    /// `signals` and `ignoresBrokenPipes` are for the monitor's own tests, which must not change
    /// what the signals a test process sends its children (INT, TERM, HUP) or SIGPIPE do while
    /// other tests start programs: a child inherits an ignored signal.
    public init(signals: [Int32] = InterruptMonitor.signals, ignoresBrokenPipes: Bool = true, response: Response) {
        var inherited: [(signal: Int32, action: sigaction)] = []
        var sources: [any DispatchSourceSignal] = []
        var queue: DispatchQueue?
        let counter = SignalCounter()
        for number in signals {
            var found = sigaction()
            sigaction(number, nil, &found)
            if Self.isIgnoring(found) { continue }
            inherited.append((number, found))
            switch response {
            case .call(let handler):
                // Ignored while watched: the dispatch source hears it, the default action would
                // end the process before the run could clean up.
                signal(number, SIG_IGN)
                if queue == nil { queue = DispatchQueue(label: "squeeze.interrupts") }
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler { handler(number, counter.increment()) }
                source.resume()
                sources.append(source)
            case .exit:
                var action = sigaction()
                action.__sigaction_handler.sa_handler = { _ in _exit(130) }
                sigemptyset(&action.sa_mask)
                action.sa_flags = 0
                sigaction(number, &action, nil)
            }
        }
        self.inherited = inherited
        self.sources = sources
        // A signal the process was started with blocked (not ignored: the parent's thread had
        // it blocked, as libdispatch's threads have) would never reach the handler, where the
        // dispatch sources read it all the same (`signalfd`): with `.exit`, the calling thread
        // takes them (and any thread it starts, which inherits its mask; whichever thread runs
        // the handler, the process ends).
        if case .exit = response {
            var watched = sigset_t(), previous = sigset_t()
            sigemptyset(&watched)
            for entry in inherited { sigaddset(&watched, entry.signal) }
            pthread_sigmask(SIG_UNBLOCK, &watched, &previous)
            inheritedMask = previous
        } else {
            inheritedMask = nil
        }
        // A closed pipe for the report must be an error to handle, not death by SIGPIPE. It stays
        // ignored for the rest of the process, which prints its report after the run: it is not
        // one of the run's signals.
        if ignoresBrokenPipes { signal(SIGPIPE, SIG_IGN) }
    }

    /// Stops watching and puts back the actions the signals had (and, with `.exit`, the mask of
    /// the thread that made the monitor, which calls this).
    public func stop() {
        for source in sources { source.cancel() }
        for var entry in inherited { sigaction(entry.signal, &entry.action, nil) }
        if var mask = inheritedMask { pthread_sigmask(SIG_SETMASK, &mask, nil) }
    }

    /// Whether `action` ignores its signal. (C function pointers are not `Equatable` in Swift:
    /// `SIG_IGN` is the address 1.)
    private static func isIgnoring(_ action: sigaction) -> Bool {
        guard let handler = action.__sigaction_handler.sa_handler else { return false }
        return action.sa_flags & SA_SIGINFO == 0 && unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}

/// Counts signals; touched only on the monitor's serial queue.
private final class SignalCounter: @unchecked Sendable {
    private var count = 0
    func increment() -> Int {
        count += 1
        return count
    }
}
