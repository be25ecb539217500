import Glibc

/// A value behind a `pthread_mutex`: the lock for state that several threads update.
///
/// Why not `Synchronization.Mutex`: on Linux it is a priority-inheritance futex, and when
/// threads contend the kernel hands the lock over inside `FUTEX_LOCK_PI`, where ThreadSanitizer
/// cannot see it. A TSan run then reports races in every contended critical section (false
/// ones, but they would hide a real one). TSan intercepts `pthread_mutex_lock`.
///
/// The value and its mutex share one allocation (`LockedStorage`): every file's task has a lock,
/// and a second allocation for the mutex alone cost a `malloc` and a `free` per file. Copies of a
/// `Locked` share the one value.
public struct Locked<Value> {
    private let storage: LockedStorage<Value>

    public init(_ value: Value) {
        storage = LockedStorage.make(value)
    }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { value, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            // Through the buffer's pointer: no runtime exclusivity check (`swift_beginAccess`) of
            // each access, which the mutex makes exclusive already.
            return try body(&value.pointee)
        }
    }
}

/// A `Locked` value (the buffer's header) and its `pthread_mutex_t` (its one element): the
/// element's address never changes, as an initialised mutex requires.
private final class LockedStorage<Value>: ManagedBuffer<Value, pthread_mutex_t> {
    static func make(_ value: Value) -> LockedStorage<Value> {
        let storage = unsafeDowncast(create(minimumCapacity: 1) { _ in value }, to: LockedStorage<Value>.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutex, nil)
        }
        return storage
    }

    deinit {
        withUnsafeMutablePointerToElements { mutex in
            pthread_mutex_destroy(mutex)
            mutex.deinitialize(count: 1)
        }
    }
}

/// `@unchecked Sendable`: the value is read and written only between `pthread_mutex_lock` and
/// `pthread_mutex_unlock` on its mutex, in `withLock`, and it is `Sendable` itself, so what
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
