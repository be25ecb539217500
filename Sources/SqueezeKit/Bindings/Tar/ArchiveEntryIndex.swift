/// The entry index squeeze puts at the end of the `.tar.gz` files it writes: for every entry of
/// the tar, its header as `TarHeader` parsed it and the offset of its first header block in the
/// decoded tar; and for every gzip member of the data, its compressed and decoded offsets. With
/// it, one entry comes out of a large archive by decoding only the members that hold it, and
/// the archive is listed without decoding any.
///
/// Where it lies, and why there: after the data's members, in members whose decoded content is
/// empty, so that every gzip reader (gzip, pigz, zcat, libarchive, GNU tar through gzip) decodes
/// the archive to exactly the same tar, and tar never sees the index. A member's FEXTRA holds at
/// most 65535 bytes, so the index (deflated) is cut into chunks, one per member, each member also
/// carrying squeeze's "SQ" length field so that the file stays one of squeeze's indexed files
/// (decoded in parallel, listed without inflating). The last member is a locator of fixed
/// length: a reader finds it at the end of the file without a search. After the end-of-archive
/// blocks inside the tar was the other place considered; it would make `tar` read them as
/// garbage with `--ignore-zeros`, and `gzip -l` sizes would count them.
///
/// Subfield "SI" (squeeze index), payload: version (1), kind (0 chunk, 1 locator), then for a
/// chunk its bytes, for the locator (all little endian): offset of the first index member (u64),
/// chunk count (u32), deflated length (u64), inflated length (u64), CRC-32 of the inflated
/// index (u32), decoded length of the tar (u64).
struct ArchiveEntryIndex: Equatable, Sendable {
    /// One entry of the tar.
    struct Entry: Equatable, Sendable {
        /// Offset of its first header block in the decoded tar.
        var headerOffset: Int64
        var header: TarHeader
    }

    /// Where one gzip member of the data starts.
    struct Member: Equatable, Sendable {
        var compressedOffset: Int64
        var decodedOffset: Int64
    }

    var entries: [Entry]
    /// The data's members in order; each ends where the next starts, the last at `indexOffset`
    /// (compressed) and `decodedLength`.
    var members: [Member]
    var decodedLength: Int64
    /// Where the index's own members start: the end of the data's.
    var indexOffset: Int64

    static let identifier: [UInt8] = [UInt8(ascii: "S"), UInt8(ascii: "I")]
    static let version: UInt8 = 1
    /// The bytes of index in one member: its header stays within the longest header squeeze's
    /// member walk reads (`MemberIndexWalker.maximumHeaderLength`), so that the archive stays one
    /// it decodes in parallel; FEXTRA itself would take 65535 bytes.
    static let chunkCapacity = 60 << 10
    static let locatorPayloadLength = 2 + 8 + 4 + 8 + 8 + 4 + 8
    /// An index larger than this is not read (a crafted locator must not make a reader allocate
    /// much): a million entries of long names. An index is also never larger than the tar it
    /// describes (an entry's record is smaller than its header), plus its members' records.
    static let maximumInflatedLength = 256 << 20
    /// DEFLATE of nothing: one final fixed-Huffman block holding only its end code.
    private static let emptyDeflate: [UInt8] = [0x03, 0x00]
    static let locatorMemberLength = member(payload: locatorPayload(indexOffset: 0, chunks: 0, deflated: 0, inflated: 0, crc: 0, decodedLength: 0)).count

    // MARK: Writing

    /// The index's members, to append after the data's (which end at `indexOffset`).
    func encodedMembers() throws -> [UInt8] {
        var records = EntryRecords()
        for entry in entries { records.append(entry) }
        return try Self.encodedMembers(entries: records, members: members, decodedLength: decodedLength, indexOffset: indexOffset)
    }

    /// The same, for entries recorded as the tar went by.
    static func encodedMembers(entries: EntryRecords, members: [Member], decodedLength: Int64, indexOffset: Int64) throws -> [UInt8] {
        let inflated = serialized(entries: entries, members: members)
        let deflated = try deflate(inflated)
        let deflatedLength = deflated.count
        var bytes: [UInt8] = []
        var chunks = 0
        var start = 0
        repeat {
            let end = min(start + chunkCapacity, deflated.count)
            bytes += member(payload: [version, 0] + deflated[start..<end])
            chunks += 1
            start = end
        } while start < deflated.count
        let crc = inflated.withUnsafeBytes { CRC32.update(0, $0) }
        bytes += member(payload: locatorPayload(
            indexOffset: indexOffset, chunks: chunks, deflated: deflatedLength, inflated: inflated.count, crc: crc,
            decodedLength: decodedLength))
        return bytes
    }

