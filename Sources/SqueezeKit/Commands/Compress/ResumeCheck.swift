import Dispatch
import Glibc

/// `--resume`: how an existing output is judged complete, so that a rerun redoes only what is missing.
public enum ResumeMode: String, Sendable, Codable {
    /// The output is a regular file whose length is the source's size: exactly, from the member
    /// index of squeeze's indexed outputs (every member present, the last ending the file), else
    /// from the gzip trailer's ISIZE (the size mod 2^32), and its header's MTIME is the source's;
    /// a zstd output's frames state the size (its seek table, else every frame's content size,
    /// the frames walked by their block headers to the file's end). Its own modification time is
    /// the source's to the nanosecond (squeeze copies it when it commits the output, so a file whose
    /// write was cut short, or any other gzip that happens to be there, does not pass).
    case check
    /// The same, and the output decodes (every member's CRC-32 and length) to the source's size.
    case verify
}

/// Judges whether a file's output is already complete (a resumed run's work done earlier, or a
/// rerun's), reading a few bytes of it; `ResumeCheckQueue` runs the checks on every core while the
/// walk goes on, and a task judges an output it meets itself.
///
/// Temporaries of a killed run never count: they are not at the output's name (an output appears
/// there only once whole, by `link` or `rename`), and the scan removes them.
struct ResumeCheck: Sendable {
    let mode: ResumeMode
    /// What the outputs are: zstd's are judged as zstd, any other as gzip (zlib's and zip's then
    /// never pass).
    let format: OutputFormat

    /// What is at a file's output's name.
    enum Judgement {
        /// Complete, and its source's: the file's outcome, counted as found done (with its sizes,
        /// in no time).
        case complete(FileOutcome)
        /// Nothing: the file is to be compressed.
        case absent
        /// Something that is not this source's complete output (another file, a cut or older
        /// one, a link, a directory): replaced only with `--force`.
        case different
    }

    /// Judges the output at `destination` of `source`. The output is opened by its name in
    /// `directory` (which moves to the output's directory); `head` is room for the bytes read
    /// (`wholeRead` of them).
    func judge(_ source: ScannedFile, at destination: PathName, in directory: ParentDirectory, head: inout [UInt8]) -> Judgement {
        var status = FileStatus(stat())
        var isMissing = false
        guard let output = directory.openRegular(destination, status: &status, isMissing: &isMissing) else {
            return isMissing ? .absent : .different
        }
        // Its modification time is the source's: squeeze copies it when it commits the output.
        guard status.modificationTime == source.status.modificationTime else { return .different }
        let isComplete = format == .zstd
            ? Self.statesZstdLength(of: output, size: status.size, expected: source.status.size)
            : isCompleteGzip(output, size: status.size, of: source, head: &head)
        guard isComplete else { return .different }
        if mode == .verify {
            // The reader of decompress, which tells zstd from gzip by its magic.
            let decoded = Locked<Int64>(0)
            let reader = GzipFileReader(scheduling: SchedulingOptions(mode: .sequential, jobs: 1))
            guard (try? reader.decode(destination, into: { buffer in decoded.withLock { $0 += Int64(buffer.count) } })) != nil,
                  decoded.withLock({ $0 }) == source.status.size
            else { return .different }
        }
        var outcome = FileOutcome(
            source: source.path, output: destination, bytesIn: source.status.size, bytesOut: status.size, seconds: 0,
            status: .done)
        outcome.progressBytes = source.status.size
        outcome.isFoundDone = true
        return .complete(outcome)
    }

    /// Whether `output` (`size` bytes) is gzip whose index, or else last trailer, says it decodes
    /// to `source`'s size, with the source's time in its header. `head` is room for the bytes read.
    private func isCompleteGzip(_ output: ReadableFile, size: Int64, of source: ScannedFile, head: inout [UInt8]) -> Bool {
        guard size >= 18, let trailer = Self.readHeaderAndTrailer(of: output, size: size, into: &head),
              head[0] == 0x1f, head[1] == 0x8b, head[2] == 8,
              Self.littleEndian(head, at: 4) == source.status.modificationTime.gzipModificationTime,
              Self.decodedLength(
                  of: output, size: size, flags: head[3], lastLength: Self.littleEndian(head, at: trailer + 4),
                  matches: source.status.size)
        else { return false }
        // An empty source's trailer is eight zero bytes, and so are the last eight of its output cut
        // short by a byte or more (CRC-32 0 ends it too): only decoding tells the two apart. For
        // another source a cut trailer repeats its size only by chance (bytes of the CRC-32 matching
        // bytes of the size; under 16 MiB, never after a cut of one byte), and its times must match.
        if source.status.size == 0 && mode == .check {
            return size <= Self.wholeRead && Self.isOneEmptyMember(head[..<Int(size)])
        }
        return true
    }

