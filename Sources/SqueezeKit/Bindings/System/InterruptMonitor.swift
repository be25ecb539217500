import Dispatch
import Glibc

/// Turns SIGINT, SIGTERM and SIGHUP into calls of a handler on a private queue (dispatch signal
/// sources: no code runs in signal context), with how many signals have arrived so far.
///
/// A signal the process was started with ignored stays ignored and is not watched, as gzip checks
/// for `SIG_IGN` first: `nohup squeeze …` survives its hangup, and a job a shell started in the
/// background (SIGINT ignored) is not stopped by the terminal's Ctrl-C. `stop()` puts back exactly
/// the actions found (a handler a library caller installed included), not the default.
public final class InterruptMonitor: Sendable {
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// `DispatchSourceSignal` is used only through its thread-safe `resume`/`cancel`.
    private nonisolated(unsafe) let sources: [any DispatchSourceSignal]
    /// The action each watched signal had before, to be put back as it was. (`sigaction` holds a
    /// C function pointer and a mask: plain values, read only by `stop`.)
    private nonisolated(unsafe) let inherited: [(signal: Int32, action: sigaction)]

    /// `signals` and `ignoresBrokenPipes` are for the monitor's own tests, which must not change
    /// what the signals a test process sends its children (INT, TERM, HUP) or SIGPIPE do while
    /// other tests start programs: a child inherits an ignored signal.
    public init(
        signals: [Int32] = InterruptMonitor.signals, ignoresBrokenPipes: Bool = true,
        handler: @escaping @Sendable (_ signal: Int32, _ count: Int) -> Void
    ) {
        let counter = SignalCounter()
        let queue = DispatchQueue(label: "squeeze.interrupts")
        var inherited: [(signal: Int32, action: sigaction)] = []
        var sources: [any DispatchSourceSignal] = []
        for number in signals {
            var found = sigaction()
            sigaction(number, nil, &found)
            if Self.isIgnoring(found) { continue }
            inherited.append((number, found))
            // Ignored while watched: the dispatch source hears it, the default action would end the
            // process before the run could clean up.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number, counter.increment()) }
            source.resume()
            sources.append(source)
        }
        self.inherited = inherited
        self.sources = sources
        // A closed pipe for the report must be an error to handle, not death by SIGPIPE. It stays
        // ignored for the rest of the process, which prints its report after the run: it is not
        // one of the run's signals.
        if ignoresBrokenPipes { signal(SIGPIPE, SIG_IGN) }
    }

    /// Stops watching and puts back the actions the signals had.
    public func stop() {
        for source in sources { source.cancel() }
        for var entry in inherited { sigaction(entry.signal, &entry.action, nil) }
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
