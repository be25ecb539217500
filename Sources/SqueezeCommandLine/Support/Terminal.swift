import Dispatch
import Glibc
import SqueezeKit

/// The live progress line on standard error: a dispatch timer on a queue of its own reads the
/// collector's totals a few times a second and redraws the line in place; `stop()` erases it, so
/// whatever is printed next (the report, an interrupt message) starts on a clean line.
///
/// The timer reads `totals()`, a copy taken under the collector's lock: the workers never wait for
/// the display, and a redraw costs one short critical section. Records printed while the run goes
/// on (`printAbove`) erase the line first; the next frame draws it again below them.
///
/// Lock order: a record is printed from inside the collector's lock, which then takes `state`'s;
/// the timer takes the collector's lock (for the totals) and lets go of it before taking `state`'s.
///
/// `@unchecked Sendable`: `memberQueue_estimator` is touched only on `memberQueue`, which is
/// serial (by the timer's handler, which runs there, and inside `memberQueue.sync` in `start()`);
/// the lifecycle is behind a `Locked`, taken for every write to the terminal.
package final class ProgressDisplay: @unchecked Sendable {
    private let collector: any ResultRecording
    private let memberQueue = DispatchQueue(label: "squeeze.progress", qos: .utility)
    private let timer: any DispatchSourceTimer
    private let line = ProgressLine()
    private var memberQueue_estimator = ProgressEstimator()
    private let state = Locked(State.idle)

    /// Lifecycle: drawn only while running; stopped for good.
    private enum State {
        case idle
        case running(isDrawn: Bool)
        case stopped
    }

    package init(collector: any ResultRecording, interval: DispatchTimeInterval = .milliseconds(250)) {
        self.collector = collector
        timer = DispatchSource.makeTimerSource(queue: memberQueue)
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(50))
        timer.setEventHandler { [weak self] in self?.memberQueue_draw() }
    }

    /// Draws the first frame at once (a long scan shows "scanning…" rather than nothing), then
    /// one per interval.
    package func start() {
        memberQueue.sync {
            state.withLock { state in
                guard case .idle = state else { preconditionFailure("progress display started twice") }
                state = .running(isDrawn: false)
            }
            memberQueue_draw()
        }
        timer.resume()
    }

    /// Runs `print` with the line erased, if drawn; the next frame draws it again.
    package func printAbove(_ print: () -> Void) {
        state.withLock { state in
            if case .running(isDrawn: true) = state {
                StatusLine.erase()
                state = .running(isDrawn: false)
            }
            print()
        }
    }

    /// Stops redrawing and erases the line; safe to call more than once and from any thread
    /// (an interrupt stops it before the run has ended).
    package func stop() {
        state.withLock { state in
            switch state {
            case .idle:
                timer.resume()  // a suspended source must be resumed before it is cancelled
                timer.cancel()
            case .running(let isDrawn):
                timer.cancel()
                if isDrawn { StatusLine.erase() }
            case .stopped:
                return
            }
            state = .stopped
        }
    }

    private func memberQueue_draw() {
        let reading = memberQueue_estimator.observe(collector.totals(), at: MonotonicClock.now())
        state.withLock { state in
            guard case .running = state else { return }
            StatusLine.show(line.format(reading, width: StatusLine.width))
            state = .running(isDrawn: true)
        }
    }
}

/// A line on standard error that is redrawn in place and erased before anything else is printed.
package enum StatusLine {
    /// Columns the line may take: one short of the terminal's width, as a full line wraps on
    /// some terminals.
    package static var width: Int { max(TerminalSize.columns(of: STDERR_FILENO) - 1, 0) }

    /// Replaces the line with `text`, cut to `width`.
    package static func show(_ text: String) {
        write("\r\(String(text.prefix(width)))\u{1B}[K")
    }

    /// Erases the line and leaves the cursor at its start.
    package static func erase() { write("\r\u{1B}[K") }

    /// One write per call, so a frame is never split by other output.
    private static func write(_ text: String) {
        StandardStreams.message(text)
    }
}

/// The size of the terminal a descriptor writes to.
package enum TerminalSize {
    /// Columns of the terminal on `descriptor`; `COLUMNS`, or 80, when it is not a terminal.
    package static func columns(of descriptor: Int32) -> Int {
        var size = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = getenv("COLUMNS").flatMap({ Int(String(cString: $0)) }), columns > 0 { return columns }
        return 80
    }

    package static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }
}
