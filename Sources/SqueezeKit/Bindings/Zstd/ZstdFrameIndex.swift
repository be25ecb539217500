import CZstd

/// Where the frames of a zstd file are, found without decoding them, and gathered into runs that
/// workers decode side by side. Found from, in order:
/// - the seekable format's seek table at the end (squeeze's own files, and other seekable writers');
/// - the frames' own headers, hopping from block header to block header (three bytes each) to each
///   frame's end, past skippable frames (`pzstd` puts one before each frame). A frame whose header
///   states its content size decodes to exactly that; one without (`pzstd`'s, `zstd
///   --no-content-size`) to at most its block count times its largest block, and its run's
///   buffer is that large (`isExact` false).
/// A frame that may decode to more than `frameLimit` leaves the file to one stream: nil. So does
/// a file of one frame.
///
/// Nothing here is trusted for the bytes: each run is decoded by libzstd, which checks every
/// frame's structure and checksum, and must fill its stated length exactly (or fit its bound), or
/// the file is streamed from that run on (by the engine's decoding task).
struct ZstdFrameIndex: Equatable, Sendable {
    /// Consecutive frames (and any skippable frames between them) decoded as one piece of work.
    struct Run: Equatable, Sendable {
        var offset: Int64
        var length: Int
        /// The exact decoded length where `isExact`, else the most it can decode to.
        var decompressedLength: Int
        var isExact: Bool
        var frames: Int

        var end: Int64 { offset + Int64(length) }
    }

    enum Source: String, Sendable {
        case seekTable = "seek table"
        case frameHeaders = "frame headers"
    }

    var runs: [Run]
    var frames: Int
    /// The exact decoded length where `isExact`, else a bound.
    var decompressedBytes: Int64
    var isExact: Bool
    /// Where the frames end: the seek table's offset, or the file's end.
    var end: Int64
    var source: Source

    /// Runs are closed once they hold this much decoded data (frames are not split).
    static let runLimit = 1 << 20
    /// Frames that may decode to more are left to the stream: a run's output is held whole in memory.
    static let frameLimit = 32 << 20
    /// The most frames a file is walked for (a file of millions of tiny frames streams instead).
    static let walkLimit = 1 << 20

    /// The index of `file` (`size` bytes), or nil when it is not worth decoding in parallel.
    static func find(in file: ReadableFile, size: Int64) throws -> ZstdFrameIndex? {
        if let (table, offset) = try ZstdSeekTable.read(from: file, size: size) {
            var builder = Builder()
            var position: Int64 = 0
            for entry in table.entries {
                let frame = Run(offset: position, length: Int(entry.compressedLength), decompressedLength: Int(entry.decompressedLength), isExact: true, frames: 1)
                guard builder.add(frame) else { return nil }
                position += Int64(entry.compressedLength)
            }
            return builder.index(end: offset, source: .seekTable)
        }
        var walker = FrameWalker(file: file, size: size)
        return try walker.walk()
    }

    /// Gathers frames into runs.
    struct Builder {
        var runs: [Run] = []
        var frames = 0
        var decompressedBytes: Int64 = 0
        var isExact = true

        /// Adds a frame (a run of one); false when it may be too large to decode as a piece.
        mutating func add(_ frame: Run) -> Bool {
            guard frame.decompressedLength <= ZstdFrameIndex.frameLimit else { return false }
            frames += 1
            decompressedBytes += Int64(frame.decompressedLength)
            isExact = isExact && frame.isExact
            if var last = runs.last, last.end == frame.offset, last.decompressedLength + frame.decompressedLength <= ZstdFrameIndex.runLimit {
                last.length += frame.length
                last.decompressedLength += frame.decompressedLength
                last.isExact = last.isExact && frame.isExact
                last.frames += 1
                runs[runs.count - 1] = last
            } else {
                runs.append(frame)
            }
            return true
        }

        /// Skippable bytes between frames join the run before them (libzstd passes over them);
        /// those before the first frame are left out of every run.
        mutating func skip(at offset: Int64, length: Int) {
            if var last = runs.last, last.end == offset {
                last.length += length
                runs[runs.count - 1] = last
            }
        }

        func index(end: Int64, source: Source) -> ZstdFrameIndex? {
            guard frames > 1 else { return nil }
            return ZstdFrameIndex(runs: runs, frames: frames, decompressedBytes: decompressedBytes, isExact: isExact, end: end, source: source)
        }
    }
}

extension ZstdFrameIndex {
    /// The length `file` (`size` bytes) decodes to as its frames state it: the seek table's, else
    /// the sum of every frame header's content size, the frames walked to the file's end (a file
    /// of one frame too). Nil when the frames do not account for every byte (a file cut short, or
    /// with bytes after them) or a frame states no size. Nothing is decoded: libzstd checks the
    /// bytes when the file is read.
    static func statedLength(of file: ReadableFile, size: Int64) throws -> Int64? {
        guard size > 0 else { return nil }
        if let (table, _) = try ZstdSeekTable.read(from: file, size: size) {
            return table.entries.reduce(0) { $0 + Int64($1.decompressedLength) }
        }
        var walker = FrameWalker(file: file, size: size)
        var total: Int64 = 0
        let walked = try walker.visit(
            frame: { frame in
                total += Int64(frame.decompressedLength)
                return frame.isExact
            },
            skippable: { _, _ in })
        return walked ? total : nil
    }
}

/// Walks a zstd file from frame to frame by their headers (`ZstdFrameIndex`), reading a small
/// window around each header rather than the data.
private struct FrameWalker {
    let file: ReadableFile
    let size: Int64
    private var window: [UInt8] = []
    private var windowStart: Int64 = 0
    private static let windowLength = 4096

