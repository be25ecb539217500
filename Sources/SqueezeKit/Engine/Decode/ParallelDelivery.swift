/// Where the output written by a file's parallel path stands (indexed runs or speculative
/// stretches, delivered in order): how far into the file, to the bit, and what the streaming
/// decoder needs to take over from there when a part does not fit (`resumePoint`).
///
/// A stretch may end inside a member (at a flush point or block); the member's CRC-32 and length
/// are then combined from its parts as they are delivered, and checked against its trailer when
/// the part holding it comes (or by the stream, which goes on from the parts' sum). Bytes of a
/// member whose trailer has not been checked are written, as the streaming path writes them, but
/// `verifiedBytes` does not count them.
struct ParallelDelivery {
    /// Where the parts delivered so far end (bits of the byte at `end` already used, when they
    /// end at a block boundary inside a byte), and the decoded bytes written.
    private(set) var end: Int64 = 0
    private(set) var endBits = 0
    private(set) var bytes: Int64 = 0
    /// The last member boundary delivered.
    private(set) var lastMemberEnd = StreamResumePoint()
    /// The member the parts delivered so far end inside of.
    private var openMember: (checksum: UInt32, length: Int64)?
    /// The last decoded bytes written (up to 32 KiB): the window a part that starts at a block
    /// inside the open member was decoded without (`UnresolvedWindow`).
    private var window: [UInt8] = []

    /// The 32 KiB decoded before the file bit where the parts delivered so far end, when they end
    /// inside a member that long: the window a part starting there at a block needs.
    var windowAtEnd: (bit: Int64, bytes: [UInt8])? {
        guard let open = openMember, open.length >= Int64(UnresolvedWindow.windowSize), window.count == UnresolvedWindow.windowSize else { return nil }
        return (end * 8 + Int64(endBits), window)
    }

    /// How the window an index gave a part that starts where the parts delivered so far end
    /// compares with the bytes they end with.
    func compare(indexWindow stored: [UInt8]) -> CheckpointWindowMatch {
        window.withUnsafeBytes { CheckpointWindowMatch(decoded: $0, stored: stored) }
    }

    /// Decoded bytes, from the start, whose members' trailers have been checked.
    var verifiedBytes: Int64 { lastMemberEnd.uncompressedBytesBefore }

    /// Whether the parts delivered so far make the whole file, up to `fileEnd`.
    func isComplete(at fileEnd: Int64) -> Bool { end >= fileEnd && openMember == nil }

    /// Where the stream goes on from when the next part does not fit: the end of the parts
    /// delivered, with the member they end inside of, if any (its bytes so far, and the last
    /// 32 KiB of them, which its next block may copy from).
    var resumePoint: StreamResumePoint {
        var point = lastMemberEnd
        if let open = openMember {
            point.offset = end
            point.openMember = StreamResumePoint.OpenMember(
                bitsUsed: endBits, window: Array(window.suffix(Int(min(open.length, Int64(window.count))))),
                checksum: open.checksum, length: open.length)
        }
        return point
    }

