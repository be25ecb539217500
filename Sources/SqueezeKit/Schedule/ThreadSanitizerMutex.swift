#if SQUEEZE_TSAN_MUTEX
import Glibc

/// A stand-in for `Synchronization.Mutex` in ThreadSanitizer runs only:
/// `scripts/test --sanitize=thread -Xswiftc -DSQUEEZE_TSAN_MUTEX`.
///
/// On Linux, `Mutex` locks with futexes inside the standard library, which is not instrumented,
/// so ThreadSanitizer cannot see that `withLock` orders accesses and reports every one of them as
/// a race (a ten-line program with one `Mutex` and four threads reproduces it). This class has the
/// same `withLock` and locks a `pthread_mutex_t`, which ThreadSanitizer intercepts; declared in
/// this module, it shadows the imported `Mutex` everywhere in SqueezeKit, so the run checks the
/// real code with a lock the tool understands.
///
/// `@unchecked Sendable`: `value` is touched only between `pthread_mutex_lock` and `unlock`.
final class Mutex<Value>: @unchecked Sendable {
    private var value: Value
    private let lock: UnsafeMutablePointer<pthread_mutex_t>

    init(_ value: Value) {
        self.value = value
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return try body(&value)
    }
}
#endif
