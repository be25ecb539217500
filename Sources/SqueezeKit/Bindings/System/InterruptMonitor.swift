import Dispatch
import Glibc

/// Turns SIGINT, SIGTERM and SIGHUP into calls of a handler on a private queue (dispatch signal
/// sources: no code runs in signal context), with how many signals have arrived so far.
public final class InterruptMonitor: Sendable {
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// `DispatchSourceSignal` is used only through its thread-safe `resume`/`cancel`.
    private nonisolated(unsafe) let sources: [any DispatchSourceSignal]

    public init(handler: @escaping @Sendable (_ signal: Int32, _ count: Int) -> Void) {
        let counter = SignalCounter()
        let queue = DispatchQueue(label: "squeeze.interrupts")
        sources = Self.signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number, counter.increment()) }
            source.resume()
            return source
        }
        // A closed pipe for the report must be an error to handle, not death by SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
    }

    /// Stops watching and restores the default actions.
    public func stop() {
        for source in sources { source.cancel() }
        for number in Self.signals { signal(number, SIG_DFL) }
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
