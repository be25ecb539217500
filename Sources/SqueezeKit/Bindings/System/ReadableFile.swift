import Glibc

/// A file open for reading, closed when the last reference goes. `pread` needs no shared offset,
/// so several workers may read blocks of the same file at once.
///
/// A pipe, terminal or socket (standard input, a FIFO named on the command line) cannot be read at
/// an offset: it is read front to back with `read`, and a read must start where the last one
/// ended (or further on: the bytes between are read and dropped). Only the streaming decoder, one
/// thread reading in order, is given such a file.
public final class ReadableFile: Sendable {
    public let path: PathName
    let descriptor: Int32
    /// Where a file that cannot seek has been read to; nil for a seekable one.
    private let sequentialOffset: SequentialStream?
    /// The file offset this file's offset 0 stands for: where standard input stood when it was
    /// taken (a regular file a shell has read some of); 0 for every file opened by name.
    private let base: Int64

    public convenience init(_ path: PathName) throws(SystemError) {
        try self.init(path, probingForStreams: true)
    }

    /// Opens a file the scan found to be a regular file with data, without asking whether it can
    /// seek (one system call less for each of a million tiny files): those of disk file systems
    /// always can; the kernel's own files that cannot (in /proc, /sys) say they are empty, and are
    /// opened with `init(_:)`. Should the file have become a FIFO since the scan, the open does
    /// not wait, and its first read fails with ESPIPE, naming the file.
    convenience init(regularFile path: PathName) throws(SystemError) {
        try self.init(path, probingForStreams: false)
    }

    /// As `init(regularFile:)`, opened by its last component in `directory`, the one the walk
    /// found it in; a symbolic link put in its place since is not followed (the open fails).
    convenience init(regularFile path: PathName, in directory: PinnedDirectory) throws(SystemError) {
        let descriptor = try systemCall("open", path) {
            directory.withName(of: path) { openat($0, $1, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | O_NOFOLLOW) }
        }
        self.init(takingSeekable: descriptor, path: path)
    }

    /// Opens a file named on the command line that may be a FIFO. A FIFO is read once a writer
    /// has sent bytes or come and gone, as `cat` reads one: opened without waiting (as every file
    /// is, so that no open can hang), it would read as empty while its writer is not there yet.
    /// The wait ends with EINTR at an interrupt, or once `cancellation` is set
    /// (`InterruptibleCalls`). Only a FIFO the user named is ever waited for: those found in a
    /// walk are never opened.
    public convenience init(_ path: PathName, waitingForWriterUntil cancellation: CancellationFlag) throws(SystemError) {
        try self.init(path, probingForStreams: true)
        guard isSequential, try FileStatus.of(descriptor: descriptor, path: path).kind == .fifo else { return }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        // A FIFO whose writer has not come yet is neither readable nor hung up.
        try interruptibleCall("wait for a writer of", path, .awaitingPeer, until: cancellation) { poll(&entry, 1, -1) }
    }

