import CSystem
import Glibc

/// A thread of squeeze's own: started with `pthread_create`, named (as `ps -L` and `top -H` show
/// it), and joined with `pthread_join` for its result. Every thread squeeze starts is one of
/// these: none is detached, none hands its end over through a semaphore, so no run returns with
/// a thread of its own still going.
///
/// Lifecycle (`State`): running from `init` until `join()` takes the result, then joined. A second
/// `join`, or a thread dropped without one, stops the process: a thread nobody joins is work that
/// outlives the run that started it.
///
/// `@unchecked Sendable`: `state` is behind a `Locked`; `context.result` is written by the thread
/// before it ends and read only after `pthread_join` has returned, which orders the two.
public final class JoinableThread<Result: Sendable>: @unchecked Sendable {
    private let name: String
    private let context: Context
    private let state: Locked<State>

    private enum State {
        case running(pthread_t)
        case joined
    }

    /// What the thread runs, and its result once it has run.
    private final class Context: ThreadStart {
        let name: String
        let body: @Sendable () -> Result
        var result: Result?

        init(name: String, body: @escaping @Sendable () -> Result) {
            self.name = name
            self.body = body
        }

        func run() {
            let name = Array(name.utf8.prefix(JoinableThread.longestName)).map { CChar(bitPattern: $0) } + [0]
            squeeze_name_calling_thread(name)
            result = body()
        }
    }

    /// The longest name the kernel keeps for a thread (16 bytes with the terminating NUL).
    static var longestName: Int { 15 }

    /// Starts `body` on a new thread named `name` (cut to `longestName` bytes). A thread that
    /// cannot be made (the process is out of threads or memory) stops the process: nothing has
    /// been handed to it, and a run cannot go on without it.
    public init(name: String, _ body: @escaping @Sendable () -> Result) {
        self.name = name
        let context = Context(name: name, body: body)
        self.context = context
        state = Locked(.running(startThread(running: context, named: name)))
    }

    deinit {
        if case .running = state.withLock({ $0 }) { preconditionFailure("the thread \(name) was never joined") }
    }

    /// Waits for the thread to end and returns what its body returned. Once only.
    public func join() -> Result {
        let thread = state.withLock { state -> pthread_t in
            guard case .running(let thread) = state else { preconditionFailure("the thread \(name) joined twice") }
            state = .joined
            return thread
        }
        precondition(!pthread_equal(thread, pthread_self()).isTrue, "the thread \(name) would join itself")
        let code = pthread_join(thread, nil)
        precondition(code == 0, "cannot join the thread \(name): \(String(cString: strerror(code)))")
        guard let result = context.result else { preconditionFailure("the thread \(name) ended without a result") }
        return result
    }
}

extension Int32 {
    /// A C truth value (`pthread_equal`'s): nonzero is true.
    fileprivate var isTrue: Bool { self != 0 }
}

/// What a new thread runs: its start routine calls `run()` once.
private protocol ThreadStart: AnyObject {
    func run()
}

/// What `pthread_create` passes to the new thread: the thread owns it until it has run.
private final class ThreadStartBox {
    let start: any ThreadStart

    init(_ start: any ThreadStart) {
        self.start = start
    }
}

/// Starts a thread that runs `start`.
private func startThread(running start: any ThreadStart, named name: String) -> pthread_t {
    let argument = Unmanaged.passRetained(ThreadStartBox(start)).toOpaque()
    var thread = pthread_t()
    let code = pthread_create(&thread, nil, { argument in
        Unmanaged<ThreadStartBox>.fromOpaque(argument!).takeRetainedValue().start.run()
        return nil
    }, argument)
    if code != 0 {
        Unmanaged<ThreadStartBox>.fromOpaque(argument).release()
        preconditionFailure("cannot start the thread \(name): \(String(cString: strerror(code)))")
    }
    return thread
}
