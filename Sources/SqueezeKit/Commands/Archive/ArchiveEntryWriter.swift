import Glibc

/// Turns each `ArchiveItem` into its tar entry: a header from the file's status, and for a
/// regular file its data, read as it goes. A second name of a file already stored (a hard link)
/// becomes a link entry. The header is squeeze's own (`UstarHeader`) when the entry needs no pax
/// extended header, and libarchive's otherwise; either way the same bytes. Used by the producer
/// thread alone.
///
/// A problem with one item (it vanished, could not be read, changed while read, libarchive
/// refused its header) fails that item and the archive goes on. Anything else (the stream's
/// consumer failed, libarchive's handle is broken) is thrown: the archive cannot be completed.
final class ArchiveEntryWriter {
    /// The tar stream, counted: every entry's bytes go through it, libarchive's too.
    private let output: TarRecords
    private let writer: ArchiveWriteHandle
    private let collector: any ResultRecording
    private let entry = ArchiveEntryHandle()
    private let owners: OwnerNameLookup
    /// The name each multiply-linked file was first stored under.
    private var firstNames: [FileIdentity: PathName] = [:]
    /// What an entry libarchive writes (one that needs a pax header) is read into; every other
    /// entry's data is read straight into the block being filled.
    private let buffer: UnsafeMutableRawBufferPointer
    private let header: UnsafeMutableRawBufferPointer

    /// The most one read asks for.
    static let readSize = 256 << 10

    init(sink: any ArchiveByteSink, collector: any ResultRecording) throws {
        output = TarRecords(passingTo: sink)
        writer = try ArchiveWriteHandle(sink: output)
        self.collector = collector
        owners = try OwnerNameLookup()
        buffer = .allocate(byteCount: Self.readSize, alignment: 16)
        header = .allocate(byteCount: UstarHeader.size, alignment: 16)
    }

    deinit {
        buffer.deallocate()
        header.deallocate()
    }

    /// Ends the archive: the end-of-archive blocks, and the last record padded.
    func finish() throws {
        try writer.close()
        try output.pad(to: TarRecords.recordSize)
    }

    /// Adds the item's entry; returns what became of it. The entry counts as worked through now
    /// (its data's progress was recorded as it went into the stream); the outcome itself is
    /// recorded once the archive holding it is complete.
    func add(_ item: ArchiveItem) throws -> FileOutcome {
        let start = MonotonicClock.now()
        var outcome: FileOutcome
        do {
            let bytes = item.status.kind == .regular ? try addFile(item) : try addHeaderOnly(item)
            outcome = FileOutcome(
                source: item.path, output: nil, bytesIn: bytes, bytesOut: 0,
                seconds: MonotonicClock.now() - start, status: .done)
        } catch let failure as ItemFailure {
            // Its data may be in the archive all the same (it changed while read, say).
            outcome = FileOutcome(
                source: item.path, output: nil, bytesIn: failure.bytesStored, bytesOut: 0,
                seconds: MonotonicClock.now() - start, status: .failed(failure.message))
        }
        collector.recordProgress(bytes: 0, files: 1)
        outcome.progressFiles = 0
        return outcome
    }

    /// A directory, symbolic link, FIFO or device: a header and no data.
    private func addHeaderOnly(_ item: ArchiveItem) throws -> Int64 {
        var target: PathName?
        if item.status.kind == .symbolicLink {
            target = try ItemFailure.wrapping { () throws(SystemError) in try item.path.symbolicLinkTarget() }
        }
        _ = try writeHeader(item, status: item.status, symbolicLinkTarget: target)
        return 0
    }