    private init(_ path: PathName, probingForStreams: Bool) throws(SystemError) {
        self.path = path
        // Non-blocking, so that a file that became a FIFO since the scan cannot hang the open.
        let descriptor = try systemCall("open", path) {
            path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK) }
        }
        self.descriptor = descriptor
        if probingForStreams && lseek(descriptor, 0, SEEK_CUR) < 0 {
            // A FIFO or device is then read as any stream is: each read waits for bytes.
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            sequentialOffset = SequentialStream.shared(by: descriptor)
        } else {
            sequentialOffset = nil
        }
        base = 0
    }

    /// The regular file `name` in the directory open on `directory` (its status put in `status`),
    /// or nil when it is of another kind (closed at once, unread). (The status is not returned
    /// with the file: an optional of a struct this large is copied and destroyed through the
    /// runtime's generic witnesses, 200 instructions each, for every output a resumed run checks.) `openat` makes the kernel look up one
    /// component instead of every one of `path`, which names the file in messages: for a caller
    /// opening many files of one directory, the lookups are most of an open's cost.
    public static func openRegular(
        named name: UnsafePointer<CChar>, in directory: Int32, path: PathName, status: inout FileStatus
    ) throws(SystemError) -> ReadableFile? {
        // Non-blocking, so that a FIFO at the name cannot hang the open; a symbolic link at the
        // name is not followed (the open fails), so that only a regular file there is ever read.
        let descriptor = try systemCall("open", path) {
            openat(directory, name, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | O_NOFOLLOW)
        }
        let file = ReadableFile(takingSeekable: descriptor, path: path)
        status = try file.status()
        return status.kind == .regular ? file : nil
    }

    /// Takes `descriptor`, open on a regular file (so seekable), which it closes.
    private init(takingSeekable descriptor: Int32, path: PathName) {
        self.path = path
        self.descriptor = descriptor
        sequentialOffset = nil
        base = 0
    }

    /// Standard input, named `path` in messages: a copy of descriptor 0, read from where it stands
    /// (as gzip reads it: `(read -N 5 x; zcat) < file` decodes what the shell left), and each
    /// time it is taken only what is left of it (`zcat - -` does not read it twice).
    ///
    /// A regular file is read at offsets from there (so that it can still be decoded in parallel)
    /// and taken whole at once: the offset it shares with descriptor 0 is moved to its end, where
    /// a reader of it to the end would leave it. Anything else is read front to back, as a
    /// stream of its own: not one shared with another opening (standard input taken twice is
    /// read on).
    public init(standardInputNamed path: PathName) throws(SystemError) {
        self.path = path
        descriptor = try systemCall("read", path) { fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 3) }
        let start = lseek(descriptor, 0, SEEK_CUR)
        if start >= 0, (try? FileStatus.of(descriptor: descriptor, path: path))?.kind == .regular {
            base = Int64(start)
            sequentialOffset = nil
            lseek(descriptor, 0, SEEK_END)
        } else {
            base = 0
            sequentialOffset = SequentialStream()
        }
    }

    /// Whether the file can be read only front to back (a pipe, terminal or socket).
    public var isSequential: Bool { sequentialOffset != nil }

    /// The file's size in a report: its status's, `status` (found by a scan); for a file read
    /// front to back, whose status says 0, `bytesRead`, what reading it through took.
    func size(status: FileStatus, read bytesRead: Int64) -> Int64 { isSequential ? bytesRead : status.size }

    deinit {
        sequentialOffset?.readerClosed()
        close(descriptor)
    }

    /// The file's status; the size is what lies past `base` (all of it, for a file opened by name).
    public func status() throws(SystemError) -> FileStatus {
        var status = try FileStatus.of(descriptor: descriptor, path: path)
        if base > 0 { status.size = max(0, status.size - base) }
        return status
    }

    /// Fills `buffer` from `offset` on; returns how many bytes were read, fewer only at end of file.
    /// A read of a stream that waits for its writer ends (EINTR) at an interrupt, or once
    /// `cancellation` is set: a run whose output's reader went away is not held by its input.
    public func read(
        into buffer: UnsafeMutableRawBufferPointer, at offset: Int64, until cancellation: CancellationFlag? = nil
    ) throws(SystemError) -> Int {
        if let sequentialOffset {
            return try readSequentially(into: buffer, at: offset, position: sequentialOffset, until: cancellation)
        }
        var total = 0
        while total < buffer.count {
            let count = try systemCall("read", path) {
                pread(descriptor, buffer.baseAddress! + total, buffer.count - total, off_t(base + offset) + off_t(total))
            }
            if count == 0 { break }
            total += count
        }
        return total
    }

    /// `read(into:at:)` on a file that cannot seek. Its first bytes are kept (`SequentialStream`),
    /// so that a reader may look at a stream's magic number and then read it from its start;
    /// past them, `offset` must not be behind the bytes read so far (ESPIPE), and bytes up to it
    /// are dropped.
    private func readSequentially(
        into buffer: UnsafeMutableRawBufferPointer, at offset: Int64, position stream: SequentialStream,
        until cancellation: CancellationFlag? = nil
    ) throws(SystemError) -> Int {
        var failure: SystemError?
        let total = stream.state.withLock { state -> Int in
            do throws(SystemError) {
                var total = 0
                if offset < Int64(state.head.count) {
                    let start = Int(offset)
                    total = min(buffer.count, state.head.count - start)
                    state.head.withUnsafeBytes { head in
                        buffer.baseAddress!.copyMemory(from: head.baseAddress! + start, byteCount: total)
                    }
                    if total == buffer.count { return total }
                }
                var resume = offset + Int64(total)
                let replayEnd = state.replayStart + Int64(state.replay.count)
                // A read from the replay's end on that gets bytes has moved past it for good: the
                // replay goes then. Until then a reader may go back into it (to decode a damaged
                // member again, even once the stream has ended).
                let movesPastReplay = resume >= replayEnd
                if resume >= state.replayStart && resume < replayEnd {
                    let start = Int(resume - state.replayStart)
                    let count = min(buffer.count - total, state.replay.count - start)
                    state.replay.withUnsafeBytes { replay in
                        (buffer.baseAddress! + total).copyMemory(from: replay.baseAddress! + start, byteCount: count)
                    }
                    total += count
                    resume += Int64(count)
                    if total == buffer.count { return total }
                }
                guard resume >= state.position else { throw SystemError("read", path, code: ESPIPE) }
                var skip = [UInt8](repeating: 0, count: 64 << 10)
                while state.position < resume {
                    let want = Int(min(Int64(skip.count), resume - state.position))
                    let count = try interruptibleCall("read", path, .awaitingPeer, until: cancellation) {
                        skip.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, want) }
                    }
                    if count == 0 { return total }
                    state.keep(UnsafeRawBufferPointer(start: skip.withUnsafeBytes { $0.baseAddress! }, count: count))
                }
                while total < buffer.count {
                    let count = try interruptibleCall("read", path, .awaitingPeer, until: cancellation) {
                        Glibc.read(descriptor, buffer.baseAddress! + total, buffer.count - total)
                    }
                    if count == 0 { break }
                    state.keep(UnsafeRawBufferPointer(rebasing: buffer[total..<total + count]))
                    total += count
                }
                if movesPastReplay && total > 0 { state.replay = [] }
                return total
            } catch {
                failure = error
                return 0
            }
        }
        if let failure { throw failure }
        return total
    }

    /// Makes `bytes`, the last bytes read from this stream, readable again from the offset where
    /// they start: a reader that read ahead hands the stream to another that starts further back
    /// (a parallel reader to the streaming decoder). They are kept, and may be read again, until a
    /// read starts past them.
    func replay(_ bytes: [UInt8]) {
        guard let sequentialOffset else { return }
        sequentialOffset.state.withLock { state in
            state.replay = bytes
            state.replayStart = state.position - Int64(bytes.count)
        }
    }

    /// Up to `count` bytes from `offset`: fewer only at end of file.
    public func read(count: Int, at offset: Int64) throws(SystemError) -> [UInt8] {
        // `Array(unsafeUninitializedCapacity: 0)` stores its count into the shared empty-array
        // singleton: two workers reading empty files at once race there (harmlessly, but
        // ThreadSanitizer says so and fails the run).
        guard count > 0 else { return [] }
        return try Self.bytes(count: count) { buffer throws(SystemError) in try read(into: buffer, at: offset) }
    }

    /// An array of up to `count` bytes (more than 0), not cleared first: `fill` writes into its
    /// storage and says how many it wrote.
    private static func bytes(
        count: Int, _ fill: (UnsafeMutableRawBufferPointer) throws(SystemError) -> Int
    ) throws(SystemError) -> [UInt8] {
        var failure: SystemError?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            do throws(SystemError) {
                initialized = try fill(UnsafeMutableRawBufferPointer(buffer))
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        return bytes
    }

    /// Everything from `offset` to the end of the file, however large `stat` said it was (files
    /// of /proc say 0, those of /sys 4096): at most `limit` bytes, or an error saying so. When
    /// `expected` (what `stat` said) is right, one `pread` does it: it asks for a byte more, and
    /// a read that ends exactly at `expected` is taken as the end (a file that grew meanwhile shows
    /// in the caller's `fstat`). Any other short read reads on, until a read returns nothing.
    public func readToEnd(from offset: Int64, expected: Int, limit: Int) throws(SystemError) -> [UInt8] {
        // The first read, the whole file when `stat` was right, goes into storage not cleared
        // first (a file of one block can be megabytes); only a file longer than that reads on
        // into storage that grows as `readToEnd(into:)`'s does.
        var progress = ReadToEndProgress(expected: expected, limit: limit)
        var bytes = try Self.bytes(count: progress.chunk) { buffer throws(SystemError) in try readOnce(into: buffer, at: offset) }
        if try progress.add(bytes.count, path: path) { return bytes }
        try readOn(into: &bytes, from: offset, progress: &progress)
        bytes.removeLast(bytes.count - progress.total)
        return bytes
    }

    /// `readToEnd(from:expected:limit:)` into the front of `bytes`, which grows when it is too
    /// short and is never shortened: returns how many bytes were read, and what lies past them is
    /// left over. So a worker reads file after file into one array (`ScratchBytes`) with nothing
    /// allocated or cleared once it is as long as the longest.
    func readToEnd(into bytes: inout [UInt8], from offset: Int64, expected: Int, limit: Int) throws(SystemError) -> Int {
        var progress = ReadToEndProgress(expected: expected, limit: limit)
        try readOn(into: &bytes, from: offset, progress: &progress)
        return progress.total
    }

    /// Reads into `bytes` after the `progress.total` bytes read so far, lengthening it with zeros
    /// where it is too short, until `progress` says the end is reached.
    private func readOn(into bytes: inout [UInt8], from offset: Int64, progress: inout ReadToEndProgress) throws(SystemError) {
        while true {
            let (total, chunk) = (progress.total, progress.chunk)
            if bytes.count < total + chunk { bytes.append(contentsOf: repeatElement(0, count: total + chunk - bytes.count)) }
            var failure: SystemError?
            let count = bytes.withUnsafeMutableBytes { buffer -> Int in
                do throws(SystemError) {
                    return try readOnce(into: UnsafeMutableRawBufferPointer(rebasing: buffer[total..<(total + chunk)]), at: offset + Int64(total))
                } catch {
                    failure = error
                    return 0
                }
            }
            if let failure { throw failure }
            if try progress.add(count, path: path) { return }
        }
    }

    /// One `pread` into `buffer`, from `offset`: how many bytes it read.
    private func readOnce(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) throws(SystemError) -> Int {
        try systemCall("read", path) { pread(descriptor, buffer.baseAddress!, buffer.count, off_t(base + offset)) }
    }
}

