/// Where `--rsyncable` starts a file's members: at places its bytes choose, not at multiples of
/// the block size, so that bytes inserted or removed change only the members around them and the
/// rest of the output stays the same bytes at shifted offsets, which rsync (and any
/// content-defined deduplication) then finds.
///
/// A gear hash of the 64 bytes before each position (`hash = hash << 1 + gear[byte]`) makes the
/// position a candidate when its top `log2(blockSize)` bits are zero: one position in about
/// `blockSize` of varied data. A candidate is a boundary if no candidate came in the `slot` bytes
/// before it, or if it is the first in its `slot`-aligned stretch (so that data with candidates
/// close together, such as a repeated pattern that happens to match, still gets one every
/// `slot`). Where no candidate comes for `forcedInterval` bytes, a weak candidate (four bits
/// fewer: sixteen times as many) is one if it is the first in its `slot`-aligned stretch: still
/// chosen by the bytes, so that such a stretch, shifted, is cut alike. Only where neither comes
/// for `forcedInterval` bytes (a run of one byte, a short pattern repeated: the same bytes
/// wherever they are cut) is the multiple of `forcedInterval` there one. Members are then never
/// longer than `longestMember`.
///
/// Each rule looks back a bounded distance and never at the previous boundary, so whether a
/// position is a boundary depends on the bytes near it alone: a file's blocks find their own
/// members' starts in parallel (`boundaries(from:to:fileSize:read:)`), and a stream read in
/// order (`Scanner`) finds the same ones, so both compress to the same bytes.
struct ContentBoundaries: Sendable {
    /// How many bytes the hash covers: a shift of 64 bits pushes older bytes out.
    static let hashWindow: Int64 = 64

    /// A fixed pseudo-random value per byte. Changing it changes every rsyncable output. No
    /// byte repeated gives a candidate: a run of one byte hashes to `0 &- gear[byte]`, whose top
    /// bit is set when `gear[byte]`'s is clear.
    static let gear: [UInt64] = {
        var generator = SplitMix64(seed: 0x7273_796E_6361_626C)
        return (0..<256).map { _ in generator.next() & ~(1 << 63) | 1 }
    }()

    let candidateBits: Int
    let slot: Int64
    let forcedInterval: Int64

    /// For members of about `blockSize` bytes on average, in the varied data that has candidates.
    init(blockSize: Int) {
        candidateBits = max(12, Int.bitWidth - 1 - blockSize.leadingZeroBitCount)
        slot = Int64(max(blockSize / 4, 1))
        forcedInterval = 4 * Int64(blockSize)
    }

    /// The bits a weak candidate has zero.
    var weakCandidateBits: Int { candidateBits - 4 }

    /// No member is longer: a (weak) candidate has a boundary at most `slot` before it unless a
    /// candidate came less than `forcedInterval` before, and each stretch of `forcedInterval`
    /// ending at one of its multiples has a candidate, a weak one, or is forced.
    var longestMember: Int64 { 3 * forcedInterval + 2 * slot }

    /// Evaluates positions in order from where it starts: each byte fed moves to the next
    /// position, which it says is a boundary or not. Started at the file's start, its answers are
    /// the rules'; started later, they are from `slot` past `candidatesKnownFrom` on, but for the
    /// forced rule where it looks back before that (which `boundaries` checks apart).
    struct Scanner {
        let rules: ContentBoundaries
        private var hash: UInt64 = 0
        /// The offset of the next byte.
        private(set) var position: Int64
        private var lastCandidate: Int64 = .min / 2
        private var lastWeakCandidate: Int64 = .min / 2
        /// The next multiple of the forced interval (counted to, rather than divided by, per byte).
        private var nextForcedPosition: Int64
        /// Candidates from here on are known: the hash covers 64 real bytes, or the file's start.
        let candidatesKnownFrom: Int64

        init(rules: ContentBoundaries, at position: Int64) {
            self.rules = rules
            self.position = position
            nextForcedPosition = (position / rules.forcedInterval + 1) * rules.forcedInterval
            candidatesKnownFrom = position == 0 ? 0 : position + ContentBoundaries.hashWindow
        }

        /// Why a position is a boundary.
        enum Verdict {
            /// A candidate with none in the `slot` before it, or the first in its stretch.
            case candidate
            /// A weak candidate, first in its stretch, with no candidate in the interval before.
            case weak
            /// A multiple of the forced interval with no candidate, weak or not, in the interval
            /// before it.
            case forced
        }

