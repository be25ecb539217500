/// The CRC-32 of the last member decoded, from the decoded bytes as they reach the
/// sink and the members' ends as the decoder announces them (`verified`). The sink lags: the
/// decoder hands on its buffer when it is full or the file ends, so a member's end is announced
/// before (or as) its last bytes arrive, never after the next member's first.
struct LastMemberChecksum {
    private(set) var checksum: UInt32 = 0
    /// Decoded bytes taken so far, and the CRC-32 of those of the member they are in.
    private var position: Int64 = 0
    private var running: UInt32 = 0
    /// Ends announced that the bytes have not reached yet, in order, from `nextEnd` on (as many
    /// as members end in one buffer of the decoder's: thousands, for tiny members).
    private var pendingEnds: [Int64] = []
    private var nextEnd = 0

    mutating func memberEnds(at end: Int64) {
        pendingEnds.append(end)
        closeMembersEndingHere()
    }

    mutating func take(_ bytes: UnsafeRawBufferPointer) {
        var rest = bytes
        while !rest.isEmpty {
            let end = nextEnd < pendingEnds.count ? pendingEnds[nextEnd] : nil
            let count = end.map { Int(min(Int64(rest.count), $0 - position)) } ?? rest.count
            running = CRC32.update(running, UnsafeRawBufferPointer(rebasing: rest.prefix(count)))
            position += Int64(count)
            rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst(count))
            closeMembersEndingHere()
        }
    }

    private mutating func closeMembersEndingHere() {
        while nextEnd < pendingEnds.count, pendingEnds[nextEnd] == position {
            (checksum, running) = (running, 0)
            nextEnd += 1
        }
        if nextEnd == pendingEnds.count {
            pendingEnds.removeAll(keepingCapacity: true)
            nextEnd = 0
        }
    }
}
