/// gztool's index format (`gztool -i FILE.gz` writes `FILE.gzi`), which gztool and rapidgzip
/// (`--import-index`) read. Learnt from gztool's README and from the files gztool 1.5.1 and
/// rapidgzip write:
///
/// ```
/// 8 zero bytes (so that bgzip, whose .gzi starts with an entry count, is not misled), then
/// "gzipindx", or "gzipindX" for an index that counts lines; with lines, the newline in use (u32:
/// 0 for "\n", 1 for "\r"); the checkpoint count twice (u64 each: "have" and "size", which differ
/// while gztool is still building the index); per checkpoint: its decoded offset (u64), the byte
/// after the bit it is at (u64), how many bits of the byte before belong to it (u32), the length
/// of its window (u32; 0 for none), the window as a zlib stream (the decoded bytes before the
/// checkpoint, up to 32 KiB: gztool keeps only those of the member it is in), and with lines the
/// line the checkpoint is in (u64, from 1); then the decoded size (u64) and with lines the number
/// of lines (u64). Numbers big-endian.
/// ```
///
/// The compressed size is not in it: a gztool index is told stale by squeeze's addition when it
/// has one, else by what a decode through it meets.
extension CheckpointIndex {
    static let gztoolMagic = [UInt8](repeating: 0, count: 8) + Array("gzipindx".utf8)
    static let gztoolMagicWithLines = [UInt8](repeating: 0, count: 8) + Array("gzipindX".utf8)
    /// More than zlib can make of 32 KiB, whatever its level: a larger window length is a lie.
    private static let gztoolLargestStoredWindow = 1 << 16
    private static let gztoolPointLength = 24

    /// Whether `head`, an index file's first 16 bytes, is gztool's (of either version squeeze reads).
    static func isGztoolIndex(_ head: [UInt8]) -> Bool {
        head.count == 16 && head[..<15].elementsEqual(gztoolMagic[..<15]) && (head[15] == gztoolMagic[15] || head[15] == gztoolMagicWithLines[15])
    }

