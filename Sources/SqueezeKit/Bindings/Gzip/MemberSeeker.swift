/// Hops from member header to member header of a file whose members state their length (squeeze's
/// "SQ", BGZF's "BC") only as far as it is asked to: what finds the members holding a decoded byte
/// range without reading the headers past it, and, asked to go to the end, what
/// `MemberIndexWalker.walk()` builds a whole file's index with.
///
/// Members are kept in runs, as `MemberIndex` keeps them (one record per `runLimit` bytes, however
/// small the members), each with the decoded offset it starts at.
struct MemberSeeker {
    /// What lies at the frontier, past the last member found.
    enum Edge: Equatable {
        /// More members may follow: not looked at yet.
        case unexplored
        /// The members end exactly at the end of the file.
        case endOfFile
        /// Something that is not a member stating its length starts there: a plain gzip member,
        /// trailing bytes, or damage. Only a stream decoder can say which.
        case unindexed
    }

    let walker: MemberIndexWalker
    private var window: HeaderWindow
    private(set) var runs: [MemberRun] = []
    /// The decoded offset each run starts at, run for run.
    private(set) var decodedStarts: [Int64] = []
    private(set) var memberCount = 0
    private(set) var firstHeader: GzipHeader?
    /// The file offset just past the last member found, and the decoded bytes before it.
    private(set) var frontier: Int64 = 0
    private(set) var decodedFrontier: Int64 = 0
    private(set) var edge = Edge.unexplored

    init(walker: MemberIndexWalker) {
        self.walker = walker
        window = HeaderWindow(file: walker.file)
    }

    /// Hops on until the members found decode to more than `decodedOffset` bytes (nil: to the end
    /// of the file), or until the frontier is the end of the file or something unindexed.
    mutating func reach(decodedOffset: Int64?) throws {
        while edge == .unexplored {
            if let decodedOffset, decodedFrontier > decodedOffset { return }
            guard frontier < walker.fileSize else {
                edge = memberCount > 0 ? .endOfFile : .unindexed
                return
            }
            guard let member = try walker.member(at: frontier, window: &window) else {
                edge = .unindexed
                return
            }
            append(member)
        }
    }

    private mutating func append(_ member: ClaimedMember) {
        let (length, uncompressedLength) = (member.length, member.uncompressedLength)
        if firstHeader == nil { firstHeader = member.header }
        if let current = runs.last,
           current.length + current.uncompressedLength + length + uncompressedLength <= walker.runLimit {
            runs[runs.count - 1].length += length
            runs[runs.count - 1].uncompressedLength += uncompressedLength
            runs[runs.count - 1].memberCount += 1
        } else {
            runs.append(MemberRun(offset: frontier, length: length, uncompressedLength: uncompressedLength, memberCount: 1))
            decodedStarts.append(decodedFrontier)
        }
        memberCount += 1
        frontier += Int64(length)
        decodedFrontier += Int64(uncompressedLength)
    }

    /// The indices of the runs found so far that hold decoded bytes of `start..<end`.
    func runs(overlapping start: Int64, _ end: Int64) -> Range<Int> {
        guard start < end else { return 0..<0 }
        // The first run whose end is past `start`: binary search on the starts.
        var low = 0, high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if decodedStarts[middle] + Int64(runs[middle].uncompressedLength) <= start { low = middle + 1 } else { high = middle }
        }
        var upper = low
        while upper < runs.count && decodedStarts[upper] < end { upper += 1 }
        return low..<upper
    }
}
