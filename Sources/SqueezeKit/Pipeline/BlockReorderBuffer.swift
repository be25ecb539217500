/// Puts blocks that finish in any order back in order: blocks go in by index, and come out
/// only as the next one in sequence is present. A nil block stands for one that was dropped
/// (after a failure or an interrupt) and still counts as passed.
struct BlockReorderBuffer<Block> {
    private var pending: [Int: Block?] = [:]
    /// The index of the next block to come out.
    private(set) var nextIndex = 0

    mutating func insert(_ block: Block?, at index: Int) {
        precondition(index >= nextIndex && pending[index] == nil, "block \(index) inserted twice")
        pending[index] = .some(block)
    }

    /// The next block in sequence if it is present (`.some(nil)` for a dropped one), else nil.
    mutating func popNext() -> Block?? {
        guard let block = pending.removeValue(forKey: nextIndex) else { return nil }
        nextIndex += 1
        return .some(block)
    }

    /// How many blocks wait for an earlier one.
    var waitingCount: Int { pending.count }
}