    /// A regular file: its header from the open file's status (not the scan's, which may be
    /// stale), then exactly that many bytes. Returns the bytes stored.
    private func addFile(_ item: ArchiveItem) throws -> Int64 {
        let (file, status) = try ItemFailure.wrapping { () throws(SystemError) in
            // The scan found a regular file: no probe for a stream (a FIFO put in its place since
            // is opened without waiting, and refused below by its status; a symbolic link, opened
            // in its held directory, is refused by the open).
            let file: ReadableFile
            if let directory = item.directory {
                file = try ReadableFile(regularFile: item.path, in: directory)
            } else {
                file = try ReadableFile(regularFile: item.path)
            }
            return (file, try file.status())
        }
        guard status.kind == .regular else {
            throw ItemFailure("is no longer a regular file (now \(status.kind.phrase)); not archived")
        }
        let identity = FileIdentity(status)
        if status.linkCount > 1, let first = firstNames[identity] {
            _ = try writeHeader(item, status: status, hardLinkTarget: first)
            return 0
        }
        let throughLibarchive = try writeHeader(item, status: status)
        if status.linkCount > 1 { firstNames[identity] = item.name }

        var offset: Int64 = 0
        var failure: SystemError?
        while offset < status.size {
            let wanted = Int(min(Int64(Self.readSize), status.size - offset))
            // Read straight into the block being filled; through libarchive (rare: an entry
            // that needs a pax header), into the buffer it copies from.
            let count: Int
            if throughLibarchive {
                count = Self.read(file, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted]), at: offset, failure: &failure)
                if count > 0 { try writer.writeData(UnsafeRawBufferPointer(rebasing: buffer[..<count]), name: item.name) }
            } else {
                count = try output.consume(atMost: wanted) { Self.read(file, into: $0, at: offset, failure: &failure) }
            }
            if count == 0 { break }
            offset += Int64(count)
        }
        // The header is out: a short entry is padded with zeros to the size it gives, so that
        // the archive stays readable, but this entry is wrong and the user must hear of it.
        if throughLibarchive {
            try writer.finishEntry(name: item.name)
        } else {
            try output.writeZeros(status.size - offset)
            try output.pad(to: TarRecords.blockSize)
        }
        if let failure { throw ItemFailure("\(failure); its entry is padded with zeros", bytesStored: offset) }
        collector.recordProgress(bytes: status.size)
        guard offset == status.size else {
            throw ItemFailure("shrank while it was being archived; its entry is padded with zeros", bytesStored: offset)
        }
        guard (try? file.status().isUnchanged(since: status)) == true else {
            throw ItemFailure("changed while it was being archived; its entry may be inconsistent", bytesStored: offset)
        }
        return status.size
    }

    /// Reads `file` from `offset` into `room`; returns how many bytes, none on a failure, which
    /// is kept in `failure`.
    private static func read(
        _ file: ReadableFile, into room: UnsafeMutableRawBufferPointer, at offset: Int64, failure: inout SystemError?
    ) -> Int {
        do throws(SystemError) {
            return try file.read(into: room, at: offset)
        } catch {
            failure = error
            return 0
        }
    }

    /// Writes the entry's header: squeeze's own, or libarchive's when the entry needs a pax
    /// extended header (or is of a kind tar cannot hold, which libarchive refuses). Returns
    /// whether libarchive wrote it: the entry's data then goes through libarchive too. Only the
    /// modification time is stored: access times change as squeeze reads the files, and the same
    /// tree must give the same archive.
    private func writeHeader(
        _ item: ArchiveItem, status: FileStatus, hardLinkTarget: PathName? = nil, symbolicLinkTarget: PathName? = nil
    ) throws -> Bool {
        let ownerName = owners.userName(status.owner)
        let groupName = owners.groupName(status.group)
        let size = status.kind == .regular && hardLinkTarget == nil ? status.size : 0
        if let kind = hardLinkTarget == nil ? UstarHeader.Kind(status.kind) : .hardLink {
            let isDevice = status.kind == .characterDevice || status.kind == .blockDevice
            let fields = UstarHeader(
                name: item.name.bytes, kind: kind, permissions: UInt32(status.permissions), owner: status.owner,
                group: status.group, size: size, modificationSeconds: status.modificationTime.seconds,
                linkName: (hardLinkTarget ?? symbolicLinkTarget)?.bytes ?? [], ownerName: ownerName, groupName: groupName,
                device: isDevice ? UstarHeader.split(device: status.specialDevice) : (0, 0))
            if fields.encoded(into: header) {
                try output.consume(UnsafeRawBufferPointer(header))
                return false
            }
        }
        entry.clear()
        entry.pathname = item.name
        entry.kind = status.kind
        entry.permissions = status.permissions
        entry.modificationTime = status.modificationTime
        entry.owner = Int64(status.owner)
        entry.group = Int64(status.group)
        entry.ownerName = ownerName
        entry.groupName = groupName
        entry.size = size
        entry.hardLinkTarget = hardLinkTarget
        entry.symbolicLinkTarget = symbolicLinkTarget
        if status.kind == .characterDevice || status.kind == .blockDevice {
            entry.specialDevice = status.specialDevice
        }
        // A header libarchive refuses fails this entry alone. Its warnings are about entries it
        // still stored whole (a name that is not UTF-8, kept as raw bytes under
        // `hdrcharset=BINARY`): nothing was lost, so nothing to warn the user of.
        do {
            _ = try writer.writeHeader(entry, name: item.name)
        } catch let error as LibarchiveError where !error.isFatal {
            throw ItemFailure(error.message)
        }
        return true
    }
}

/// Why one item could not be archived (the others still were).
private struct ItemFailure: Error {
    let message: String
    /// The item's data read into the archive before it failed.
    let bytesStored: Int64

    init(_ message: String, bytesStored: Int64 = 0) {
        self.message = message
        self.bytesStored = bytesStored
    }

    /// Runs a step whose system errors are the item's problem, not the archive's.
    static func wrapping<Result>(_ body: () throws(SystemError) -> Result) throws(ItemFailure) -> Result {
        do {
            return try body()
        } catch {
            throw ItemFailure("\(error)")
        }
    }
}