        /// Feeds `bytes` in order, calling `found` with each position that is a boundary by the
        /// rules (before any file length is applied: callers take positions strictly inside the
        /// data only), until it returns false; returns how many bytes were fed. The loop per byte
        /// is a table load, a shift and an add, and two compares, on local copies of the state.
        mutating func scan(_ bytes: UnsafeRawBufferPointer, found: (Verdict, Int64) throws -> Bool) rethrows -> Int {
            let (weakShift, shift) = (UInt64(64 - rules.weakCandidateBits), UInt64(64 - rules.candidateBits))
            let (slot, interval, knownFrom) = (rules.slot, rules.forcedInterval, candidatesKnownFrom)
            var (hash, position, nextForced) = (self.hash, self.position, nextForcedPosition)
            var (lastCandidate, lastWeak) = (self.lastCandidate, lastWeakCandidate)
            defer {
                (self.hash, self.position, nextForcedPosition) = (hash, position, nextForced)
                (self.lastCandidate, lastWeakCandidate) = (lastCandidate, lastWeak)
            }
            return try ContentBoundaries.gear.withUnsafeBufferPointer { gear in
                for index in 0..<bytes.count {
                    hash = hash << 1 &+ gear[Int(bytes[index])]
                    position &+= 1
                    var verdict: Verdict?
                    if hash >> weakShift == 0 && position >= knownFrom {
                        let stretch = position / slot * slot
                        if hash >> shift == 0 {
                            if lastCandidate <= position - slot || lastCandidate < stretch { verdict = .candidate }
                            lastCandidate = position
                        } else if lastWeak < stretch && lastCandidate <= position - interval {
                            verdict = .weak
                        }
                        lastWeak = position
                    }
                    if position == nextForced {
                        nextForced += interval
                        if verdict == nil && lastWeak <= position - interval { verdict = .forced }
                    }
                    if let verdict, try !found(verdict, position) { return index + 1 }
                }
                return bytes.count
            }
        }

        /// Whether a candidate (or, if `weak`, a weak one) was seen since `offset` (inclusive).
        func sawCandidate(since offset: Int64, weak: Bool = false) -> Bool { (weak ? lastWeakCandidate : lastCandidate) >= offset }
    }

    /// The boundaries in `[start, end)` of a file of `fileSize` bytes (0 and `fileSize` are no
    /// boundaries), and the first one at or past `end` (or `fileSize`): what a block of the file
    /// needs to encode the members that start in it. `read(offset, count)` gives the file's
    /// bytes (fewer only at its end); reads reach `slot` and the hash's 64 bytes before `start`,
    /// on past `end` to the next boundary (at most `longestMember`), and where a weak candidate or
    /// a multiple of `forcedInterval` needs it, further back until a candidate is found.
    func boundaries(
        from start: Int64, to end: Int64, fileSize: Int64, read: (Int64, Int) throws -> [UInt8]
    ) throws -> (inside: [Int64], next: Int64) {
        let scanStart = max(0, start - slot - Self.hashWindow)
        var scanner = Scanner(rules: self, at: scanStart)
        let knownFrom = scanner.candidatesKnownFrom
        var inside: [Int64] = []
        let chunk = 1 << 20
        var offset = scanStart
        var next: Int64?
        while offset < fileSize && next == nil {
            let bytes = try read(offset, Int(min(Int64(chunk), fileSize - offset)))
            if bytes.isEmpty { break }
            _ = try bytes.withUnsafeBytes { buffer in
                try scanner.scan(buffer) { verdict, position in
                    guard position >= start, position < fileSize else { return true }
                    // The scanner saw no candidate in the interval, but it started inside it: the
                    // candidates before it are looked for (for a forced position, weak ones too).
                    if verdict != .candidate && position - forcedInterval + 1 < knownFrom,
                       try hasCandidate(from: position - forcedInterval + 1, before: knownFrom, weak: verdict == .forced, read: read) {
                        return true
                    }
                    if position >= end {
                        next = position
                        return false
                    }
                    inside.append(position)
                    return true
                }
            }
            offset += Int64(bytes.count)
        }
        return (inside, next ?? fileSize)
    }

    /// Whether a candidate (or, if `weak`, a weak one) lies at a position in `[first, before)`;
    /// stops soon after the first.
    private func hasCandidate(from first: Int64, before: Int64, weak: Bool, read: (Int64, Int) throws -> [UInt8]) throws -> Bool {
        let first = max(first, 1)
        guard first < before else { return false }
        var scanner = Scanner(rules: self, at: max(0, first - Self.hashWindow))
        var offset = scanner.position
        // Small reads: the search usually ends at the first candidate, a block's length away.
        let chunk = 64 << 10
        while offset < before {
            let bytes = try read(offset, Int(min(Int64(chunk), before - offset)))
            if bytes.isEmpty { return false }
            _ = bytes.withUnsafeBytes { scanner.scan($0) { _, _ in true } }
            // The last candidate only moves on: one at or past `first` so far is there now.
            if scanner.sawCandidate(since: first, weak: weak) { return true }
            offset += Int64(bytes.count)
        }
        return false
    }
}