    private static func locatorPayload(indexOffset: Int64, chunks: Int, deflated: Int, inflated: Int, crc: UInt32, decodedLength: Int64) -> [UInt8] {
        var payload: [UInt8] = [version, 1]
        payload.appendLittleEndian(UInt64(indexOffset))
        payload.appendLittleEndian(UInt32(chunks))
        payload.appendLittleEndian(UInt64(deflated))
        payload.appendLittleEndian(UInt64(inflated))
        payload.appendLittleEndian(crc)
        payload.appendLittleEndian(UInt64(decodedLength))
        return payload
    }

    /// An empty member whose FEXTRA holds "SQ" (its own length) and "SI" with `payload`.
    private static func member(payload: [UInt8]) -> [UInt8] {
        var subfield = identifier
        subfield.appendLittleEndian(UInt16(payload.count))
        subfield += payload
        func encoded(length: Int) -> [UInt8] {
            let extra = MemberIndexField(memberLength: UInt32(length), uncompressedLength: 0).encoded() + subfield
            return GzipHeader(extra: extra).encoded() + emptyDeflate + [UInt8](repeating: 0, count: GzipTrailer.length)
        }
        return encoded(length: encoded(length: 0).count)
    }

    static func serialized(entries: EntryRecords, members: [Member]) -> [UInt8] {
        var writer = IndexBytes()
        writer.put(UInt64(members.count))
        var previous = Member(compressedOffset: 0, decodedOffset: 0)
        for member in members {
            // Deltas; a negative one (only a crafted index has any) reads back as too large.
            writer.put(UInt64(bitPattern: member.compressedOffset - previous.compressedOffset))
            writer.put(UInt64(bitPattern: member.decodedOffset - previous.decodedOffset))
            previous = member
        }
        writer.put(UInt64(entries.count))
        return writer.bytes + entries.bytes.bytes
    }

    // MARK: Reading

    /// The index at the end of `file`, or nil if it has none or what is there does not hold
    /// together (a reader then reads the archive in full). Checked here: the locator's member,
    /// each chunk's member, the inflated index's length and CRC-32, and that the members and
    /// entries it lists are in order and end where the locator says. Whether they are what the
    /// archive holds is checked by whoever decodes them (`TarHeader` at each entry's offset).
    static func read(from file: ReadableFile, fileSize: Int64) throws -> ArchiveEntryIndex? {
        let locatorLength = Int64(locatorMemberLength)
        guard fileSize >= locatorLength else { return nil }
        let tail = try file.read(count: locatorMemberLength, at: fileSize - locatorLength)
        guard let locator = payload(ofMemberIn: tail).map(Array.init), locator.count == locatorPayloadLength, locator[1] == 1 else { return nil }
        var reader = IndexReader(bytes: Array(locator.dropFirst(2)))
        guard let indexOffset = reader.fixed(UInt64.self).flatMap({ Int64(exactly: $0) }), let chunks = reader.fixed(UInt32.self),
              let deflated = reader.fixed(UInt64.self), let inflated = reader.fixed(UInt64.self),
              let crc = reader.fixed(UInt32.self), let decodedLength = reader.fixed(UInt64.self).flatMap({ Int64(exactly: $0) }),
              indexOffset >= 0, indexOffset < fileSize - locatorLength, chunks > 0,
              inflated <= maximumInflatedLength, inflated <= UInt64(max(0, decodedLength)) + UInt64(fileSize),
              deflated <= UInt64(fileSize - locatorLength - indexOffset), deflated <= UInt64(maximumInflatedLength),
              // As many chunks as the writer cuts, each a member of its chunk and a header: what
              // is read before anything is checked stays in proportion to the index.
              UInt64(chunks) == max(1, (deflated + UInt64(chunkCapacity) - 1) / UInt64(chunkCapacity)),
              fileSize - locatorLength - indexOffset <= Int64(deflated) + Int64(chunks) * 256
        else { return nil }
        var deflatedBytes: [UInt8] = []
        var position = indexOffset
        let region = try file.read(count: Int(fileSize - locatorLength - indexOffset), at: indexOffset)
        for _ in 0..<chunks {
            let start = Int(position - indexOffset)
            guard let (chunk, length) = chunkMember(in: region, at: start) else { return nil }
            deflatedBytes += chunk
            position += Int64(length)
        }
        guard position == fileSize - locatorLength, deflatedBytes.count == Int(deflated) else { return nil }
        guard let inflatedBytes = try inflate(deflatedBytes, length: Int(inflated)),
              inflatedBytes.withUnsafeBytes({ CRC32.update(0, $0) }) == crc
        else { return nil }
        return deserialized(inflatedBytes, indexOffset: indexOffset, decodedLength: decodedLength)
    }

