/// Reads the decoded bytes of chosen entries of a squeeze `.tar.gz` through its entry index
/// (`ArchiveEntryIndex`), decoding only the members that hold them, each whole, its CRC-32 and
/// length checked (`IndexedMemberDecoder`) before any of its bytes is used.
///
/// The index is a claim about the file. Before an entry's bytes are used, the header found at the
/// offset the index gives is parsed and must be the index's entry, field for field; every member
/// decoded must be a run of squeeze's indexed members decoding to exactly the length the index
/// gives it. Anything else throws `StaleEntryIndex`, and the caller reads the archive in full.
final class IndexedEntryReader {
    let file: ReadableFile
    let index: ArchiveEntryIndex
    private let decoder = IndexedMemberDecoder()
    /// The member decoded last: neighbouring entries usually share one.
    private var cached: (member: Int, bytes: [UInt8])?
    /// Compressed bytes read and members decoded, for the report and the benchmark's count.
    private(set) var bytesRead: Int64 = 0
    private(set) var membersDecoded = 0

    init(file: ReadableFile, index: ArchiveEntryIndex) {
        self.file = file
        self.index = index
    }

    /// The index of `file` if it has one that holds together (nil otherwise, or for a stream).
    static func open(_ file: ReadableFile) throws -> IndexedEntryReader? {
        guard !file.isSequential else { return nil }
        let size = try file.status().size
        return try ArchiveEntryIndex.read(from: file, fileSize: size).map { IndexedEntryReader(file: file, index: $0) }
    }

    /// Checks that the header at `entry`'s offset is `entry`'s; returns the decoded range its
    /// header and data take.
    func verifiedSpan(of entry: ArchiveEntryIndex.Entry) throws -> Range<Int64> {
        var wanted = TarHeader.blockSize
        while true {
            let end = entry.headerOffset + Int64(wanted)
            guard end <= index.decodedLength else { throw StaleEntryIndex(entry: entry, found: "the end of the tar") }
            let bytes = try decoded(entry.headerOffset..<end)
            switch bytes.withUnsafeBytes({ TarHeader.parse($0) }) {
            case .needsBytes(let count) where count > wanted:
                wanted = count
            case .entry(let found) where found == entry.header:
                return entry.headerOffset..<(entry.headerOffset + found.spanLength)
            case .entry(let found):
                throw StaleEntryIndex(entry: entry, found: "'\(PathName(bytes: found.name))' of \(found.size) bytes")
            default:
                throw StaleEntryIndex(entry: entry, found: "no tar header")
            }
        }
    }

    /// The decoded bytes of `range`, from the members that hold them.
    func decoded(_ range: Range<Int64>) throws -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count)
        var position = range.lowerBound
        while position < range.upperBound {
            let member = try memberHolding(position)
            let start = index.members[member].decodedOffset
            let memberBytes = try decodedMember(member)
            let from = Int(position - start)
            let to = Int(min(range.upperBound - start, Int64(memberBytes.count)))
            bytes += memberBytes[from..<to]
            position = start + Int64(to)
        }
        return bytes
    }

    private func memberHolding(_ offset: Int64) throws -> Int {
        let members = index.members
        var low = 0, high = members.count
        while low < high {
            let middle = (low + high) / 2
            if members[middle].decodedOffset <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { throw StaleEntryIndex(message: "no member holds decoded offset \(offset)") }
        return low - 1
    }

    private func decodedMember(_ member: Int) throws -> [UInt8] {
        if let cached, cached.member == member { return cached.bytes }
        let members = index.members
        let start = members[member]
        let compressedEnd = member + 1 < members.count ? members[member + 1].compressedOffset : index.indexOffset
        let decodedEnd = member + 1 < members.count ? members[member + 1].decodedOffset : index.decodedLength
        let length = compressedEnd - start.compressedOffset, decodedLength = decodedEnd - start.decodedOffset
        guard decodedLength <= Int64(MemberIndexWalker.maximumUncompressedLength),
              length <= decodedLength + Int64(MemberIndexWalker.maximumUncompressedLength)
        else { throw StaleEntryIndex(message: "a member at offset \(start.compressedOffset) of \(decodedLength) bytes") }
        let compressed = try file.read(count: Int(length), at: start.compressedOffset)
        bytesRead += Int64(compressed.count)
        guard compressed.count == Int(length), let memberCount = Self.memberCount(compressed) else {
            throw StaleEntryIndex(message: "no member of squeeze's at offset \(start.compressedOffset)")
        }
        let run = MemberRun(offset: start.compressedOffset, length: Int(length), uncompressedLength: Int(decodedLength), memberCount: memberCount)
        let bytes: [UInt8]
        do {
            bytes = try decoder.decode(run, bytes: compressed)
        } catch let error as GzipFormatError {
            // A member that fails its CRC is damage, which the full read reports in its own words.
            throw StaleEntryIndex(message: "\(error)")
        }
        membersDecoded += 1
        cached = (member, bytes)
        return bytes
    }

    /// The members of `bytes`, hopping on their "SQ" lengths: the data's member, and an empty one
    /// after it where the stream ended on a block's boundary. Nil where they do not tile it.
    private static func memberCount(_ bytes: [UInt8]) -> Int? {
        var position = 0, count = 0
        while position < bytes.count {
            let outcome = bytes.withUnsafeBytes { GzipHeader.parse(UnsafeRawBufferPointer(rebasing: $0[position...])) }
            guard case .header(let header, _) = outcome, let claim = MemberLengthClaim(header: header), claim.memberLength > 0
            else { return nil }
            position += claim.memberLength
            count += 1
        }
        return position == bytes.count ? count : nil
    }
}

/// An entry index that does not match its archive: the archive changed after it was written, or
/// the index was crafted. Nothing read through it has been used.
struct StaleEntryIndex: Error, CustomStringConvertible {
    let message: String

    init(message: String) {
        self.message = message
    }

    init(entry: ArchiveEntryIndex.Entry, found: String) {
        message = "'\(PathName(bytes: entry.header.name))' (\(entry.header.size) bytes) at decoded offset \(entry.headerOffset), "
            + "where the archive holds \(found)"
    }

    var description: String { "its entry index does not match it (\(message))" }
}
