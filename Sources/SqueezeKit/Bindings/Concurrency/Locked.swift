import Glibc

/// A value behind a `pthread_mutex`: the lock for state that several threads update.
///
/// Why not `Synchronization.Mutex`: on Linux it is a priority-inheritance futex, and when
/// threads contend the kernel hands the lock over inside `FUTEX_LOCK_PI`, where ThreadSanitizer
/// cannot see it. A TSan run then reports races in every contended critical section (false
/// ones, but they would hide a real one). TSan intercepts `pthread_mutex_lock`.
public final class Locked<Value> {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Unchecked: the mutex makes every access exclusive already, and the runtime's check of each
    /// `inout` access (`swift_beginAccess`) cost about 75 instructions a lock, three locks a file
    /// in a resumed rerun.
    @exclusivity(unchecked) private var value: Value

    public init(_ value: Value) {
        self.value = value
        mutex = HeapMutex.make()
    }

    deinit { HeapMutex.free(mutex) }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

/// `@unchecked Sendable`: `value` is read and written only between `pthread_mutex_lock` and
/// `pthread_mutex_unlock` on `mutex`, in `withLock`, and it is `Sendable` itself, so what
/// `withLock` hands out may go to any thread. A holder of a value that is not `Sendable` (a task's
/// state holding its output file) states its own rule for sharing it, beside that state.
extension Locked: @unchecked Sendable where Value: Sendable {}

/// The `pthread_mutex_t` of `Locked` and of the channels' monitor: on the heap, because a mutex
/// must not move once initialised, and a Swift stored property may.
enum HeapMutex {
    static func make() -> UnsafeMutablePointer<pthread_mutex_t> {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        return mutex
    }

    static func free(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }
}