    init(file: ReadableFile, size: Int64) {
        self.file = file
        self.size = size
    }

    mutating func walk() throws -> ZstdFrameIndex? {
        var builder = ZstdFrameIndex.Builder()
        let walked = try visit(
            frame: { builder.add($0) }, skippable: { builder.skip(at: $0, length: $1) }, frameLimit: ZstdFrameIndex.frameLimit)
        return walked ? builder.index(end: size, source: .frameHeaders) : nil
    }

    /// Walks the file from frame to frame, handing each frame (a run of one) to `frame`, which
    /// returns false to stop, and each skippable frame's offset and length to `skippable`. True
    /// when the frames end exactly at the file's end; false when one is not a frame, runs past the
    /// end, `frame` stopped the walk, or there are more than `walkLimit` frames (skippable ones aside).
    /// A frame that may decode to more than `frameLimit` stops the walk as soon as its header (or,
    /// without a content size, its blocks so far) say so: `zstd`'s one frame of a large file is
    /// not walked block by block (a `pread` each) before it is streamed.
    mutating func visit(
        frame: (ZstdFrameIndex.Run) -> Bool, skippable: (Int64, Int) -> Void, frameLimit: Int? = nil
    ) throws -> Bool {
        var position: Int64 = 0
        var frames = 0
        while position < size {
            guard frames < ZstdFrameIndex.walkLimit, let magic = try word(at: position) else { return false }
            if SkippableFrame.isMagic(magic) {
                guard let length = try word(at: position + 4) else { return false }
                let next = position + Int64(SkippableFrame.headerLength) + Int64(length)
                skippable(position, Int(next - position))
                position = next
                continue
            }
            guard let header = try frameHeader(at: position), header.frameType == ZSTD_frame else { return false }
            if let frameLimit, let contentSize = header.contentSize, contentSize > frameLimit { return false }
            guard let (end, blocks) = try frameEnd(at: position, header: header, frameLimit: frameLimit) else { return false }
            let bound = blocks * min(header.blockSizeMax, ZstdFrameIndex.frameLimit + 1)
            guard frame(ZstdFrameIndex.Run(
                offset: position, length: Int(end - position), decompressedLength: header.contentSize ?? bound,
                isExact: header.contentSize != nil, frames: 1))
            else { return false }
            frames += 1
            position = end
        }
        return position == size
    }

    private struct Header {
        var frameType: ZSTD_frameType_e
        var headerLength: Int
        var hasChecksum: Bool
        var contentSize: Int?
        /// The most one block decodes to.
        var blockSizeMax: Int
    }

    /// The header of the frame at `offset`, as libzstd reads it; nil if it is not one.
    private mutating func frameHeader(at offset: Int64) throws -> Header? {
        guard let bytes = try bytes(count: Int(ZSTD_FRAMEHEADERSIZE_MAX), at: offset, allowingShort: true) else { return nil }
        var header = ZSTD_frameHeader()
        let result = bytes.withUnsafeBytes { ZSTD_getFrameHeader(&header, $0.baseAddress, $0.count) }
        guard result == 0 else { return nil }
        let unknown = header.frameContentSize == ZSTD_CONTENTSIZE_UNKNOWN || header.frameContentSize == ZSTD_CONTENTSIZE_ERROR
        return Header(
            frameType: header.frameType, headerLength: Int(header.headerSize), hasChecksum: header.checksumFlag != 0,
            contentSize: unknown || header.frameContentSize > UInt64(Int.max) ? nil : Int(header.frameContentSize),
            blockSizeMax: Int(header.blockSizeMax))
    }

    /// Where the frame at `offset` ends, and its block count, from its block headers; nil where
    /// they run past the file, or where a frame without a content size has more blocks than
    /// `frameLimit` bytes can hold at their largest.
    private mutating func frameEnd(at offset: Int64, header: Header, frameLimit: Int?) throws -> (end: Int64, blocks: Int)? {
        var position = offset + Int64(header.headerLength)
        var blocks = 0
        while true {
            blocks += 1
            if let frameLimit, header.contentSize == nil, blocks * min(header.blockSizeMax, frameLimit + 1) > frameLimit { return nil }
            guard let block = try bytes(count: 3, at: position) else { return nil }
            let word = UInt32(block[0]) | UInt32(block[1]) << 8 | UInt32(block[2]) << 16
            let isLast = word & 1 != 0
            let type = (word >> 1) & 3
            let blockSize = Int64(word >> 3)
            // Raw and compressed blocks hold their size in bytes; an RLE block one byte; type 3 is reserved.
            guard type != 3 else { return nil }
            position += 3 + (type == 1 ? 1 : blockSize)
            if isLast { break }
            guard position < size else { return nil }
        }
        position += header.hasChecksum ? 4 : 0
        return position <= size ? (position, blocks) : nil
    }

    private mutating func word(at offset: Int64) throws -> UInt32? {
        try bytes(count: 4, at: offset).map { UInt32($0[0]) | UInt32($0[1]) << 8 | UInt32($0[2]) << 16 | UInt32($0[3]) << 24 }
    }

    /// `count` bytes at `offset` (fewer at the file's end when `allowingShort`), from the window,
    /// read again where it does not hold them.
    private mutating func bytes(count: Int, at offset: Int64, allowingShort: Bool = false) throws -> [UInt8]? {
        guard offset >= 0, offset < size else { return nil }
        if offset < windowStart || offset + Int64(count) > windowStart + Int64(window.count) {
            window = try file.read(count: Self.windowLength, at: offset)
            windowStart = offset
        }
        let start = Int(offset - windowStart)
        let available = min(count, window.count - start)
        guard available == count || (allowingShort && available > 0) else { return nil }
        return Array(window[start..<(start + available)])
    }
}
