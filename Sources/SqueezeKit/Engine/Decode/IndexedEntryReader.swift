/// Reads the decoded bytes of chosen entries of a `.tar.gz` through an entry index
/// (`ArchiveEntryIndex`), decoding only the pieces of the archive that hold them, each whole and
/// checked before any of its bytes is used: for squeeze's archives, the gzip members the index
/// inside the archive lists (`IndexedMemberDecoder`: CRC-32 and length); for others', the spans
/// between checkpoints of the sidecar `squeeze index` wrote (`OpenCheckpointIndex.read`: each
/// span's CRC-32, where it ends and its window).
///
/// The index is a claim about the file. Before an entry's bytes are used, the header found at the
/// offset the index gives is parsed and must be the index's entry, field for field; every piece
/// decoded must decode to exactly the length the index gives it. Anything else throws
/// `StaleEntryIndex`, and the caller reads the archive in full.
final class IndexedEntryReader {
    let file: ReadableFile
    let index: ArchiveEntryIndex
    /// What the decoded tar is cut into, and how a piece is decoded.
    private let pieces: Pieces
    /// Where each piece starts in the decoded tar; each ends where the next starts, the last at
    /// `index.decodedLength`.
    private let pieceStarts: [Int64]
    /// Pieces decoded to check headers, kept (up to `keptLimit` bytes) for the entries' bytes,
    /// which are read next and in the same order: so that a piece is decoded once, not once for
    /// its header and once for its data. Past the limit, a piece is decoded again.
    private var kept: [Int: [UInt8]] = [:]
    private var keptBytes = 0
    static let keptLimit = 64 << 20
    /// The piece decoded last: neighbouring entries usually share one.
    private var cached: (piece: Int, bytes: [UInt8])?
    /// Compressed bytes read and pieces decoded, for the report and the benchmark's count.
    private(set) var bytesRead: Int64 = 0
    private(set) var piecesDecoded = 0

    private enum Pieces {
        case members(IndexedMemberDecoder)
        case checkpointSpans(OpenCheckpointIndex)
    }

    private init(file: ReadableFile, index: ArchiveEntryIndex, pieces: Pieces) {
        self.file = file
        self.index = index
        self.pieces = pieces
        switch pieces {
        case .members: pieceStarts = index.members.map(\.decodedOffset)
        case .checkpointSpans(let opened): pieceStarts = opened.index.checkpoints.map(\.decodedOffset)
        }
    }

    /// The index inside `file` (squeeze's own `.tar.gz`) if it has one that holds together (nil
    /// otherwise, or for a stream).
    static func open(_ file: ReadableFile) throws -> IndexedEntryReader? {
        guard !file.isSequential else { return nil }
        let size = try file.status().size
        return try ArchiveEntryIndex.read(from: file, fileSize: size).map { IndexedEntryReader(file: file, index: $0, pieces: .members(IndexedMemberDecoder())) }
    }

    /// The entries of `file`'s sidecar (`ARCHIVE.tar.gz.gzidx`, or gztool's `ARCHIVE.tar.gzi`, written by `squeeze index`), and
    /// what a listing takes from it; nil if there is none or it holds no entries (a gzip that is
    /// not a tar). Throws `StaleEntryIndex` for one that is stale or does not hold together.
    static func openSidecar(of file: ReadableFile) throws -> (reader: IndexedEntryReader, sidecar: ArchiveEntryIndex.Sidecar)? {
        guard !file.isSequential else { return nil }
        let status = try file.status()
        var stale: String?
        guard let opened = try OpenCheckpointIndex.open(file.path.checkpointIndexSidecar, isNamed: false, for: status, of: file, notice: { notice in
            // The notice's ": not used" is the caller's to say, in its words.
            stale = notice.hasSuffix(": not used") ? String(notice.dropLast(": not used".count)) : notice
        })
        else {
            if let stale { throw StaleEntryIndex(message: stale) }
            return nil
        }
        let sidecar: ArchiveEntryIndex.Sidecar
        do {
            let size = try opened.file.status().size
            guard let found = try ArchiveEntryIndex.Sidecar.read(
                from: opened.file, at: opened.index.end, fileSize: size, compressedSize: status.size,
                decodedLength: opened.index.decodedSize)
            else { return nil }
            sidecar = found
        } catch let error as CheckpointIndexError {
            throw StaleEntryIndex(message: "\(opened.path) is \(error)")
        }
        guard opened.index.checkpoints.first?.decodedOffset == 0 else {
            throw StaleEntryIndex(message: "\(opened.path) has no checkpoint at the start of the data")
        }
        return (IndexedEntryReader(file: file, index: sidecar.index, pieces: .checkpointSpans(opened)), sidecar)
    }

