import CArchive
import Glibc

/// libarchive writing a pax archive, uncompressed, into an `ArchiveByteSink`: squeeze compresses
/// the bytes itself, in parallel, instead of with libarchive's single-threaded filters.
///
/// The restricted pax format writes ustar headers, adding a pax extended header only for what
/// ustar cannot hold (long or non-ASCII names, large sizes and ids, sub-second times), so that
/// the archive reads everywhere.
///
/// Unblocked: libarchive hands each header, data run and padding to the sink as it writes it,
/// rather than copying them into 10 KiB records first, so that squeeze can write entries of its
/// own between libarchive's (`UstarHeader`); nor does it pad the last record, which its owner
/// does (`TarRecords`).
final class ArchiveWriteHandle: LibarchiveHandle {
    let pointer: OpaquePointer
    private let callbacks: WriteCallbacks

    init(sink: any ArchiveByteSink) throws {
        guard let pointer = archive_write_new() else { throw LibarchiveError.outOfMemory("start an archive") }
        self.pointer = pointer
        callbacks = WriteCallbacks(sink: sink)
        try check(archive_write_set_format_pax_restricted(pointer), "choose the pax format")
        try check(archive_write_set_bytes_per_block(pointer, 0), "write unblocked")
        try check(
            archive_write_open2(pointer, Unmanaged.passUnretained(callbacks).toOpaque(), nil, writeToSink, nil, nil),
            "start the archive")
    }

    deinit { archive_write_free(pointer) }

    /// Writes the header of the next entry; a warning (such as a name that had to be stored as
    /// raw bytes) is returned, a failure of this entry alone is a non-fatal `LibarchiveError`.
    func writeHeader(_ entry: ArchiveEntryHandle, name: PathName) throws -> LibarchiveStatus {
        try callbacks.rethrowingCallbackFailure { () throws(LibarchiveError) in
            try check(archive_write_header(pointer, entry.pointer), "write the header of '\(name)'")
        }
    }

    /// Writes the whole of `bytes` as data of the current entry.
    func writeData(_ bytes: UnsafeRawBufferPointer, name: PathName) throws {
        var offset = 0
        while offset < bytes.count {
            let written = try callbacks.rethrowingCallbackFailure { () throws(LibarchiveError) in
                try check(
                    count: archive_write_data(pointer, bytes.baseAddress! + offset, bytes.count - offset),
                    "write the data of '\(name)'")
            }
            // An entry takes no more than its header's size: the caller wrote too much.
            guard written > 0 else { preconditionFailure("archive_write_data accepted nothing for '\(name)'") }
            offset += written
        }
    }

    /// Pads the current entry to its size and to a whole block, now rather than at the next
    /// header: what follows may be an entry squeeze writes itself.
    func finishEntry(name: PathName) throws {
        try callbacks.rethrowingCallbackFailure { () throws(LibarchiveError) in
            try check(archive_write_finish_entry(pointer), "finish the entry of '\(name)'")
        }
    }

    /// Ends the archive: pads the last entry and writes the end-of-archive blocks.
    func close() throws {
        try callbacks.rethrowingCallbackFailure { () throws(LibarchiveError) in
            try check(archive_write_close(pointer), "finish the archive")
        }
    }
}

/// The C callbacks' context: the sink, and the error that made the last callback fail.
private final class WriteCallbacks: LibarchiveCallbackContext {
    let sink: any ArchiveByteSink
    private var failure: (any Error)?

    init(sink: any ArchiveByteSink) {
        self.sink = sink
    }

    func takeFailure() -> (any Error)? {
        defer { failure = nil }
        return failure
    }

    /// The sink's error, kept for the Swift caller; libarchive gets its message.
    func fail(_ error: any Error) { failure = error }
}

/// libarchive's write callback: hands the bytes to the sink, or fails the write with its error.
private func writeToSink(
    _ archive: OpaquePointer?, _ context: UnsafeMutableRawPointer?, _ buffer: UnsafeRawPointer?, _ length: Int
) -> la_ssize_t {
    let callbacks = Unmanaged<WriteCallbacks>.fromOpaque(context!).takeUnretainedValue()
    do {
        try callbacks.sink.consume(UnsafeRawBufferPointer(start: buffer, count: length))
        return la_ssize_t(length)
    } catch {
        callbacks.fail(error)
        squeeze_archive_set_error(archive, EIO, "\(error)")
        return -1
    }
}

/// libarchive's `archive_write_disk`: creates files, directories and links from entries, with
/// the metadata and the safety checks its options ask for.
final class DiskWriteHandle: LibarchiveHandle {
    let pointer: OpaquePointer

    init() throws {
        guard let pointer = archive_write_disk_new() else { throw LibarchiveError.outOfMemory("start extracting") }
        self.pointer = pointer
    }

    deinit { archive_write_free(pointer) }

    /// ARCHIVE_EXTRACT_* flags for the entries written from now on.
    func setOptions(_ flags: Int32) throws {
        try check(archive_write_disk_set_options(pointer, flags), "set extraction options")
    }

    /// Maps owner and group names to ids through the system's user database (for restoring owners).
    func useSystemUserDatabase() throws {
        try check(archive_write_disk_set_standard_lookup(pointer), "set up owner lookups")
    }

    /// Creates the entry's object; a refusal or failure of this entry alone is non-fatal.
    func writeHeader(_ entry: ArchiveEntryHandle, name: PathName) throws(LibarchiveError) -> LibarchiveStatus {
        try check(archive_write_header(pointer, entry.pointer), "extract '\(name)'")
    }

    /// Writes a run of the current entry's data at `offset` (holes in between stay holes).
    ///
    /// libarchive reports a failed write (ENOSPC, EDQUOT, EIO, EFBIG) as ARCHIVE_WARN, and would
    /// then extend the file to its full size with zeros: for squeeze that write failed the entry.
    func writeData(_ bytes: UnsafeRawBufferPointer, at offset: Int64, name: PathName) throws(LibarchiveError) {
        let written = archive_write_data_block(pointer, bytes.baseAddress, bytes.count, offset)
        if written == ARCHIVE_WARN {
            let code = archive_errno(pointer)
            let cause = code > 0 ? String(cString: strerror(code)) : message(or: "write failed")
            throw LibarchiveError(operation: "write '\(name)'", message: cause, errorNumber: code, isFatal: false)
        }
        try check(count: written, "write '\(name)'")
    }

    /// Completes the current entry: sets its times and permissions (directories' are deferred).
    func finishEntry(name: PathName) throws(LibarchiveError) -> LibarchiveStatus {
        try check(archive_write_finish_entry(pointer), "finish '\(name)'")
    }

    /// Applies the deferred metadata of directories, deepest first.
    func close() throws(LibarchiveError) -> LibarchiveStatus {
        try check(archive_write_close(pointer), "set the times and permissions of the extracted directories")
    }
}