    /// Reads the format's bytes, front to back (its windows lie between its checkpoints); the
    /// layout's `end` is where they end.
    init(readingGztool file: ReadableFile, size: Int64) throws {
        var input = ForwardReader(file: file, size: size, position: 0)
        let hasLines = try input.bytes(16).last == Self.gztoolMagicWithLines.last
        if hasLines { _ = try input.number(4) }
        let have = try input.number(8), count = try input.number(8)
        guard have == count, count > 0 else {
            throw CheckpointIndexError.malformed("gztool's index is incomplete (\(have) of \(count == .max ? "more" : String(count)) checkpoints): let gztool finish it")
        }
        guard count <= UInt64(size) / UInt64(Self.gztoolPointLength) else { throw CheckpointIndexError.malformed("cut short") }
        var checkpoints: [Checkpoint] = [], windows: [StoredWindow?] = []
        checkpoints.reserveCapacity(Int(count))
        windows.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            let decoded = Int64(bitPattern: try input.number(8)), byte = Int64(bitPattern: try input.number(8))
            let bitsBefore = Int64(try input.number(4)), windowLength = Int(try input.number(4))
            guard bitsBefore < 8, byte >= 0, decoded >= 0, bitsBefore == 0 || byte > 0, windowLength <= Self.gztoolLargestStoredWindow,
                  checkpoints.last.map({ $0.decodedOffset <= decoded && $0.bit < byte * 8 - bitsBefore }) ?? true
            else { throw CheckpointIndexError.malformed("checkpoint \(index) does not fit the ones before it") }
            checkpoints.append(Checkpoint(bit: byte * 8 - bitsBefore, decodedOffset: decoded, hasWindow: windowLength > 0))
            windows.append(windowLength > 0 ? StoredWindow(offset: input.position, length: windowLength, isZlibStream: true) : nil)
            try input.skip(windowLength)
            if hasLines { _ = try input.number(8) }
        }
        let decodedSize = Int64(bitPattern: try input.number(8))
        if hasLines { _ = try input.number(8) }
        guard decodedSize >= checkpoints.last!.decodedOffset else {
            throw CheckpointIndexError.malformed("its checkpoints lie past the end of the data it records")
        }
        self.init(
            compressedSize: nil, decodedSize: decodedSize, spacing: 0, checkpoints: checkpoints, verification: nil,
            layout: Layout(format: .gztool, windows: windows, end: input.position))
    }

    /// The format's bytes, with lines when `lines` are given, each window a zlib stream.
    func encodeGztool(windows: [[UInt8]], lines: LineCounts?, to write: ([UInt8]) throws -> Void) throws {
        var bytes = lines == nil ? Self.gztoolMagic : Self.gztoolMagicWithLines
        if lines != nil { bytes.appendBigEndian(UInt32(0)) }
        bytes.appendBigEndian(UInt64(checkpoints.count))
        bytes.appendBigEndian(UInt64(checkpoints.count))
        try write(bytes)
        let compressor = try LibdeflateCompressor(level: 6)
        var deflated = [UInt8](repeating: 0, count: compressor.zlibBound(Self.windowLength))
        var windows = windows.makeIterator()
        for (index, checkpoint) in checkpoints.enumerated() {
            let bitsBefore = checkpoint.bit % 8
            bytes = []
            bytes.appendBigEndian(UInt64(checkpoint.decodedOffset))
            bytes.appendBigEndian(UInt64((checkpoint.bit + 7) / 8))
            bytes.appendBigEndian(UInt32(bitsBefore == 0 ? 0 : 8 - bitsBefore))
            let window = checkpoint.hasWindow ? windows.next()! : []
            let length = window.isEmpty ? 0 : try window.withUnsafeBytes { input in
                try deflated.withUnsafeMutableBytes { try compressor.compressZlib(input, into: $0) }
            }
            bytes.appendBigEndian(UInt32(length))
            bytes += deflated[..<length]
            if let lines { bytes.appendBigEndian(UInt64(lines.newlinesBefore[index] + 1)) }
            try write(bytes)
        }
        bytes = []
        bytes.appendBigEndian(UInt64(decodedSize))
        if let lines { bytes.appendBigEndian(UInt64(lines.total)) }
        try write(bytes)
    }
}

extension [UInt8] {
    fileprivate mutating func appendBigEndian<Value: FixedWidthInteger>(_ value: Value) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }
}

/// Reads an index file front to back in pieces, skipping what is not wanted: gztool's windows lie
/// between its checkpoints, and are read only when needed.
private struct ForwardReader {
    let file: ReadableFile
    let size: Int64
    private(set) var position: Int64
    private var buffer: [UInt8] = []
    private var bufferStart: Int64 = 0
    private static let pieceLength = 1 << 16

    init(file: ReadableFile, size: Int64, position: Int64) {
        self.file = file
        self.size = size
        self.position = position
        bufferStart = position
    }

    /// The next `count` bytes (count small); throws if the file ends first.
    mutating func bytes(_ count: Int) throws -> ArraySlice<UInt8> {
        let end = position + Int64(count)
        guard end <= size else { throw CheckpointIndexError.malformed("cut short") }
        if position < bufferStart || end > bufferStart + Int64(buffer.count) {
            buffer = try file.read(count: Int(min(Int64(max(count, Self.pieceLength)), size - position)), at: position)
            bufferStart = position
            guard end <= bufferStart + Int64(buffer.count) else { throw CheckpointIndexError.malformed("cut short") }
        }
        defer { position = end }
        let from = Int(position - bufferStart)
        return buffer[from..<(from + count)]
    }

    /// The big-endian number in the next `count` bytes.
    mutating func number(_ count: Int) throws -> UInt64 {
        try bytes(count).reduce(0) { $0 << 8 | UInt64($1) }
    }

    mutating func skip(_ count: Int) throws {
        guard position + Int64(count) <= size else { throw CheckpointIndexError.malformed("cut short in its windows") }
        position += Int64(count)
    }
}
