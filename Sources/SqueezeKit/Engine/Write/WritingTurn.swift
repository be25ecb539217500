/// A task's blocks, finished in any order, put back in order and written by one thread at a time
/// outside the task's lock: the writing turn. What every ordered output shares: a compressed
/// file or stream (`OrderedGzipWriter`), a file decoded in parallel, the members read from a pipe.
///
/// A worker whose block is next in order while nobody writes takes the turn and writes every block
/// in order that is there, including those others leave meanwhile; any other worker leaves its
/// block and goes back to work, never waiting for another block's write. The turn is taken and
/// given back under the task's lock, which orders each holder after the one before: what only the
/// holder touches (the output) needs no lock of its own. (A file of one block, whose one thread
/// owns its writer, takes and gives back the turn with no lock: `OrderedGzipWriter.writeAlone`.)
struct WritingTurn<Block> {
    private var blocks = BlockReorderBuffer<Block>()
    /// Whether a thread holds the turn.
    private(set) var isHeld = false

    /// Blocks written or dropped so far (all of them come before any that waits).
    var blocksPassed: Int { blocks.nextIndex }

    /// Takes block `index` (nil: dropped). True when the caller is to take the turn: the next
    /// block in order is there and nobody writes.
    mutating func insert(_ block: Block?, at index: Int) -> Bool {
        blocks.insert(block, at: index)
        guard !isHeld && blocks.hasNext else { return false }
        isHeld = true
        return true
    }

    /// For the turn's holder: the next block in order (nil: it was dropped), or nil, and the turn
    /// ends, when it is not there yet.
    mutating func nextInOrder() -> (index: Int, block: Block?)? {
        precondition(isHeld, "a block taken without the writing turn")
        let index = blocks.nextIndex
        guard let next = blocks.popNext() else {
            isHeld = false
            return nil
        }
        return (index, next)
    }
}

extension WritingTurn: Sendable where Block: Sendable {}

/// A task's state that puts its blocks in order with a `WritingTurn`.
protocol WritingTurnHolder {
    associatedtype Block
    /// `WritingTurn.insert`, on the state's turn.
    mutating func insert(_ block: Block?, at index: Int) -> Bool
    /// `WritingTurn.nextInOrder`, on the state's turn.
    mutating func nextInOrder() -> (index: Int, block: Block?)?
}

extension Locked where Value: WritingTurnHolder {
    /// Hands block `index` (nil: dropped) to the task's ordered output. If the block is next in
    /// order and nobody is writing, this thread takes the writing turn and, for every block in
    /// order that is there (including those others leave meanwhile): `take`s it under the lock
    /// (what to write, with what only the holder touches moved out of the state), `write`s it
    /// outside the lock, and hands what came of it to `passed` under the lock (where its window
    /// credits go back: only once it is written). Else returns at once. True when the turn ends
    /// with `isComplete` (the task is then to finish, and exactly one deposit sees it).
    func depositInOrder<Write, Written>(
        _ block: Value.Block?, at index: Int,
        take: (inout Value, _ index: Int, _ block: Value.Block?) -> Write,
        write: (Write) -> Written,
        passed: (inout Value, _ index: Int, Written) -> Void,
        isComplete: (Value) -> Bool
    ) -> Bool {
        guard withLock({ $0.insert(block, at: index) }) else { return false }
        var written: (index: Int, outcome: Written)?
        while true {
            let step = withLock { value -> WritingStep<Write> in
                if let written { passed(&value, written.index, written.outcome) }
                guard let next = value.nextInOrder() else { return .ended(isComplete: isComplete(value)) }
                return .write(take(&value, next.index, next.block), at: next.index)
            }
            switch step {
            case .ended(let isComplete):
                return isComplete
            case .write(let work, let index):
                written = (index, write(work))
            }
        }
    }
}

/// What the holder of the writing turn does next.
private enum WritingStep<Write> {
    /// Writes (or passes by) block `index`, outside the lock.
    case write(Write, at: Int)
    /// Nothing in order is there: the turn is given back.
    case ended(isComplete: Bool)
}
