import Glibc

/// A value behind a `pthread_mutex`: the lock for state that several threads update.
///
/// Why not `Synchronization.Mutex`: on Linux it is a priority-inheritance futex, and when
/// threads contend the kernel hands the lock over inside `FUTEX_LOCK_PI`, where ThreadSanitizer
/// cannot see it. A TSan run then reports races in every contended critical section (false
/// ones, but they would hide a real one). TSan intercepts `pthread_mutex_lock`.
///
/// `@unchecked Sendable`: `value` is read and written only between `pthread_mutex_lock` and
/// `pthread_mutex_unlock` on `mutex`, in `withLock`. `Value` need not be `Sendable` (a task's state
/// holds its output file, which is not), so the rule that makes that safe is the holder's: what
/// is not `Sendable` is used only inside `withLock`, or handed out of it once with the holder's
/// reference cleared (a move). Every such holder (the compression, decoding and archive tasks)
/// says which beside its state.
public final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
