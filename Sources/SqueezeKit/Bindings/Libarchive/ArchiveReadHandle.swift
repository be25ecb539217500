import CArchive
import Glibc

/// libarchive reading an archive of any format it knows, through any of its filters, from a
/// `DecodedStream`.
final class ArchiveReadHandle: LibarchiveHandle {
    let pointer: OpaquePointer
    private let callbacks: ReadCallbacks

    /// `name` is the archive's path, for messages. With `decodingOnly`, the stream is not parsed
    /// as an archive: libarchive only undoes its compression, and `nextDataBlock` returns the result.
    init(stream: any DecodedStream, name: PathName, decodingOnly: Bool = false, bufferSize: Int = 1 << 20) throws {
        guard let pointer = archive_read_new() else { throw LibarchiveError.outOfMemory("read '\(name)'") }
        self.pointer = pointer
        callbacks = ReadCallbacks(stream: stream, bufferSize: bufferSize)
        // ARCHIVE_WARN here only says some filters would need an external program.
        try check(archive_read_support_filter_all(pointer), "set up reading '\(name)'")
        if decodingOnly {
            try check(archive_read_support_format_raw(pointer), "set up reading '\(name)'")
        } else {
            try check(archive_read_support_format_all(pointer), "set up reading '\(name)'")
        }
        if stream is any SeekableDecodedStream {
            try check(archive_read_set_seek_callback(pointer, seekInStream), "set up reading '\(name)'")
            try check(archive_read_set_skip_callback(pointer, skipInStream), "set up reading '\(name)'")
        }
        try callbacks.rethrowingCallbackFailure { () throws(LibarchiveError) in
            try check(
                archive_read_open(pointer, Unmanaged.passUnretained(callbacks).toOpaque(), nil, readFromStream, nil),
                "read it as an archive")
        }
    }

    deinit { archive_read_free(pointer) }

    /// Bytes of the archive file consumed so far.
    var bytesConsumed: Int64 { callbacks.stream.bytesConsumed }

    /// Bytes of the stream libarchive has consumed, not merely buffered (after an entry's data, up
    /// to the end of that data): the position of its reader of the stream, the last filter.
    var streamPosition: Int64 { archive_filter_bytes(pointer, -1) }

    /// Whether the stream's decoder has verified its bytes before `offset` (see `DecodedStream`).
    func streamHasVerified(through offset: Int64) -> Bool { callbacks.stream.hasVerified(through: offset) }

    /// Reads what the parser left of the stream, so that all of it is checked; returns the
    /// stream's warning, if any (see `DecodedStream.finishReading`).
    func finishReadingStream() throws -> String? { try callbacks.stream.finishReading() }

    /// Reads the next entry's header into `entry`; `.endOfFile` after the last entry.
    func nextHeader(into entry: ArchiveEntryHandle) throws -> LibarchiveStatus {
        try callbacks.rethrowingCallbackFailure { () throws(LibarchiveError) in
            try check(archive_read_next_header2(pointer, entry.pointer), "read the next entry")
        }
    }

    /// Where the last header read began (or failed), in the decompressed archive.
    var headerPosition: Int64 { archive_read_header_position(pointer) }

    /// The next run of the current entry's data, at its offset in the entry (runs may skip holes
    /// of sparse files); nil at the end of the entry's data. A warning is a failure: libarchive's
    /// readers warn of data their own check found wrong (zip's "ZIP bad CRC"), with its last run.
    func nextDataBlock(name: PathName) throws -> (bytes: UnsafeRawBufferPointer, offset: Int64)? {
        var buffer: UnsafeRawPointer?
        var size = 0
        var offset: la_int64_t = 0
        // The operation's words are made only for a failure: this is called for every block.
        let status = try callbacks.rethrowingCallbackFailure { () throws(LibarchiveError) in
            try check(archive_read_data_block(pointer, &buffer, &size, &offset), "read the data of '\(name)'")
        }
        if case .warning(let message) = status {
            throw LibarchiveError(operation: "read the data of '\(name)'", message: message, errorNumber: archive_errno(pointer), isFatal: false)
        }
        if status == .endOfFile { return nil }
        return (UnsafeRawBufferPointer(start: buffer, count: size), offset)
    }

