import Glibc

/// A byte array per thread, reused by whatever reads a small file whole on that thread (compress:
/// a worker reads file after file into it), so that a tiny file costs no allocation for its
/// bytes. One per thread, made at its first use and freed when the thread
/// ends; by value in a thread-specific slot, so that reaching it takes no reference count and no
/// exclusivity check.
enum ScratchBytes {
    /// Arrays that grew past this (a file that turned out larger than its `stat` said) are not
    /// kept: a thread keeps at most this much.
    static let keptCapacity = 256 << 10

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let created = pthread_key_create(&key) { slot in
            guard let bytes = slot?.assumingMemoryBound(to: [UInt8].self) else { return }
            bytes.deinitialize(count: 1)
            bytes.deallocate()
        }
        precondition(created == 0, "out of thread-specific keys")
        return key
    }()

    /// Calls `body` with the calling thread's array (its content is whatever the last user left).
    /// Not reentrant: `body` must not call this again on the same thread.
    static func withCallingThreads<Result>(_ body: (inout [UInt8]) throws -> Result) rethrows -> Result {
        let bytes: UnsafeMutablePointer<[UInt8]>
        if let slot = pthread_getspecific(key) {
            bytes = slot.assumingMemoryBound(to: [UInt8].self)
        } else {
            bytes = .allocate(capacity: 1)
            bytes.initialize(to: [])
            pthread_setspecific(key, bytes)
        }
        defer { if bytes.pointee.capacity > keptCapacity { bytes.pointee = [] } }
        return try body(&bytes.pointee)
    }
}
