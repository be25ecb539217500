import Dispatch
import Glibc

/// `--resume`: how an existing output is judged complete, so that a rerun redoes only what is missing.
public enum ResumeMode: String, Sendable, Codable {
    /// The output is a regular file whose length is the source's size: exactly, from the member
    /// index of squeeze's indexed outputs (every member present, the last ending the file), else
    /// from the gzip trailer's ISIZE (the size mod 2^32); its header's MTIME is the source's, and its own modification time is the
    /// source's to the nanosecond (squeeze copies it when it commits the output, so a file whose
    /// write was cut short, or any other gzip that happens to be there, does not pass).
    case check
    /// The same, and the output decodes (every member's CRC-32 and length) to the source's size.
    case verify
}

/// Splits a run's tasks into outputs already complete (a resumed run's work done earlier) and the
/// tasks still to run. The checks read a few bytes per output, on every core.
///
/// Temporaries of a killed run never count: they are not at the output's name (an output appears
/// there only once whole, by `link` or `rename`), and the scan removes them.
struct ResumeCheck {
    let mode: ResumeMode

    /// The planned files (indices into `files`, in order) still to compress; each file whose
    /// output is already complete goes to `record` instead, with the count and bytes of them all.
    /// Checked a chunk at a time on every core, so that memory does not grow with the file count.
    func split(
        _ planned: [Int32], of files: ScannedFiles, destination: @Sendable (ScannedFile) -> PathName,
        record: (FileOutcome) -> Void
    ) -> (remaining: [Int32], resumedFiles: Int, resumedBytes: Int64) {
        var remaining: [Int32] = []
        var (resumedFiles, resumedBytes) = (0, Int64(0))
        for chunkStart in stride(from: 0, to: planned.count, by: Self.chunk) {
            let chunk = planned[chunkStart..<min(chunkStart + Self.chunk, planned.count)]
            let completed = Locked([FileOutcome?](repeating: nil, count: chunk.count))
            DispatchQueue.concurrentPerform(iterations: chunk.count) { offset in
                let file = files[Int(chunk[chunk.startIndex + offset])]
                if let outcome = completedOutput(of: file, at: destination(file)) {
                    completed.withLock { $0[offset] = outcome }
                }
            }
            for (index, outcome) in zip(chunk, completed.withLock { $0 }) {
                guard let outcome else {
                    remaining.append(index)
                    continue
                }
                record(outcome)
                resumedFiles += 1
                resumedBytes += outcome.bytesIn
            }
        }
        return (remaining, resumedFiles, resumedBytes)
    }

    private static let chunk = 4096

    /// The outcome of a file whose output at `destination` is complete and matches it, counted as
    /// done (with its sizes, in no time), or nil when it must be compressed.
    func completedOutput(of source: ScannedFile, at destination: PathName) -> FileOutcome? {
        guard let output = try? ReadableFile(destination), let status = try? output.status(),
              status.kind == .regular, status.size >= 18,
              status.modificationTime == source.status.modificationTime,
              let head = try? output.read(count: Int(min(status.size, Int64(Self.headRead))), at: 0),
              head.count == min(status.size, Int64(Self.headRead)),
              head[0] == 0x1f, head[1] == 0x8b, head[2] == 8,
              Self.littleEndian(head[4..<8]) == source.status.modificationTime.gzipModificationTime,
              Self.decodedLength(of: output, size: status.size, head: head, matches: source.status.size)
        else { return nil }
        if mode == .verify {
            let decoded = Locked<Int64>(0)
            let reader = GzipFileReader(scheduling: SchedulingOptions(mode: .sequential, jobs: 1))
            guard (try? reader.decode(destination, into: { buffer in decoded.withLock { $0 += Int64(buffer.count) } })) != nil,
                  decoded.withLock({ $0 }) == source.status.size
            else { return nil }
        }
        var outcome = FileOutcome(
            source: source.path, output: destination, bytesIn: source.status.size, bytesOut: status.size, seconds: 0,
            status: .done)
        outcome.progressBytes = source.status.size
        return outcome
    }

    /// The first read of an output: its header, and the whole file when it is this small (most
    /// outputs of a source tree are), so that one `pread` serves header and trailer.
    private static let headRead = 4096

    /// Whether `output` decodes to `expected` bytes, as far as its index or its last trailer says.
    /// (A split file's last trailer gives only its last member's length: its index gives them all.)
    /// `head` is the file's first bytes (all of them when it is short).
    private static func decodedLength(of output: ReadableFile, size: Int64, head: [UInt8], matches expected: Int64) -> Bool {
        // Only a header with an extra field (FLG.FEXTRA) can carry a member index: without one,
        // the walk would find none, so it is not made.
        let hasExtraField = head[3] & 0x04 != 0
        if hasExtraField, let index = try? MemberIndexWalker(file: output, fileSize: size).walk() {
            return index.uncompressedBytes == expected
        }
        let trailer: ArraySlice<UInt8>
        if Int64(head.count) == size {
            trailer = head.suffix(8)
        } else {
            guard let read = try? output.read(count: 8, at: size - 8), read.count == 8 else { return false }
            trailer = read[...]
        }
        return littleEndian(trailer.suffix(4)) == UInt32(truncatingIfNeeded: expected)
    }

    private static func littleEndian(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
}