    /// Checks that the header at `entry`'s offset is `entry`'s; returns the decoded range its
    /// header and data take.
    func verifiedSpan(of entry: ArchiveEntryIndex.Entry) throws -> Range<Int64> {
        var wanted = TarHeader.blockSize
        while true {
            let end = entry.headerOffset + Int64(wanted)
            guard end <= index.decodedLength else { throw StaleEntryIndex(entry: entry, found: "the end of the tar") }
            let bytes = try decoded(entry.headerOffset..<end, keeping: true)
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

    /// The decoded bytes of `range`, from the pieces that hold them. Reads go forwards: pieces
    /// kept from the headers' checks are let go once a read starts past them. With `keeping`
    /// (the headers' checks), a piece decoded is kept while there is room.
    func decoded(_ range: Range<Int64>, keeping: Bool = false) throws -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count)
        var position = range.lowerBound
        if !keeping { release(before: range.lowerBound) }
        while position < range.upperBound {
            let piece = try pieceHolding(position)
            let start = pieceStarts[piece]
            let pieceBytes = try decodedPiece(piece, keeping: keeping)
            let from = Int(position - start)
            let to = Int(min(range.upperBound - start, Int64(pieceBytes.count)))
            bytes += pieceBytes[from..<to]
            position = start + Int64(to)
        }
        return bytes
    }

    /// Lets go of the kept pieces that end at or before `offset`.
    private func release(before offset: Int64) {
        for piece in kept.keys where pieceEnd(piece) <= offset {
            keptBytes -= kept.removeValue(forKey: piece)!.count
        }
    }

    private func pieceEnd(_ piece: Int) -> Int64 {
        piece + 1 < pieceStarts.count ? pieceStarts[piece + 1] : index.decodedLength
    }

    private func pieceHolding(_ offset: Int64) throws -> Int {
        var low = 0, high = pieceStarts.count
        while low < high {
            let middle = (low + high) / 2
            if pieceStarts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { throw StaleEntryIndex(message: "nothing holds decoded offset \(offset)") }
        return low - 1
    }

    private func decodedPiece(_ piece: Int, keeping: Bool) throws -> [UInt8] {
        if let cached, cached.piece == piece { return cached.bytes }
        if let bytes = kept[piece] { return bytes }
        let bytes: [UInt8]
        switch pieces {
        case .members(let decoder): bytes = try decodedMember(piece, with: decoder)
        case .checkpointSpans(let opened): bytes = try decodedSpan(piece, through: opened)
        }
        piecesDecoded += 1
        cached = (piece, bytes)
        if keeping, keptBytes + bytes.count <= Self.keptLimit {
            kept[piece] = bytes
            keptBytes += bytes.count
        }
        return bytes
    }

    private func decodedMember(_ member: Int, with decoder: IndexedMemberDecoder) throws -> [UInt8] {
        let members = index.members
        let start = members[member]
        let compressedEnd = member + 1 < members.count ? members[member + 1].compressedOffset : index.indexOffset
        let length = compressedEnd - start.compressedOffset, decodedLength = pieceEnd(member) - start.decodedOffset
        guard decodedLength <= Int64(MemberIndexWalker.maximumUncompressedLength),
              length <= decodedLength + Int64(MemberIndexWalker.maximumUncompressedLength)
        else { throw StaleEntryIndex(message: "a member at offset \(start.compressedOffset) of \(decodedLength) bytes") }
        let compressed = try file.read(count: Int(length), at: start.compressedOffset)
        bytesRead += Int64(compressed.count)
        guard compressed.count == Int(length), let memberCount = Self.memberCount(compressed) else {
            throw StaleEntryIndex(message: "no member of squeeze's at offset \(start.compressedOffset)")
        }
        let run = MemberRun(offset: start.compressedOffset, length: Int(length), uncompressedLength: Int(decodedLength), memberCount: memberCount)
        do {
            return try decoder.decode(run, bytes: compressed)
        } catch let error as GzipFormatError {
            // A member that fails its CRC is damage, which the full read reports in its own words.
            throw StaleEntryIndex(message: "\(error)")
        }
    }

    /// The span from checkpoint `span` to the next, decoded and checked against the index.
    private func decodedSpan(_ span: Int, through opened: OpenCheckpointIndex) throws -> [UInt8] {
        let start = pieceStarts[span], length = pieceEnd(span) - start
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(length))
        do {
            bytesRead += try opened.read(ByteRange(start: start, length: length), of: file) { bytes.append(contentsOf: $0) }
        } catch let error as CheckpointIndexError {
            throw StaleEntryIndex(message: "\(opened.path): \(error)")
        } catch let error as GzipFormatError {
            // Damage, which the full read reports in its own words.
            throw StaleEntryIndex(message: "\(error)")
        }
        guard bytes.count == Int(length) else {
            throw StaleEntryIndex(message: "\(opened.path): the data ends inside checkpoint \(span)'s span")
        }
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
