/// The storage of blocks a stream's workers are done with, handed back to the cutter that fills
/// the next ones. A block's storage freshly allocated is memory the kernel has to fault in page by
/// page as the block is filled, and glibc gives a freed block's memory back to the kernel as the
/// heap shrinks: reused instead, a stream's pages are faulted in once.
///
/// Holds at most `limit` arrays, so the memory it keeps is bounded by that many blocks beyond
/// those the run's window lets be in flight. Value semantics keep reuse safe: an array handed back
/// while its block is still referenced is copied on its next write rather than shared.
final class BlockStorageRecycler: Sendable {
    private let limit: Int
    private let spares = Locked<[[UInt8]]>([])

    init(limit: Int = 4) {
        precondition(limit >= 0)
        self.limit = limit
    }

    /// Keeps `storage` for the next block, unless `limit` are kept already.
    func giveBack(_ storage: [UInt8]) {
        spares.withLock { spares in
            if spares.count < limit { spares.append(storage) }
        }
    }

    /// An array handed back, its bytes as they were (the cutter writes over them in place, so
    /// that nothing is cleared or allocated again), or a new empty one.
    func take() -> [UInt8] {
        spares.withLock { $0.popLast() } ?? []
    }

    /// How many arrays are kept now.
    var count: Int { spares.withLock { $0.count } }
}
