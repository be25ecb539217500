/// How the window an index keeps for a checkpoint compares with the 32 KiB really decoded before
/// it, aligned at their ends.
enum CheckpointWindowMatch: Equatable {
    /// Every byte the same, and only zeros in the index's before the start of the data.
    case same
    /// The same but where the index has zeros (rapidgzip drops the bytes no distance reaches):
    /// not a lie, but what was decoded with it is not known to be right.
    case sameWhereKept
    /// A byte the index kept differs: the index does not describe this data.
    case differs

    init(decoded: UnsafeRawBufferPointer, stored: [UInt8]) {
        let count = min(decoded.count, stored.count)
        let storedTail = stored.count - count, decodedTail = decoded.count - count
        guard stored[..<storedTail].allSatisfy({ $0 == 0 }) else {
            self = .differs
            return
        }
        var match = CheckpointWindowMatch.same
        for offset in 0..<count where stored[storedTail + offset] != decoded[decodedTail + offset] {
            guard stored[storedTail + offset] == 0 else {
                self = .differs
                return
            }
            match = .sameWhereKept
        }
        self = match
    }
}