    /// The chunk of the stream that holds a data block's `bytes`, when they lie in one the stream
    /// lent and still holds (see `DecodedStream.lentChunk(holding:)`); nil when libarchive copied them.
    func lentChunk(holding bytes: UnsafeRawBufferPointer) -> LentChunk? { callbacks.stream.lentChunk(holding: bytes) }

    /// The archive format detected, e.g. "POSIX pax interchange format" (after the first header).
    var formatName: String { archive_format_name(pointer).map { String(cString: $0) } ?? "unknown" }

    /// The filters undone, outermost first, e.g. ["gzip"]; empty for an uncompressed archive.
    var filterNames: [String] {
        // The last filter is libarchive's reader of the raw stream ("none"), not a compression.
        (0..<max(0, archive_filter_count(pointer) - 1)).compactMap { index in
            archive_filter_name(pointer, index).map { String(cString: $0) }
        }
    }
}

/// The C callbacks' context: the stream, the buffer libarchive reads from when the stream does not
/// lend its own (either valid until the next callback, as libarchive requires), and the error that
/// made the last callback fail.
private final class ReadCallbacks: LibarchiveCallbackContext {
    let stream: any DecodedStream
    let buffer: UnsafeMutableRawBufferPointer
    private var failure: (any Error)?

    init(stream: any DecodedStream, bufferSize: Int) {
        self.stream = stream
        buffer = .allocate(byteCount: bufferSize, alignment: 16)
    }

    deinit { buffer.deallocate() }

    func takeFailure() -> (any Error)? {
        defer { failure = nil }
        return failure
    }

    func fail(_ error: any Error) { failure = error }
}

/// libarchive's seek callback, set only for a `SeekableDecodedStream`.
private func seekInStream(
    _ archive: OpaquePointer?, _ context: UnsafeMutableRawPointer?, _ offset: la_int64_t, _ whence: Int32
) -> la_int64_t {
    let callbacks = Unmanaged<ReadCallbacks>.fromOpaque(context!).takeUnretainedValue()
    do {
        return try (callbacks.stream as! any SeekableDecodedStream).seek(to: offset, from: whence)
    } catch {
        callbacks.fail(error)
        squeeze_archive_set_error(archive, EIO, "\(error)")
        return la_int64_t(ARCHIVE_FATAL)
    }
}

/// libarchive's skip callback, set only for a `SeekableDecodedStream`.
private func skipInStream(_ archive: OpaquePointer?, _ context: UnsafeMutableRawPointer?, _ count: la_int64_t) -> la_int64_t {
    let callbacks = Unmanaged<ReadCallbacks>.fromOpaque(context!).takeUnretainedValue()
    // Skipping nothing is always allowed: libarchive then reads and discards instead.
    return (try? (callbacks.stream as! any SeekableDecodedStream).skip(count)) ?? 0
}

/// libarchive's read callback: the next bytes of the stream, or a failed read with its error.
private func readFromStream(
    _ archive: OpaquePointer?, _ context: UnsafeMutableRawPointer?, _ output: UnsafeMutablePointer<UnsafeRawPointer?>?
) -> la_ssize_t {
    let callbacks = Unmanaged<ReadCallbacks>.fromOpaque(context!).takeUnretainedValue()
    do {
        let bytes = try callbacks.stream.read(lendingOr: callbacks.buffer)
        output?.pointee = bytes.baseAddress
        return la_ssize_t(bytes.count)
    } catch {
        callbacks.fail(error)
        squeeze_archive_set_error(archive, EIO, "\(error)")
        return -1
    }
}