    /// Whether `output` (`size` bytes) is zstd whose frames state `expected` bytes and account for
    /// every byte of it (`ZstdFrameIndex.statedLength`): a file cut short, even at a frame's end,
    /// loses its seek table or its last frame's end, and does not pass.
    private static func statesZstdLength(of output: ReadableFile, size: Int64, expected: Int64) -> Bool {
        guard let magic = try? output.read(count: 4, at: 0), Zstd.startsFile(magic) else { return false }
        return (try? ZstdFrameIndex.statedLength(of: output, size: size)) == expected
    }

    /// An output of one page or less (78% of `/usr/include`'s) is read whole, in one `pread`; of a
    /// larger one, only its first `headerRead` bytes and its last 8, in two: past a page, copying
    /// the bytes costs more than a second call. (Open, status, reads and close of a shard's 3,955
    /// outputs in tmpfs, CPU time, medians of 41 interleaved rounds: 2.37 and 2.19 µs a file when
    /// reading whole up to 4 KiB, against 2.60 and 2.39 up to 16 KiB, 2.49 and 2.28 up to 8 KiB,
    /// 2.69 and 2.31 reading every output apart.) `head` holds `wholeRead` bytes.
    static let wholeRead = 4096
    static let headerRead = 10

    /// Reads the output's first `headerRead` bytes and its last 8 (its trailer) into `buffer`, the
    /// header first; returns where the trailer starts in it, or nil when fewer could be read (a
    /// file cut short since its status was taken).
    private static func readHeaderAndTrailer(of output: ReadableFile, size: Int64, into buffer: inout [UInt8]) -> Int? {
        let read = try? buffer.withUnsafeMutableBytes { buffer throws(SystemError) -> Bool in
            if size <= Self.wholeRead {
                return try output.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<Int(size)]), at: 0) == Int(size)
            }
            guard try output.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<headerRead]), at: 0) == headerRead
            else { return false }
            return try output.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[headerRead..<(headerRead + 8)]), at: size - 8) == 8
        }
        guard read == true else { return nil }
        return size <= Self.wholeRead ? Int(size) - 8 : headerRead
    }

    /// Whether `output` decodes to `expected` bytes, as far as its index or its last trailer says.
    /// (A split file's last trailer gives only its last member's length: its index gives them all.)
    /// `flags` is its header's FLG byte, `lastLength` its last trailer's ISIZE.
    private static func decodedLength(
        of output: ReadableFile, size: Int64, flags: UInt8, lastLength: UInt32, matches expected: Int64
    ) -> Bool {
        // Only a header with an extra field (FLG.FEXTRA) can carry a member index: without one,
        // the walk would find none, so it is not made.
        if flags & 0x04 != 0, let index = try? MemberIndexWalker(file: output, fileSize: size).walk() {
            return index.uncompressedBytes == expected
        }
        return lastLength == UInt32(truncatingIfNeeded: expected)
    }

    /// Whether `bytes` (an output read whole) are exactly one gzip member that decodes to nothing:
    /// libdeflate checks its header, data, CRC-32 and ISIZE, in memory.
    private static func isOneEmptyMember(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let decompressor = try? LibdeflateDecompressor() else { return false }
        var nothing: UInt8 = 0
        let step = bytes.withUnsafeBytes { input in
            withUnsafeMutableBytes(of: &nothing) { decompressor.decompressGzipMember(input, into: $0) }
        }
        guard case .decoded(let consumed, let produced) = step else { return false }
        return consumed == bytes.count && produced == 0
    }

    /// The 32-bit little-endian number at `offset` of `bytes`.
    private static func littleEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }
}
