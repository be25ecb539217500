/// Lists one kind of compressed file. `list` picks, for each file, the first lister of its run
/// that recognizes the file's first bytes (or name), so that other formats (a `.tar.gz` listed
/// entry by entry, say) can come before the plain gzip lister, which takes everything else.
protocol FileLister: Sendable {
    /// Whether this lister handles a file that starts with `prefix` (up to `prefixLength` bytes).
    func recognizes(_ prefix: [UInt8], path: PathName) -> Bool

    func list(_ file: ReadableFile, status: FileStatus, cancellation: CancellationFlag) throws -> FileListing
}

extension FileLister {
    /// What listers are shown of a file to recognize it.
    static var prefixLength: Int { 512 }
}

/// Lists a gzip file, or a file of another format gzip reads (compress, pack: `MemberFormat`; a
/// zip is an archive, listed entry by entry below). An indexed file (squeeze's own) is listed from its member index alone: a
/// few `pread`s, however large the file. Any other gzip is decoded in full, output dropped, to
/// count its members and give its exact size (`gzip -l` decodes the file too, but shows the last
/// member's length, modulo 4 GiB, as the uncompressed size).
struct GzipFileLister: FileLister {
    let pools: DecoderPools

    func recognizes(_ prefix: [UInt8], path: PathName) -> Bool {
        prefix.withUnsafeBytes { MemberFormat.of($0, atFileStart: true) } != nil
    }

    func list(_ file: ReadableFile, status: FileStatus, cancellation: CancellationFlag) throws -> FileListing {
        // A stream (a pipe) has no size to walk an index by: it is decoded, and measured so.
        if !file.isSequential, let index = try MemberIndexWalker(file: file, fileSize: status.size).walk() {
            return listing(of: index.firstHeader, compressedBytes: status.size, uncompressedBytes: index.uncompressedBytes,
                           members: index.memberCount, sizeSource: .index, trailing: .none)
        }
        let summary = try pools.streams.withInstance { decoder in
            try decoder.decode(file, cancellation: cancellation, progress: { _ in }, sink: { _ in })
        }
        return listing(of: summary.firstHeader, compressedBytes: file.size(status: status, read: summary.compressedBytes), uncompressedBytes: summary.uncompressedBytes,
                       members: summary.members, sizeSource: .decoded, trailing: summary.trailing, format: summary.format)
    }

    private func listing(
        of header: GzipHeader?, compressedBytes: Int64, uncompressedBytes: Int64, members: Int,
        sizeSource: FileListing.SizeSource, trailing: TrailingBytes, format: MemberFormat = .gzip
    ) -> FileListing {
        FileListing(
            format: format.rawValue, compressedBytes: compressedBytes, uncompressedBytes: uncompressedBytes, members: members,
            originalName: header?.name.map { String(decoding: $0, as: UTF8.self) },
            modificationTime: header.flatMap { $0.modificationTime == 0 ? nil : $0.modificationTime },
            sizeSource: sizeSource, trailing: trailing)
    }
}

/// Lists an archive (tar in any dialect and compression, zip, cpio, 7z, ISO), recognized by its
/// name or, uncompressed, by its magic: every entry, and for a gzip-compressed one the gzip
/// figures too. Both come from one pass: the entries are parsed from the bytes squeeze decodes
/// (every CRC checked), and the decode's summary gives the exact size, members and trailing bytes.
///
/// With an `entryHandler`, each entry goes to it as it is read and the listing keeps none.
struct ArchiveFileLister: FileLister {
    let scheduling: SchedulingOptions
    var entryHandler: ArchiveEntryHandler?

    static let archiveSuffixes = [
        ".tar", ".tar.gz", ".tgz", ".tar.xz", ".txz", ".tar.bz2", ".tbz2", ".tbz", ".tar.zst", ".tzst", ".tar.lz4",
        ".tar.lz", ".tar.Z", ".zip", ".cpio", ".7z", ".iso",
    ]

    func recognizes(_ prefix: [UInt8], path: PathName) -> Bool {
        if Self.archiveSuffixes.contains(where: { path.hasSuffix($0) }) { return true }
        let ustar = Array("ustar".utf8)
        let isTar = prefix.count >= 262 && Array(prefix[257..<262]) == ustar
        let isZip = prefix.starts(with: [0x50, 0x4B, 0x03, 0x04])
        return isTar || isZip
    }

