/// `gzip -dcf`: input that is not compressed goes to standard output as it is, so that `zcat -f`
/// reads a mix of rotated (gzipped) and current (plain) logs. The first two bytes decide, as in
/// GNU gzip: the gzip magic is decoded (so a damaged gzip file is still an error); the magic of
/// another format gzip decodes itself is left to the decoder, which decodes zip, compress and
/// pack as gzip does and says LZH and gzip before 0.5 are not gzip, rather than copy them as if
/// they were text; anything else, down to an empty file or a single byte, is copied.
enum PlainPassthrough {
    /// The leading bytes of the formats `gzip -d` decodes: gzip, gzip before 0.5, pack, compress,
    /// LZH, and zip (whose magic is four bytes).
    static let compressedMagics: [[UInt8]] = [
        GzipHeader.magic, [0x1F, 0x9E], [0x1F, 0x1E], [0x1F, 0x9D], [0x1F, 0xA0], [0x50, 0x4B, 0x03, 0x04],
    ]

    /// Whether `file` is to be copied as it is: its first bytes begin no compressed format. A pipe
    /// keeps its first bytes (`SequentialStream`), so it is read again from its start after this.
    static func isPlain(_ file: ReadableFile) throws(SystemError) -> Bool {
        let head = try file.read(count: 4, at: 0)
        return !compressedMagics.contains { magic in
            head.count >= magic.count && head.starts(with: magic)
        }
    }
}

/// Copies a file that is not compressed, front to back, to its destination's output (standard
/// output), through one buffer: memory is the buffer whatever the file's size, and a pipe is read
/// as it arrives. The outcome goes through the destination, as a decoded file's does, so a write
/// error (a closed pipe stops the run) is reported the same way; its summary counts the bytes as
/// both read and written, with no member.
///
/// `@unchecked Sendable`: `finished` holds the output, which is not `Sendable`; it is written by
/// `runBlock` and taken by `finish()`, which a task's one block is followed by on the same thread
/// (`WorkItem.perform`). The other fields are `let` and `Sendable`.
final class PlainCopyTask: BlockTask, @unchecked Sendable {
    static let bufferSize = 256 << 10

    private let reader: ReadableFile
    private let destination: any DecodedFileDestination
    private let context: DecodingContext
    /// The copy's outcome: set by `runBlock`, taken by `finish()`, on one thread one after the other.
    private var finished: FinishedDecoding?

    init(reader: ReadableFile, destination: any DecodedFileDestination, context: DecodingContext) {
        self.reader = reader
        self.destination = destination
        self.context = context
    }

    var blockCount: Int { 1 }

    /// What the one block holds from the window: no more than a stream's decoder, the buffer.
    var weight: Int { context.window.weight(ofLength: 0) }

    func runBlock(_ index: Int) -> Bool {
        defer { context.window.release(weight) }
        let start = MonotonicClock.now()
        var output: (any OutputFile)?
        var copied: Int64 = 0
        let result = Result { () throws -> GzipDecodeSummary in
            // Whole blocks go straight to the output: a thread writing behind would only add a copy.
            let made = try destination.makeOutput(decodedInParallel: true)
            output = made
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.bufferSize, alignment: 16)
            defer { buffer.deallocate() }
            while true {
                if context.cancellation.isCancelled { throw CancellationError() }
                let count = try reader.read(into: buffer, at: copied)
                if count == 0 { break }
                try made.write(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                copied += Int64(count)
                context.progress(Int64(count))
            }
            return GzipDecodeSummary(
                members: 0, compressedBytes: copied, uncompressedBytes: copied, firstHeader: nil, trailing: .none,
                decodedInParallel: false)
        }
        // A file's reader is not handed on, so that the destination does not check that the file
        // is as the scan found it: a plain file may grow while it is copied (a live log, in `zcat -f
        // /var/log/syslog*`), and gzip copies it up to where its reads end, as this did. A stream's
        // is, for its length: what was read.
        finished = FinishedDecoding(
            result: result, output: output, reader: reader.isSequential ? reader : nil,
            seconds: MonotonicClock.now() - start, progressReported: copied)
        return true
    }

    func finish() {
        guard let finished else { preconditionFailure("finish() before the block ran") }
        self.finished = nil
        destination.complete(finished)
    }
}
