import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// The ways extract and list can get an archive's bytes to libarchive.
public enum DecodedStreamOpeners {
    /// The file as it is: libarchive decompresses on the thread that parses. Seekable, which zip
    /// and other random-access formats need.
    public static let raw: DecodedStreamOpener = { path in try RawFileStream(path) }

    /// Decompression by libarchive's filters on a thread of its own (see `ReadAheadDecodingStream`).
    public static let readAhead: DecodedStreamOpener = { path in try ReadAheadDecodingStream(path) }

    /// By the file's magic number: gzip and zstd decoded by squeeze (`GzipArchiveStream`: in
    /// parallel for squeeze's own), other compression (xz, bzip2, lzip, lz4, compress) by libarchive's
    /// filters read ahead on a thread of their own, and anything else (a plain tar, zip, 7z) as
    /// the raw, seekable file. A wrong guess costs speed, never correctness: libarchive detects
    /// the real format either way.
    public static func automatic(scheduling: SchedulingOptions = SchedulingOptions()) -> DecodedStreamOpener {
        { path in try open(ReadableFile(path), scheduling: scheduling) }
    }

    /// As `automatic`, for a file already open (standard input, say: read from its start again,
    /// through the first bytes a stream keeps, after its magic is looked at).
    static func open(_ file: ReadableFile, scheduling: SchedulingOptions) throws -> any DecodedStream {
        let head = try file.read(count: 6, at: 0)
        if head.starts(with: GzipHeader.magic) || Zstd.startsFile(head) { return GzipArchiveStream(file: file, scheduling: scheduling) }
        return isCompressed(head) ? ReadAheadDecodingStream(file: file) : try RawFileStream(file: file)
    }

    static func isCompressed(_ head: [UInt8]) -> Bool {
        let magics: [[UInt8]] = [
            [0x1F, 0x8B],  // gzip
            [0x1F, 0x9D],  // compress
            [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00],  // xz
            [0x42, 0x5A, 0x68],  // bzip2 "BZh"
            [0x28, 0xB5, 0x2F, 0xFD],  // zstd
            [0x4C, 0x5A, 0x49, 0x50],  // lzip "LZIP"
            [0x04, 0x22, 0x4D, 0x18],  // lz4
        ]
        return magics.contains { head.starts(with: $0) }
    }
}

/// A gzip- or zstd-compressed archive as squeeze decodes it, for libarchive to parse as an
/// uncompressed one: squeeze's own `.tar.gz` member by member in parallel (and a `.tar.zst` whose
/// frames can be found, frame by frame), any other as a stream (all
/// through `GzipDecodedStream`, in the background, a bounded amount ahead of the parser). Unlike
/// libarchive's gzip filter, every member's CRC-32 and length are checked, up to the end of the
/// file, once `finishReading()` has run; `hasVerified(through:)` says how far they have been so
/// far, so that what is made from bytes not yet checked can wait for them.
public final class GzipArchiveStream: DecodedStream {
    private let decoded: GzipDecodedStream
    /// The chunk decoded last. It is never written to, only replaced by the next: bytes lent from
    /// it stay what they were for as long as anyone holds it (`lentChunk(holding:)`).
    private var chunk: [UInt8] = []
    private var chunkNumber = -1
    private var position = 0
    private var isAtEnd = false

    init(file: ReadableFile, scheduling: SchedulingOptions) {
        decoded = GzipDecodedStream(file: file, scheduling: scheduling)
    }

    deinit { decoded.close() }

    public var bytesConsumed: Int64 { decoded.bytesConsumed }

    /// What the decode found, once the stream has been read to its end.
    public var summary: GzipDecodeSummary? { decoded.summary }

    public func hasVerified(through offset: Int64) -> Bool {
        decoded.bytesVerified >= offset
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let bytes = try nextBytes(upTo: buffer.count)
        buffer.copyMemory(from: bytes)
        return bytes.count
    }

    /// The rest of the chunk decoded last, without a copy.
    public func read(lendingOr buffer: UnsafeMutableRawBufferPointer) throws -> UnsafeRawBufferPointer {
        try nextBytes(upTo: .max)
    }

    private func nextBytes(upTo limit: Int) throws -> UnsafeRawBufferPointer {
        while position == chunk.count {
            if isAtEnd { return UnsafeRawBufferPointer(start: nil, count: 0) }
            guard let next = try decoded.next() else {
                isAtEnd = true
                return UnsafeRawBufferPointer(start: nil, count: 0)
            }
            chunk = next
            chunkNumber += 1
            position = 0
        }
        let count = min(limit, chunk.count - position)
        // The chunk is neither changed nor released until the next read: its storage stays put for
        // as long as the bytes lent from it may be used.
        let start = chunk.withUnsafeBytes { $0.baseAddress! } + position
        position += count
        return UnsafeRawBufferPointer(start: start, count: count)
    }

    public func lentChunk(holding bytes: UnsafeRawBufferPointer) -> LentChunk? {
        chunk.withUnsafeBytes { whole in
            guard let base = whole.baseAddress, let start = bytes.baseAddress, start >= base,
                  start + bytes.count <= base + whole.count else { return nil }
            let lower = start - base
            return LentChunk(chunk: chunk, range: lower..<lower + bytes.count, number: chunkNumber)
        }
    }