    /// The index's records, deflated (raw DEFLATE, level 6).
    static func deflate(_ bytes: [UInt8]) throws -> [UInt8] {
        let compressor = try LibdeflateCompressor(level: 6)
        var deflated = [UInt8](repeating: 0, count: compressor.bound(bytes.count))
        let length = try bytes.withUnsafeBytes { input in
            try deflated.withUnsafeMutableBytes { try compressor.compress(input, into: $0) }
        }
        deflated.removeSubrange(length...)
        return deflated
    }

    /// What `deflate` made of `length` bytes; nil if `bytes` is not that.
    static func inflate(_ bytes: [UInt8], length: Int) throws -> [UInt8]? {
        var inflated = [UInt8](repeating: 0, count: length)
        let decompressor = try LibdeflateDecompressor()
        let consumed = bytes.withUnsafeBytes { input in
            inflated.withUnsafeMutableBytes { decompressor.decompress(input, into: $0) }
        }
        return consumed == bytes.count ? inflated : nil
    }

    /// The "SI" payload of the member that is exactly `bytes`, with an empty body.
    private static func payload(ofMemberIn bytes: [UInt8]) -> ArraySlice<UInt8>? {
        guard let (payload, length) = chunkPayload(in: bytes, at: 0), length == bytes.count else { return nil }
        return payload
    }

    /// A chunk member at `start`: its chunk bytes and the member's length.
    private static func chunkMember(in bytes: [UInt8], at start: Int) -> (ArraySlice<UInt8>, Int)? {
        guard let (payload, length) = chunkPayload(in: bytes, at: start), payload.count >= 2, payload[payload.startIndex + 1] == 0
        else { return nil }
        return (payload.dropFirst(2), length)
    }

