import Glibc

/// The decoded bytes of a speculative stretch (or of an indexed run), in memory lent by a
/// `StretchBufferPool`: the stretch is decoded straight into it and written from it, and the
/// memory goes back to the pool when the stretch is freed (written, or dropped). Stretches so never allocate fresh arrays,
/// whose pages would be faulted in again for every stretch, and are never copied before writing.
/// A stretch decoded in lockstep keeps its second decoder's output in one too (`UnresolvedWindow`).
///
/// `@unchecked Sendable`: the memory belongs to one stretch at a time. The worker that decodes it
/// writes it before it hands the stretch on; from then on only the task's writer, under the task's
/// lock, reads it or resolves bytes in it (`ParallelDelivery.appending`).
final class StretchBuffer: @unchecked Sendable {
    let memory: UnsafeMutableRawBufferPointer
    /// Bytes decoded into `memory`, from its start.
    var count = 0
    private let pool: StretchBufferPool

    fileprivate init(memory: UnsafeMutableRawBufferPointer, pool: StretchBufferPool) {
        self.memory = memory
        self.pool = pool
    }

    deinit { pool.giveBack(memory) }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: memory[..<count]) }
    var mutableBytes: UnsafeMutableRawBufferPointer { UnsafeMutableRawBufferPointer(rebasing: memory[..<count]) }
}

/// The memory of a run's stretches, kept from stretch to stretch. It holds as many buffers as
/// stretches were ever in flight at once, which the window's credits bound (each stretch holds
/// `SpeculativeStretchDecoder.outputLimit` of them), whatever the size of the input; a buffer's
/// pages are faulted in once, up to what its largest stretch used.
///
/// `@unchecked Sendable`: `idle` is only reached under its lock; a buffer's memory is in the idle
/// list or owned by exactly one `StretchBuffer`, never both.
final class StretchBufferPool: @unchecked Sendable {
    private let idle = Locked<[UnsafeMutableRawBufferPointer]>([])
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    deinit {
        idle.withLock { $0.forEach { $0.deallocate() } }
    }

    /// An empty buffer of `capacity` bytes.
    func take() -> StretchBuffer {
        let memory = idle.withLock { $0.popLast() } ?? Self.allocate(capacity)
        return StretchBuffer(memory: memory, pool: self)
    }

    fileprivate func giveBack(_ memory: UnsafeMutableRawBufferPointer) {
        idle.withLock { $0.append(memory) }
    }
}

extension StretchBufferPool {
    /// Memory for decoded or compressed bytes that is used again and again, in huge pages where
    /// the kernel gives them (transparent huge pages in `madvise` mode): its first use faults in
    /// 2 MiB at a time, not 4 KiB (a stretch's buffer is some MB).
    static func allocate(_ count: Int) -> UnsafeMutableRawBufferPointer {
        let hugePage = 2 << 20
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: count >= hugePage ? hugePage : 64)
        if count >= hugePage { _ = madvise(memory.baseAddress, count, MADV_HUGEPAGE) }
        return memory
    }
}
