/// The block searches of one file's stretches, shared between them: a stretch searches the bits
/// just past its range's end for a block it may stop at, and the stretch after it searches the
/// very same bits for a block to start from. Whichever searches first records what it found, in
/// file bits, and the other takes the answer (the search cost 4% of the CPU of a single member,
/// half of it spent searching bits a neighbour had searched already).
///
/// A search's answer depends only on the file's bytes (`DynamicBlockCandidate.first` looks at no
/// bit before `from`, and a caller never asks about bits whose header could run past what it has
/// read), so an answer recorded by one stretch is the one the other would have found. And were it
/// not, a wrong start or stop could still never change a byte of the output: a stretch is only
/// delivered where the one before it ended, to the bit.
///
/// Only the most recent searches are kept (`capacity`): stretches in flight lie close together,
/// and the memory stays the same whatever the size of the file.
final class SharedBlockSearches: Sendable {
    /// One search: no candidate lies in `from..<(found ?? before)`, and `found`, if any, is one.
    struct Search: Equatable, Sendable {
        var from: Int64
        var before: Int64
        var found: Int64?
    }

    static let capacity = 64
    private let searches = Locked<(recent: [Search], answered: Int)>(([], 0))

    /// How many searches were answered from another's (for tests).
    var answered: Int { searches.withLock { $0.answered } }

    /// The first candidate in file bits `from..<before`, answered from a recorded search that
    /// covered those bits, or found by `search` (the same question in the caller's own bytes)
    /// and recorded.
    func first(fromBit from: Int64, beforeBit before: Int64, search: () -> Int64?) -> Int64? {
        let known: Int64?? = searches.withLock { state in
            for recorded in state.recent.reversed() {
                guard let answer = Self.answer(from: from, before: before, by: recorded) else { continue }
                state.answered += 1
                return answer
            }
            return nil
        }
        if let known { return known }
        let found = search()
        searches.withLock { state in
            if state.recent.count == Self.capacity { state.recent.removeFirst() }
            state.recent.append(Search(from: from, before: before, found: found))
        }
        return found
    }

    /// What `recorded` says of the first candidate in `from..<before`: `.some(bit)` or `.some(nil)`
    /// (none there) when it covered those bits, nil when it cannot tell.
    static func answer(from: Int64, before: Int64, by recorded: Search) -> Int64?? {
        guard recorded.from <= from else { return nil }
        if let found = recorded.found {
            guard found >= from else { return nil }
            if found < before { return .some(found) }
            // No candidate up to `found`: none in the bits asked, if they end before it.
            return before <= found ? .some(nil) : nil
        }
        return recorded.before >= before ? .some(nil) : nil
    }
}