    /// A squeeze `.tar.gz` of several members with an entry index is listed from it and from its
    /// members' "SQ" fields, decoding nothing: the entries are what the index claims (checked
    /// against the headers only when `extract` reads them; `squeeze test` checks every member).
    /// Another tool's `.tar.gz` with a sidecar (`squeeze index`) that is not stale is listed from
    /// the sidecar; a stale one is said so, and the archive read in full.
    private func indexedListing(_ file: ReadableFile, status: FileStatus, notice: inout String?) throws -> FileListing? {
        if let reader = try IndexedEntryReader.open(file) {
            guard let members = try MemberIndexWalker(file: file, fileSize: status.size).walk(),
                  members.uncompressedBytes == reader.index.decodedLength
            else { return nil }
            // libarchive's words for what squeeze writes: pax once any entry needed an extended header.
            let isPax = reader.index.entries.contains { $0.header.headerLength > TarHeader.blockSize }
            return try listing(
                of: reader.index, in: file, firstHeader: members.firstHeader, members: members.memberCount,
                format: isPax ? "POSIX pax interchange format" : "POSIX ustar format")
        }
        let opened: (reader: IndexedEntryReader, sidecar: ArchiveEntryIndex.Sidecar)?
        do {
            opened = try IndexedEntryReader.openSidecar(of: file)
        } catch let stale as StaleEntryIndex {
            notice = "\(stale.message); read in full instead"
            return nil
        }
        guard let (reader, sidecar) = opened,
              case .header(let firstHeader, _) = try file.read(count: 64 << 10, at: 0).withUnsafeBytes({ GzipHeader.parse($0) })
        else { return nil }
        return try listing(of: reader.index, in: file, firstHeader: firstHeader, members: sidecar.memberCount, format: sidecar.formatName)
    }

    private func listing(
        of index: ArchiveEntryIndex, in file: ReadableFile, firstHeader: GzipHeader, members: Int, format: String
    ) throws -> FileListing {
        var entries: [ArchiveListing.Entry] = []
        for indexed in index.entries {
            let entry = ArchiveListing.Entry(ArchiveEntryMetadata(indexed.header))
            if let entryHandler { entryHandler(file.path, entry) } else { entries.append(entry) }
        }
        var listing = FileListing(
            format: "gzip", compressedBytes: try file.status().size, uncompressedBytes: index.decodedLength, members: members,
            originalName: firstHeader.name.map { String(decoding: $0, as: UTF8.self) },
            modificationTime: firstHeader.modificationTime == 0 ? nil : firstHeader.modificationTime,
            sizeSource: .index)
        listing.archive = ArchiveListing(format: format, filters: ["gzip"], entries: entries)
        return listing
    }

    /// Uncompressed size of an archive that is not gzip: what the decompression delivered (xz,
    /// bzip2...), or, with no compression around the archive, the file itself, or the entries'
    /// total when that is more (a zip compresses each entry).
    static func uncompressedSize(of stream: any DecodedStream, fileSize: Int64, entryBytes: Int64) -> Int64 {
        if let decoded = stream as? ReadAheadDecodingStream { return decoded.bytesDelivered }
        return max(fileSize, entryBytes)
    }

    func list(_ file: ReadableFile, status: FileStatus, cancellation: CancellationFlag) throws -> FileListing {
        var notice: String?
        if let listing = try indexedListing(file, status: status, notice: &notice) { return listing }
        // One decoder per archive: `list` works on several files at once already, and a decode
        // fanned out again from inside a worker would wait for workers that are all listing.
        let sequential = SchedulingOptions(mode: .sequential, jobs: 1, qos: scheduling.qos)
        let stream = try DecodedStreamOpeners.open(file, scheduling: sequential)
        var entries: [ArchiveListing.Entry] = []
        var entryBytes: Int64 = 0
        let description = try ArchiveLister().forEachEntry(in: stream, name: file.path) { metadata in
            if cancellation.isCancelled { throw CancellationError() }
            let entry = ArchiveListing.Entry(metadata)
            entryBytes += entry.size
            if let entryHandler { entryHandler(file.path, entry) } else { entries.append(entry) }
        }
        _ = try stream.finishReading()
        // squeeze undid the gzip or zstd itself, so libarchive saw none: name it.
        let decodedBySqueeze = (stream as? GzipArchiveStream)?.summary
        let filters = (decodedBySqueeze.map { [$0.format == .zstd ? "zstd" : "gzip"] } ?? []) + description.filters
        let archive = ArchiveListing(format: description.format, filters: filters, entries: entries)
        guard let gzip = decodedBySqueeze else {
            let compressedBytes = file.size(status: status, read: stream.bytesConsumed)
            var listing = FileListing(
                format: filters.first ?? "none", compressedBytes: compressedBytes,
                uncompressedBytes: Self.uncompressedSize(of: stream, fileSize: compressedBytes, entryBytes: entryBytes),
                members: 0, originalName: nil, modificationTime: nil, sizeSource: .decoded)
            listing.archive = archive
            return listing
        }
        var listing = FileListing(
            format: filters[0], compressedBytes: file.size(status: status, read: gzip.compressedBytes),
            uncompressedBytes: gzip.uncompressedBytes, members: gzip.members,
            originalName: gzip.firstHeader?.name.map { String(decoding: $0, as: UTF8.self) },
            modificationTime: gzip.firstHeader.flatMap { $0.modificationTime == 0 ? nil : $0.modificationTime },
            sizeSource: .decoded, trailing: gzip.trailing)
        listing.archive = archive
        listing.notice = notice
        return listing
    }
}