/// How far a read to the end of a file has come: how much was read, how much to ask for next, and
/// whether the end is reached. The first read asks for a byte more than `stat` said (64 KiB when it
/// said nothing); a read that ends exactly where `stat` said is the end, as is one that returns
/// nothing; a read that filled what it asked for doubles the next (up to 8 MiB).
private struct ReadToEndProgress {
    let expected: Int
    let limit: Int
    private(set) var total = 0
    private(set) var chunk: Int

    init(expected: Int, limit: Int) {
        self.expected = expected
        self.limit = limit
        chunk = expected > 0 ? expected + 1 : 64 << 10
    }

    /// Counts a read of `count` bytes: true when it reached the end; throws once more than
    /// `limit` bytes were read.
    mutating func add(_ count: Int, path: PathName) throws(SystemError) -> Bool {
        total += count
        if count == 0 || total == expected { return true }
        guard total <= limit else { throw SystemError("read all of", path, code: EFBIG) }
        if count == chunk { chunk = min(chunk * 2, 8 << 20) }
        return false
    }
}

/// A file read front to back through one buffer, for the streaming decoder: the bytes not yet
/// consumed, and more on request. Memory is the buffer, whatever the file's size; the buffer
/// grows only for a header whose name or comment does not fit (up to `maximumCapacity`).
///
/// A file that can seek and fills the buffer is read ahead (`InputReadAhead`): the next buffer's
/// worth is read on another thread while this one is consumed, and a second buffer of the same
/// size is all that costs. A stream (a pipe) is read only when asked: what it has sent cannot be
/// read again.
///
/// Not thread safe: one decoder on one thread uses it at a time.
final class BufferedFileInput {
    static let maximumCapacity = 4 << 20

