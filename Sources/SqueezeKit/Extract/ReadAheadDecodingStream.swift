import Foundation
import Synchronization

/// An archive file decompressed by libarchive's own filters (gzip, xz, bzip2, zstd, ...) on a
/// thread of its own, running ahead of the reader by a few buffers: decompression then overlaps
/// with the work done on what it produces, as in `gzip -dc | tar x`, instead of alternating with
/// it on one thread. The reader's libarchive parses the result as an uncompressed archive.
public final class ReadAheadDecodingStream: DecodedStream {
    private let channel = DecodedChunkChannel(capacity: 4)
    private let consumed: FileBytesConsumed
    private var chunk: [UInt8] = []
    private var position = 0
    private var isAtEnd = false
    /// Decoded bytes handed to the reader so far.
    public private(set) var bytesDelivered: Int64 = 0

    static let chunkSize = 1 << 20

    /// Opens the file here, so that a missing file fails at once; decoding starts on its thread.
    public init(_ path: PathName) throws(SystemError) {
        let file = try ReadableFile(path)
        let channel = channel
        let consumed = FileBytesConsumed()
        self.consumed = consumed
        let thread = Thread {
            Self.decode(file, into: channel, counting: consumed)
        }
        thread.name = "squeeze.read-ahead"
        thread.start()
    }

    deinit { channel.close() }

    public var bytesConsumed: Int64 { consumed.value }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while position == chunk.count {
            if isAtEnd { return 0 }
            switch channel.receive() {
            case .data(let next):
                chunk = next
                position = 0
            case .end:
                isAtEnd = true
                chunk = []
                position = 0
            case .failure(let error):
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

    /// The decoding thread: libarchive with every filter and no format but "raw", which yields
    /// the decompressed bytes as the data of one entry. Bytes decoded before a failure (a
    /// truncated file) are handed on before it, so that the reader gets every entry they hold.
    private static func decode(_ file: ReadableFile, into channel: DecodedChunkChannel, counting consumed: FileBytesConsumed) {
        var chunk: [UInt8] = []
        do {
            // An empty file decodes to nothing (libarchive's raw reader would call it unrecognised).
            guard try file.status().size > 0 else {
                _ = channel.send(.end)
                return
            }
            let stream = try RawFileStream(file: file)
            let reader = try ArchiveReadHandle(stream: stream, name: file.path, decodingOnly: true)
            let entry = ArchiveEntryHandle()
            guard try reader.nextHeader(into: entry) != .endOfFile else {
                _ = channel.send(.end)
                return
            }
            chunk.reserveCapacity(chunkSize)
            while let block = try reader.nextDataBlock(name: file.path) {
                consumed.value = stream.bytesConsumed
                chunk.append(contentsOf: block.bytes)
                if chunk.count >= chunkSize {
                    guard channel.send(.data(chunk)) else { return }
                    chunk = []
                    chunk.reserveCapacity(chunkSize)
                }
            }
            if !chunk.isEmpty { guard channel.send(.data(chunk)) else { return } }
            _ = channel.send(.end)
        } catch {
            if !chunk.isEmpty { guard channel.send(.data(chunk)) else { return } }
            _ = channel.send(.failure(error))
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
