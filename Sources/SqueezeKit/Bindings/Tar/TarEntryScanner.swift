/// Finds every entry of a tar stream as its bytes go by, in pieces of any size: where each
/// entry's header lies in the stream and what it says (`TarHeader` parses it). libarchive writes
/// in blocks of 10 KiB and a decoder hands out what it decodes, so the offsets come from the
/// bytes themselves. Both places an entry index is made use it: `squeeze archive` on the tar it
/// writes, `squeeze index` on the tar it decodes (a sidecar for other tools'
/// archives).
struct TarEntryScanner: Sendable {
    enum Phase: Equatable, Sendable {
        case headers
        /// The end-of-archive blocks were seen: whatever follows is padding.
        case ended
        /// Something was not understood (a header `TarHeader` cannot parse, or a type whose data is
        /// not simply its size, as GNU's sparse files and volume labels): no index is made.
        case lost
    }

    private(set) var entries = EntryRecords()
    private(set) var phase = Phase.headers
    /// libarchive's name for the format, as it names it after reading the entries so far (the
    /// last header's magic decides, but a pax header makes the rest pax until a GNU one), so that
    /// a listing from an index names it as a full read does.
    private(set) var formatName = "tar (non-POSIX)"
    /// Bytes seen so far.
    private var offset: Int64 = 0
    /// A header sequence being gathered, starting at `pendingOffset`.
    private var pending: [UInt8] = []
    private var pendingOffset: Int64 = 0
    /// Data bytes still to pass before the next header.
    private var dataLeft: Int64 = 0

    /// The typeflags whose data is `size` bytes that libarchive gives as one entry: files (NUL and
    /// '0' to '7'), GNU's incremental directories ('D', their data the list of names dumped, which
    /// libarchive passes over), and the headers `TarHeader` folds into the entry after them ('x',
    /// 'L', 'K').
    private static let plainTypes = Set("01234567D".utf8).union([0])
    /// Links, devices, directories and FIFOs: libarchive takes their size as 0 (a hard link's
    /// data it may keep, by a guess), and reads what follows their header as the next header. With
    /// a size, where the entries are depends on that reading: the index gives up, and the archive
    /// is read in full.
    private static let typesWithoutData = Set("123456".utf8)

    init() {}

    /// Every entry, once the whole tar went by and was understood; nil otherwise.
    var completeEntries: EntryRecords? { phase == .ended ? entries : nil }

    mutating func observe(_ bytes: UnsafeRawBufferPointer) {
        var position = 0
        while position < bytes.count && phase == .headers {
            if dataLeft > 0 {
                let skipped = Int(min(dataLeft, Int64(bytes.count - position)))
                dataLeft -= Int64(skipped)
                position += skipped
                continue
            }
            if pending.isEmpty { pendingOffset = offset + Int64(position) }
            // Gather a block at a time, then as many as the parser asks for.
            let wanted = max(TarHeader.blockSize - pending.count % TarHeader.blockSize, 1)
            let taken = min(wanted, bytes.count - position)
            pending += bytes[position..<(position + taken)]
            position += taken
            guard pending.count % TarHeader.blockSize == 0 else { continue }
            switch pending.withUnsafeBytes({ TarHeader.parse($0) }) {
            case .entry(let header) where Self.typesWithoutData.contains(header.typeflag) && header.size > 0:
                phase = .lost
            case .entry(let header) where Self.plainTypes.contains(header.typeflag):
                noteFormat()
                entries.append(ArchiveEntryIndex.Entry(headerOffset: pendingOffset, header: header))
                dataLeft = TarHeader.roundedUp(header.size)
                pending = []
            case .endOfArchive:
                phase = .ended
            case .needsBytes:
                break
            case .entry, .invalid:
                phase = .lost
            }
        }
        offset += Int64(bytes.count)
    }

    /// libarchive's format name after the header sequence in `pending` (its last block is the
    /// entry's own header; any before it are 'x', 'L' or 'K' blocks).
    private mutating func noteFormat() {
        let blocks = stride(from: 0, to: pending.count, by: TarHeader.blockSize)
        for start in blocks {
            let typeflag = pending[start + 156]
            let magic = pending[(start + 257)..<(start + 265)]
            if typeflag == UInt8(ascii: "x") {
                formatName = "POSIX pax interchange format"
            } else if typeflag == UInt8(ascii: "L") || typeflag == UInt8(ascii: "K") || magic.elementsEqual("ustar  \0".utf8) {
                formatName = "GNU tar format"
            } else if magic.starts(with: "ustar".utf8) {
                if formatName != "POSIX pax interchange format" { formatName = "POSIX ustar format" }
            } else if start + TarHeader.blockSize == pending.count {
                formatName = "tar (non-POSIX)"
            }
        }
    }
}