    /// The "SI" payload (version checked) of the empty member at `start`, and the member's length.
    private static func chunkPayload(in bytes: [UInt8], at start: Int) -> (ArraySlice<UInt8>, Int)? {
        guard start < bytes.count else { return nil }
        let outcome = bytes.withUnsafeBytes { GzipHeader.parse(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        guard case .header(let header, let headerLength) = outcome, let extra = header.extra,
              let field = MemberIndexField(extra: extra), field.uncompressedLength == 0,
              let payload = GzipExtraSubfield.payload(of: identifier, in: extra), payload.first == version
        else { return nil }
        let length = Int(field.memberLength)
        let body = start + headerLength
        guard length == headerLength + emptyDeflate.count + GzipTrailer.length, start + length <= bytes.count,
              bytes[body..<(body + 2)].elementsEqual(emptyDeflate),
              bytes[(body + 2)..<(start + length)].allSatisfy({ $0 == 0 })
        else { return nil }
        return (payload, length)
    }

    static func deserialized(_ bytes: [UInt8], indexOffset: Int64, decodedLength: Int64) -> ArchiveEntryIndex? {
        var reader = IndexReader(bytes: bytes)
        guard let memberCount = reader.count() else { return nil }
        var members: [Member] = []
        var previous = Member(compressedOffset: 0, decodedOffset: 0)
        for _ in 0..<memberCount {
            // Sums checked: a crafted index must not overflow them.
            guard let compressed = reader.length(), let decoded = reader.length(),
                  case let (compressedOffset, false) = previous.compressedOffset.addingReportingOverflow(compressed),
                  case let (decodedOffset, false) = previous.decodedOffset.addingReportingOverflow(decoded)
            else { return nil }
            previous = Member(compressedOffset: compressedOffset, decodedOffset: decodedOffset)
            members.append(previous)
        }
        // Members start in order, strictly (each holds some data), the first at the file's start.
        guard members.first.map({ $0 == Member(compressedOffset: 0, decodedOffset: 0) }) ?? true,
              zip(members, members.dropFirst()).allSatisfy({ $0.compressedOffset < $1.compressedOffset && $0.decodedOffset < $1.decodedOffset }),
              (members.last?.compressedOffset ?? 0) < indexOffset || members.isEmpty,
              (members.last?.decodedOffset ?? 0) < decodedLength || members.isEmpty,
              let entryCount = reader.count()
        else { return nil }
        var entries: [Entry] = []
        var offset: Int64 = 0
        for _ in 0..<entryCount {
            guard let delta = reader.length(), let typeflag = reader.byte(), let size = reader.length(),
                  let headerLength = reader.length(), let mode = reader.varint(), let owner = reader.varint(),
                  let group = reader.varint(), let time = reader.varint(),
                  let name = reader.field(), let linkName = reader.field(), let ownerName = reader.field(), let groupName = reader.field(),
                  headerLength >= Int64(TarHeader.blockSize), headerLength <= 2 << 20,
                  size <= decodedLength, case let (next, false) = offset.addingReportingOverflow(delta), next <= decodedLength
            else { return nil }
            offset = next
            let header = TarHeader(
                name: name, linkName: linkName, typeflag: typeflag, size: size, mode: UInt32(truncatingIfNeeded: mode),
                owner: Int64(bitPattern: owner), group: Int64(bitPattern: group), modificationTime: Int64(bitPattern: time),
                ownerName: ownerName, groupName: groupName, headerLength: Int(headerLength))
            guard offset + header.spanLength <= decodedLength else { return nil }
            entries.append(Entry(headerOffset: offset, header: header))
        }
        guard reader.isAtEnd else { return nil }
        return ArchiveEntryIndex(entries: entries, members: members, decodedLength: decodedLength, indexOffset: indexOffset)
    }
}

/// Entries as they are found, kept as the index will hold them (tens of bytes each) rather than
/// as records of arrays: `squeeze archive` keeps one per entry until the archive ends.
struct EntryRecords: Sendable {
    fileprivate var bytes = IndexBytes()
    private(set) var count = 0
    private var previousOffset: Int64 = 0

    init() {}

    mutating func append(_ entry: ArchiveEntryIndex.Entry) {
        let header = entry.header
        bytes.put(UInt64(bitPattern: entry.headerOffset - previousOffset))
        previousOffset = entry.headerOffset
        bytes.bytes.append(header.typeflag)
        bytes.put(UInt64(bitPattern: header.size))
        bytes.put(UInt64(header.headerLength))
        bytes.put(UInt64(header.mode))
        bytes.put(UInt64(bitPattern: header.owner))
        bytes.put(UInt64(bitPattern: header.group))
        bytes.put(UInt64(bitPattern: header.modificationTime))
        for field in [header.name, header.linkName, header.ownerName, header.groupName] { bytes.put(field) }
        count += 1
    }
}

/// The index's bytes as they are written: unsigned LEB128 numbers and length-prefixed fields.
private struct IndexBytes: Sendable {
    var bytes: [UInt8] = []

    mutating func put(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func put(_ field: [UInt8]) {
        put(UInt64(field.count))
        bytes += field
    }
}

/// Reads what `IndexBytes` wrote; every read answers nil past the end or on a malformed number.
private struct IndexReader {
    let bytes: [UInt8]
    var position = 0

    var isAtEnd: Bool { position == bytes.count }

    mutating func byte() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func varint() -> UInt64? {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 7) {
            guard let byte = byte() else { return nil }
            value |= UInt64(byte & 0x7F) << UInt64(shift)
            if byte & 0x80 == 0 { return value }
        }
        return nil
    }

    /// A non-negative length that fits in an `Int64`.
    mutating func length() -> Int64? { varint().flatMap { $0 <= UInt64(Int64.max / 2) ? Int64($0) : nil } }

    /// A count of records, each at least a byte, so no larger than what is left.
    mutating func count() -> Int? { length().flatMap { $0 <= Int64(bytes.count - position) ? Int($0) : nil } }

    mutating func field() -> [UInt8]? {
        guard let count = count() else { return nil }
        defer { position += count }
        return Array(bytes[position..<(position + count)])
    }

    mutating func fixed<Value: FixedWidthInteger & UnsignedInteger>(_ type: Value.Type) -> Value? {
        let size = MemoryLayout<Value>.size
        guard position + size <= bytes.count else { return nil }
        defer { position += size }
        return bytes[position..<(position + size)].reversed().reduce(Value(0)) { ($0 << 8) | Value($1) }
    }
}
