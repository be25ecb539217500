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
/// `slot`). Where no candidate comes for `forcedInterval` bytes, the multiple of
/// `forcedInterval` there is one. Members are then never longer than `longestMember`.
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
        candidateBits = max(8, Int.bitWidth - 1 - blockSize.leadingZeroBitCount)
        slot = Int64(max(blockSize / 4, 1))
        forcedInterval = 4 * Int64(blockSize)
    }

    /// No member is longer: a candidate always has a boundary at most `slot` before it, and
    /// each stretch of `forcedInterval` ending at one of its multiples has a candidate or is forced.
    var longestMember: Int64 { 2 * forcedInterval + slot }

    /// Evaluates positions in order from where it starts: each byte fed moves to the next
    /// position, which it says is a boundary or not. Started at the file's start, its answers are
    /// the rules'; started later, they are from `slot` past `candidatesKnownFrom` on, but for the
    /// forced rule where it looks back before that (`forcedRuleReachesBack`).
    struct Scanner {
        let rules: ContentBoundaries
        private var hash: UInt64 = 0
        /// The offset of the next byte.
        private(set) var position: Int64
        private var lastCandidate: Int64 = .min / 2
        /// Candidates from here on are known: the hash covers 64 real bytes, or the file's start.
        let candidatesKnownFrom: Int64

        init(rules: ContentBoundaries, at position: Int64) {
            self.rules = rules
            self.position = position
            candidatesKnownFrom = position == 0 ? 0 : position + ContentBoundaries.hashWindow
        }

        /// What a position is.
        enum Verdict {
            case inside
            /// A candidate that is a boundary.
            case candidate
            /// A multiple of the forced interval with no candidate seen in the interval before it.
            case forced
        }

        /// Feeds `byte`; says what the position after it is (before any file length is applied:
        /// callers take positions strictly inside the data only).
        mutating func feed(_ byte: UInt8) -> Verdict {
            hash = hash << 1 &+ ContentBoundaries.gear[Int(byte)]
            position += 1
            if hash >> UInt64(64 - rules.candidateBits) == 0 && position >= candidatesKnownFrom {
                let isBoundary = lastCandidate <= position - rules.slot || lastCandidate < position / rules.slot * rules.slot
                lastCandidate = position
                if isBoundary { return .candidate }
            }
            return isForcedPosition && lastCandidate <= position - rules.forcedInterval ? .forced : .inside
        }

        /// Whether the current position is a multiple of the forced interval.
        var isForcedPosition: Bool { position % rules.forcedInterval == 0 }

        /// Whether the forced rule's look back from the current position reaches before what
        /// this scanner knows of candidates.
        var forcedRuleReachesBack: Bool { position - rules.forcedInterval + 1 < candidatesKnownFrom }

        /// Whether a candidate was seen since `offset` (inclusive).
        func sawCandidate(since offset: Int64) -> Bool { lastCandidate >= offset }
    }

    /// The boundaries in `[start, end)` of a file of `fileSize` bytes (0 and `fileSize` are no
    /// boundaries), and the first one at or past `end` (or `fileSize`): what a block of the file
    /// needs to encode the members that start in it. `read(offset, count)` gives the file's
    /// bytes (fewer only at its end); reads reach `slot` and the hash's 64 bytes before `start`,
    /// on past `end` to the next boundary (at most `longestMember`), and where a multiple of
    /// `forcedInterval` needs it, further back until a candidate is found.
    func boundaries(
        from start: Int64, to end: Int64, fileSize: Int64, read: (Int64, Int) throws -> [UInt8]
    ) throws -> (inside: [Int64], next: Int64) {
        let scanStart = max(0, start - slot - Self.hashWindow)
        var scanner = Scanner(rules: self, at: scanStart)
        var inside: [Int64] = []
        let chunk = 1 << 20
        var offset = scanStart
        while offset < fileSize {
            let bytes = try read(offset, Int(min(Int64(chunk), fileSize - offset)))
            if bytes.isEmpty { break }
            for byte in bytes {
                let verdict = scanner.feed(byte)
                let position = scanner.position
                guard verdict != .inside, position >= start, position < fileSize else { continue }
                // The scanner saw no candidate in the interval, but it started inside it: the
                // candidates before it are looked for.
                if verdict == .forced && scanner.forcedRuleReachesBack {
                    guard try !hasCandidate(from: position - forcedInterval + 1, before: scanner.candidatesKnownFrom, read: read) else {
                        continue
                    }
                }
                if position >= end { return (inside, position) }
                inside.append(position)
            }
            offset += Int64(bytes.count)
        }
        return (inside, fileSize)
    }

    /// Whether a candidate lies at a position in `[first, before)`; stops at the first found.
    private func hasCandidate(from first: Int64, before: Int64, read: (Int64, Int) throws -> [UInt8]) throws -> Bool {
        let first = max(first, 1)
        guard first < before else { return false }
        var scanner = Scanner(rules: self, at: max(0, first - Self.hashWindow))
        var offset = scanner.position
        let chunk = 1 << 20
        while offset < before {
            let bytes = try read(offset, Int(min(Int64(chunk), before - offset)))
            if bytes.isEmpty { return false }
            for byte in bytes {
                _ = scanner.feed(byte)
                if scanner.position >= first && scanner.sawCandidate(since: scanner.position) { return true }
                if scanner.position >= before { return false }
            }
            offset += Int64(bytes.count)
        }
        return false
    }
}
