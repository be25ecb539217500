extension ArchiveEntryIndex {
    /// The entries of an archive that has no index inside (GNU tar's, bsdtar's, pigz's `.tar.gz`),
    /// kept in its checkpoint index's file (`squeeze index ARCHIVE.tar.gz` writes
    /// `ARCHIVE.tar.gz.gzidx`), after squeeze's addition to indexed_gzip's format, where
    /// indexed_gzip and rapidgzip stop reading. The checkpoints there start a decode anywhere in
    /// the archive; these say where each entry lies in the decoded tar.
    ///
    /// Why inside the checkpoint index rather than a file of its own: one file beside the
    /// archive, one name, one staleness check (size, modification time, CRC-32 of the archive's
    /// first and last 64 KiB), and the same file serves `decompress --range`, indexed_gzip and
    /// rapidgzip. Rejected: ratarmount's SQLite index (a library and a schema to follow for a list
    /// squeeze reads whole), and an index of member offsets (other tools' archives are mostly one
    /// member, so there is nothing to seek by without checkpoints).
    ///
    /// ```
    /// "SQZTAR", 1, 0; the archive's gzip members (u64); libarchive's name for the tar's format
    /// (u8 length, then its bytes); the inflated length (u64) and deflated length (u64) of the
    /// entry records (as in the archive's own index, with no members); the deflated records; the
    /// CRC-32 of the section's bytes before it. Numbers little-endian.
    /// ```
    struct Sidecar: Equatable, Sendable {
        var index: ArchiveEntryIndex
        /// For a listing: the archive's gzip members, and its tar format as libarchive names it.
        var memberCount: Int
        var formatName: String

        static let magic = Array("SQZTAR".utf8) + [1, 0]
        private static let fixedLength = magic.count + 8 + 1 + 8 + 8 + 4

        /// The section, for entries found in the whole of a tar.
        static func encoded(entries: EntryRecords, memberCount: Int, formatName: String) throws -> [UInt8] {
            let inflated = serialized(entries: entries, members: [])
            let deflated = try deflate(inflated)
            var bytes = magic
            bytes.appendLittleEndian(UInt64(memberCount))
            let name = Array(formatName.utf8.prefix(255))
            bytes.append(UInt8(name.count))
            bytes += name
            bytes.appendLittleEndian(UInt64(inflated.count))
            bytes.appendLittleEndian(UInt64(deflated.count))
            bytes += deflated
            bytes.appendLittleEndian(bytes.withUnsafeBytes { CRC32.update(0, $0) })
            return bytes
        }

        /// The section at `offset` of a checkpoint index's file of `fileSize` bytes, describing an
        /// archive of `compressedSize` bytes that decodes to `decodedLength`; nil if there is none.
        /// Throws `CheckpointIndexError.malformed` for one that does not hold together.
        static func read(from file: ReadableFile, at offset: Int64, fileSize: Int64, compressedSize: Int64, decodedLength: Int64) throws -> Sidecar? {
            guard fileSize - offset >= Int64(fixedLength) else { return nil }
            let head = try file.read(count: magic.count, at: offset)
            guard head == magic else { return nil }
            let bad = CheckpointIndexError.malformed("its archive entries do not hold together")
            // Bounded before it is read: a crafted length must not make a reader allocate much.
            guard fileSize - offset <= Int64(fixedLength + 255 + maximumInflatedLength) else { throw bad }
            let bytes = try file.read(count: Int(fileSize - offset), at: offset)
            guard bytes.count == Int(fileSize - offset),
                  bytes[..<(bytes.count - 4)].withUnsafeBytes({ CRC32.update(0, $0) }) == UInt32(littleEndianBytes: bytes.suffix(4))
            else { throw bad }
            var position = magic.count
            func number(_ size: Int) -> UInt64 {
                defer { position += size }
                return bytes[position..<(position + size)].reversed().reduce(0) { $0 << 8 | UInt64($1) }
            }
            let members = number(8)
            let nameLength = Int(number(1))
            guard position + nameLength + 16 <= bytes.count - 4 else { throw bad }
            let name = String(decoding: bytes[position..<(position + nameLength)], as: UTF8.self)
            position += nameLength
            let inflatedLength = number(8), deflatedLength = number(8)
            guard inflatedLength <= UInt64(maximumInflatedLength), deflatedLength == UInt64(bytes.count - 4 - position), members <= UInt64(compressedSize),
                  let inflated = try inflate(Array(bytes[position..<(bytes.count - 4)]), length: Int(inflatedLength)),
                  let index = deserialized(inflated, indexOffset: compressedSize, decodedLength: decodedLength), index.members.isEmpty
            else { throw bad }
            return Sidecar(index: index, memberCount: Int(members), formatName: name)
        }
    }
}

extension UInt32 {
    /// The little-endian number in the four bytes of `bytes`.
    fileprivate init(littleEndianBytes bytes: ArraySlice<UInt8>) {
        self = bytes.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
}