    /// This delivery with `part` appended, or nil when `part` does not follow on: it starts
    /// elsewhere, or at a boundary of the other kind (a member start inside a member, a flush point
    /// or block between members), or it reaches back before its member, or it ends a member whose
    /// CRC-32 or length does not match its trailer. The bytes of a part decoded without its window
    /// are resolved from the bytes before it, in place.
    func appending(_ part: inout DecodedStretch) -> ParallelDelivery? {
        guard part.start == end, part.startBits == endBits else { return nil }
        if let unresolved = part.unresolved {
            guard let open = openMember, case .lent(let buffer) = part.bytes,
                  let prefixChecksum = unresolved.resolve(buffer.mutableBytes, window: window.suffix(Int(min(open.length, Int64(window.count)))))
            else { return nil }
            guard var leading = part.leading else { return nil }
            leading.checksum = CRC32.combine(prefixChecksum, leading.checksum, secondLength: leading.length - Int64(unresolved.prefixLength))
            part.leading = leading
            part.unresolved = nil
        }
        var next = self
        var membersEnded = 0
        if let leading = part.leading {
            guard let open = openMember else { return nil }
            let combined = (
                checksum: CRC32.combine(open.checksum, leading.checksum, secondLength: leading.length), length: open.length + leading.length)
            if let trailer = leading.trailer {
                guard (try? trailer.verify(checksum: combined.checksum, length: combined.length)) != nil else { return nil }
                next.openMember = nil
                membersEnded = 1
            } else {
                next.openMember = combined
            }
        } else if openMember != nil {
            return nil
        }
        membersEnded += part.members
        next.end = part.end
        next.endBits = part.endBits
        next.bytes += Int64(part.bytes.count)
        next.window = part.bytes.withUnsafeBytes { UnresolvedWindow.window(after: window, $0) }
        if let trailing = part.trailing {
            next.openMember = (trailing.checksum, trailing.length)
        }
        if membersEnded > 0 {
            let isOpenAtEnd = next.openMember != nil
            next.lastMemberEnd.offset = isOpenAtEnd ? (part.trailing?.headerOffset ?? part.end) : part.end
            next.lastMemberEnd.uncompressedBytesBefore = next.bytes - (part.trailing?.length ?? 0)
            next.lastMemberEnd.membersBefore += membersEnded
        }
        if lastMemberEnd.firstHeader == nil && end == 0 { next.lastMemberEnd.firstHeader = part.firstHeader }
        return next
    }

    /// How many members the delivered parts hold in full.
    var members: Int { lastMemberEnd.membersBefore }
}

/// Decoded bytes that follow one another from `start` to `end` in the file, with what they say
/// of the members they belong to: a run of an indexed file, or a speculative stretch.
struct DecodedStretch: Sendable {
    var bytes: DecodedBytes
    var start: Int64
    var end: Int64
    /// Bits of the byte at `start` (at `end`) before the stretch's first block (after its last):
    /// non-zero only at a block boundary inside a byte.
    var startBits = 0
    var endBits = 0
    /// For a stretch that starts at a block inside a member: where its first bytes reach back
    /// into the window before it, resolved when it is delivered. Its leading part's checksum
    /// covers only the bytes after `unresolved.prefixLength` until then.
    var unresolved: UnresolvedWindow?
    /// The decoded bytes that open the stretch and continue a member begun before it (a stretch
    /// that starts at a flush point), with that member's trailer if it ends in the stretch.
    var leading: PartOfMember?
    /// Members begun and ended in the stretch, each checked against its trailer.
    var members: Int
    /// The member begun in the stretch that goes on past its end: where its header starts.
    var trailing: PartOfMember?
    /// The first member's header, when it was parsed.
    var firstHeader: GzipHeader?
    /// For a part decoded from a checkpoint of an index: which one, and the window the index gave
    /// it, which must be the bytes delivered before it (`ParallelDelivery.compare(indexWindow:)`).
    var indexedWindow: (checkpoint: Int, bytes: [UInt8])?

    /// Decoded bytes of one member that lie in a stretch; the member's CRC-32 and length are
    /// combined from its parts, and checked when the part with the trailer is delivered.
    struct PartOfMember: Sendable, Equatable {
        var checksum: UInt32
        var length: Int64
        /// Where the member's header starts (a trailing part), or nil (a leading part).
        var headerOffset: Int64?
        var trailer: GzipTrailer?
    }
}

/// Where a part's decoded bytes are: an array (an indexed run), or memory lent for a speculative
/// stretch, which goes back to its pool when the part is freed.
enum DecodedBytes: Sendable {
    case array([UInt8])
    case lent(StretchBuffer)

    var count: Int {
        switch self {
        case .array(let bytes): bytes.count
        case .lent(let buffer): buffer.count
        }
    }

    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        switch self {
        case .array(let bytes): try bytes.withUnsafeBytes(body)
        case .lent(let buffer): try body(buffer.bytes)
        }
    }
}