    public func finishReading() throws -> String? {
        while !isAtEnd {
            position = chunk.count
            if try decoded.next() == nil { isAtEnd = true }
        }
        return decoded.summary?.warning
    }
}

/// An archive file decompressed by libarchive's own filters (gzip, xz, bzip2, zstd, ...) on a
/// thread of its own, running ahead of the reader by a few buffers: decompression then overlaps
/// with the work done on what it produces, as in `gzip -dc | tar x`, instead of alternating with
/// it on one thread. The reader's libarchive parses the result as an uncompressed archive.
///
/// The filters check what they check (xz and bzip2 their blocks, zstd its frames) only once a
/// block or frame has been decoded, after handing its bytes on, and squeeze cannot ask how far
/// they have got: so nothing counts as verified until the whole file has been decoded without an
/// error (`finishReading` reads it to its end, past the archive's end marker).
public final class ReadAheadDecodingStream: DecodedStream {
    private let channel = BoundedChannel<[UInt8]>(capacity: 4)
    /// Set when the reader goes: a decode waiting for a pipe's bytes stops, so that it can be joined.
    private let stopping = CancellationFlag()
    private let decoder: JoinableThread<Void>
    private let consumed: FileBytesConsumed
    private var chunk: [UInt8] = []
    private var position = 0
    private var isAtEnd = false
    /// The whole file was decoded, every check of its filters passed.
    private var isDecodedWhole = false
    /// Decoded bytes handed to the reader so far.
    public private(set) var bytesDelivered: Int64 = 0

    static let chunkSize = 1 << 20

    /// Opens the file here, so that a missing file fails at once; decoding starts on its thread.
    public convenience init(_ path: PathName) throws(SystemError) {
        self.init(file: try ReadableFile(path))
    }

    /// Decodes `file`, already open, on a thread of its own.
    init(file: ReadableFile) {
        let (channel, stopping) = (channel, stopping)
        let consumed = FileBytesConsumed()
        self.consumed = consumed
        decoder = JoinableThread(name: "squeeze.read-ahead") {
            Self.decode(file, into: channel, counting: consumed, until: stopping)
        }
    }

    /// Stops the decode (its next send fails, a wait for a pipe's bytes ends) and joins it.
    deinit {
        channel.close()
        stopping.cancel()
        decoder.join()
    }

    public var bytesConsumed: Int64 { consumed.value }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while position == chunk.count {
            if isAtEnd { return 0 }
            do {
                guard let next = try channel.receive() else {
                    isAtEnd = true
                    isDecodedWhole = true
                    continue
                }
                chunk = next
                position = 0
            } catch {
                isAtEnd = true
                throw error
            }
        }
        let count = min(buffer.count, chunk.count - position)
        chunk.withUnsafeBytes { bytes in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[position..<position + count]))
        }
        position += count
        bytesDelivered += Int64(count)
        return count
    }

    public func finishReading() throws -> String? {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while try buffer.withUnsafeMutableBytes({ try read(into: $0) }) > 0 {}
        return nil
    }

    public func hasVerified(through offset: Int64) -> Bool { isDecodedWhole }

    /// The decoding thread: libarchive with every filter and no format but "raw", which yields
    /// the decompressed bytes as the data of one entry. Bytes decoded before a failure (a
    /// truncated file) are handed on before it, so that the reader gets every entry they hold.
    private static func decode(
        _ file: ReadableFile, into channel: BoundedChannel<[UInt8]>, counting consumed: FileBytesConsumed, until stopping: CancellationFlag
    ) {
        var chunk: [UInt8] = []
        do {
            // An empty file decodes to nothing (libarchive's raw reader would call it unrecognised).
            // A pipe says it is empty whatever it holds: its first byte tells (and is read again).
            let isEmpty = file.isSequential ? try file.read(count: 1, at: 0).isEmpty : try file.status().size == 0
            guard !isEmpty else {
                channel.finish()
                return
            }
            let stream = try RawFileStream(file: file, readingUntil: stopping)
            let reader = try ArchiveReadHandle(stream: stream, name: file.path, decodingOnly: true)
            let entry = ArchiveEntryHandle()
            guard try reader.nextHeader(into: entry) != .endOfFile else {
                channel.finish()
                return
            }
            chunk.reserveCapacity(chunkSize)
            while let block = try reader.nextDataBlock(name: file.path) {
                consumed.value = stream.bytesConsumed
                chunk.append(contentsOf: block.bytes)
                if chunk.count >= chunkSize {
                    guard channel.send(chunk) else { return }
                    chunk = []
                    chunk.reserveCapacity(chunkSize)
                }
            }
            if !chunk.isEmpty { guard channel.send(chunk) else { return } }
            channel.finish()
        } catch {
            if !chunk.isEmpty { guard channel.send(chunk) else { return } }
            channel.finish(throwing: error)
        }
    }
}

/// How much of the file the decoding thread has read, for the reader's progress.
private final class FileBytesConsumed: Sendable {
    private let atomic = Atomic<Int64>(0)

    var value: Int64 {
        get { atomic.load(ordering: .relaxed) }
        set { atomic.store(newValue, ordering: .relaxed) }
    }
}
