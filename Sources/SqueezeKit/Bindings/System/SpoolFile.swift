import Glibc

/// An unlinked temporary file to append to and read back: where a run puts what it produces in
/// numbers that must not be held in memory (the records of `--json`, the entries of an archive
/// being listed). Made with `O_TMPFILE` in `$TMPDIR` (or `/tmp`), so it has no name and its space
/// is freed when it is closed, however the process ends; where the file system refuses
/// `O_TMPFILE`, a named file unlinked at once. Appends are buffered.
///
/// Checked `Sendable`: the descriptor never changes and everything else is behind a `Locked`.
public final class SpoolFile: Sendable {
    private struct Contents: Sendable {
        var pending: [UInt8] = []
        var records = 0
        /// Where a record written in place is put together before it is appended: kept from
        /// record to record, as long as the longest room asked for.
        var scratch: [UInt8] = []
    }

    private static let flushThreshold = 64 * 1024
    /// What a record usually takes at most (a file's JSON with two long paths).
    private static let recordRoom = 4096
    /// `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`, the same on every Linux architecture Swift runs
    /// on), which Glibc's module does not export.
    private static let unnamedFile: Int32 = 0o20_000_000 | O_DIRECTORY
    private let descriptor: Int32
    private let directory: PathName
    private let contents = Locked(Contents())

    public init() throws(SystemError) {
        (descriptor, directory) = try Self.openUnnamedFile()
    }

    /// A new unnamed file to read and write, in `$TMPDIR` (or `/tmp`), and that directory.
    static func openUnnamedFile() throws(SystemError) -> (descriptor: Int32, directory: PathName) {
        let directory = PathName(getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp")
        do throws(SystemError) {
            let descriptor = try systemCall("create a temporary file in", directory) {
                directory.withCString { open($0, Self.unnamedFile | O_RDWR | O_CLOEXEC, 0o600) }
            }
            return (descriptor, directory)
        } catch {
            guard error.code == EOPNOTSUPP || error.code == EISDIR || error.code == EINVAL else { throw error }
            let template = directory.appending(PathName(".squeeze-spool-XXXXXX"))
            var bytes = template.bytes.map { CChar(bitPattern: $0) } + [0]
            let descriptor = try systemCall("create a temporary file in", directory) { mkstemp(&bytes) }
            unlink(bytes)
            return (descriptor, directory)
        }
    }

    deinit { close(descriptor) }

    /// Records appended so far (calls of `append`).
    public var recordCount: Int { contents.withLock { $0.records } }

    /// Appends `bytes` as one record.
    public func append(_ bytes: some Sequence<UInt8>) throws {
        try contents.withLock { contents in
            contents.pending.append(contentsOf: bytes)
            try endRecord(in: &contents)
        }
    }

    /// Appends `bytes` as one record, after `separator` unless it is the first: for records
    /// written one per file, without the generic path or a second lock.
    public func append(record bytes: [UInt8], separatedBy separator: StaticString) throws {
        try appendRecord(separatedBy: separator) { $0.pending.append(contentsOf: bytes) }
    }

    /// Appends one record of at most `capacity` bytes, after `separator` unless it is the first,
    /// written by `write` into room the spool keeps (no array of its own to make and free for
    /// each record): `write` is given `capacity` bytes and returns how many it wrote.
    public func append(
        recordOfAtMost capacity: Int, separatedBy separator: StaticString, _ write: (UnsafeMutableBufferPointer<UInt8>) -> Int
    ) throws {
        try appendRecord(separatedBy: separator) { contents in
            if contents.scratch.count < capacity { contents.scratch = [UInt8](repeating: 0, count: capacity) }
            contents.scratch.withUnsafeMutableBufferPointer { scratch in
                let written = write(UnsafeMutableBufferPointer(rebasing: scratch[..<capacity]))
                precondition(written <= capacity, "a record longer than the room it asked for")
                contents.pending.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<written]))
            }
        }
    }

    /// Under the lock: the separator unless this is the first record, the record `append`
    /// appends to the pending bytes, then its end.
    private func appendRecord(separatedBy separator: StaticString, _ append: (inout Contents) -> Void) throws {
        try contents.withLock { contents in
            // Room for a flush's worth and a record more, taken once, with the first record: grown
            // by doubling, the pending bytes were copied six times over and their memory faulted
            // in twice (a fifth of a resumed rerun's page faults).
            if contents.pending.capacity == 0 { contents.pending.reserveCapacity(Self.flushThreshold + Self.recordRoom) }
            if contents.records > 0 { separator.withUTF8Buffer { contents.pending.append(contentsOf: $0) } }
            append(&contents)
            try endRecord(in: &contents)
        }
    }

    /// Counts the record just appended, and writes the pending bytes out once there are enough.
    private func endRecord(in contents: inout Contents) throws {
        contents.records += 1
        if contents.pending.count >= Self.flushThreshold { try flush(&contents.pending) }
    }

    /// Calls `body` with the contents from the start, a chunk at a time.
    public func forEachChunk(_ body: ([UInt8]) throws -> Void) throws {
        try contents.withLock { contents in try flush(&contents.pending) }
        var offset: Int64 = 0
        var chunk = [UInt8](repeating: 0, count: Self.flushThreshold)
        while true {
            let count = try chunk.withUnsafeMutableBytes { buffer in
                try systemCall("read back a temporary file in", directory) {
                    pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset))
                }
            }
            if count == 0 { return }
            offset += Int64(count)
            try body(Array(chunk[..<count]))
        }
    }

    private func flush(_ pending: inout [UInt8]) throws {
        var written = 0
        while written < pending.count {
            written += try pending.withUnsafeBytes { buffer in
                try systemCall("write a temporary file in", directory) {
                    write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                }
            }
        }
        pending.removeAll(keepingCapacity: true)
    }
}