    private var buffer: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0
    private var file: ReadableFile?
    /// Where the next read starts.
    private var readOffset: Int64 = 0
    /// Whether a read has returned nothing: every byte of the file has been buffered.
    private(set) var isAtEndOfFile = false
    /// Made at the first read that fills the buffer of a file that can seek.
    private var readAhead: InputReadAhead?

    init(capacity: Int) {
        buffer = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// Starts reading `file` at `offset`, forgetting what was buffered.
    func open(_ file: ReadableFile, at offset: Int64) {
        readAhead?.cancel()
        self.file = file
        readOffset = offset
        start = 0
        end = 0
        isAtEndOfFile = false
    }

    /// Lets go of the file (it is closed when its last reference goes).
    func close() {
        readAhead?.cancel()
        file = nil
    }

    /// The bytes read and not yet consumed.
    var available: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: buffer.baseAddress! + start, count: end - start)
    }

    var availableCount: Int { end - start }

    /// The file offset of `available`'s first byte.
    var position: Int64 { readOffset - Int64(end - start) }

    var capacity: Int { buffer.count }

    func consume(_ count: Int) {
        precondition(count <= end - start)
        start += count
    }

    /// Reads more of the file after what is available (moving that to the front first); returns
    /// how many bytes were added: 0 at the end of the file, or when the buffer is full.
    @discardableResult
    func refill() throws(SystemError) -> Int {
        guard let file, !isAtEndOfFile else { return 0 }
        if let readAhead, let offset = readAhead.offset {
            if offset == readOffset && end - start <= InputReadAhead.headroom && buffer.count == readAhead.capacity {
                return try takeReadAhead(readAhead, of: file)
            }
            readAhead.cancel()
        }
        if start > 0 {
            let count = end - start
            if count > 0 { buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: count) }
            start = 0
            end = count
        }
        guard end < buffer.count else { return 0 }
        let wanted = buffer.count - end
        let count = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[end...]), at: readOffset)
        if count == 0 { isAtEndOfFile = true }
        end += count
        readOffset += Int64(count)
        if count == wanted { startReadAhead(of: file) }
        return count
    }

    /// Reads on at `readOffset` on another thread, if the file can be read so and the buffer has
    /// its usual size; a file that has just ended short (all of a small file) is not read again.
    private func startReadAhead(of file: ReadableFile) {
        guard !file.isSequential else { return }
        if readAhead == nil { readAhead = InputReadAhead(capacity: buffer.count) }
        guard let readAhead, readAhead.capacity == buffer.count else { return }
        readAhead.start(file, at: readOffset)
    }

    /// Makes the bytes read ahead (after those not yet consumed) the buffer's, and reads on.
    private func takeReadAhead(_ readAhead: InputReadAhead, of file: ReadableFile) throws(SystemError) -> Int {
        let kept = available
        let (keptStart, count) = try readAhead.take(into: &buffer, keeping: kept)
        start = keptStart
        end = InputReadAhead.headroom + count
        readOffset += Int64(count)
        if count == 0 {
            isAtEndOfFile = true
        } else if count == readAhead.capacity - InputReadAhead.headroom {
            readAhead.start(file, at: readOffset)
        }
        return count
    }

    /// Refills until at least `count` bytes are available; false if the file ends first.
    func ensure(_ count: Int) throws(SystemError) -> Bool {
        precondition(count <= buffer.count)
        while end - start < count {
            if try refill() == 0 { return false }
        }
        return true
    }

    /// Doubles the buffer, up to `maximumCapacity`; false if it is already that large.
    func grow() -> Bool {
        guard buffer.count < Self.maximumCapacity else { return false }
        reallocate(to: min(buffer.count * 2, Self.maximumCapacity))
        return true
    }

    /// Gives the buffer back its usual size after a long header made it grow.
    func shrink(to capacity: Int) {
        guard buffer.count > capacity, end - start <= capacity else { return }
        reallocate(to: capacity)
    }

    /// A buffer of `capacity` bytes holding the unread bytes at its start.
    private func reallocate(to capacity: Int) {
        let replacement = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
        let count = end - start
        if count > 0 { replacement.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: count) }
        buffer.deallocate()
        buffer = replacement
        start = 0
        end = count
    }
}
