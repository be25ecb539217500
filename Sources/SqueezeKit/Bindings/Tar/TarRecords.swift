/// A tar stream on its way to its sink, counted: what squeeze writes itself and what libarchive
/// writes go through it in order, and it pads the end to a whole record of 10 KiB (20 blocks), as
/// GNU tar and libarchive (blocked, its default) end a tar. Used by one thread.
final class TarRecords: ArchiveByteSink {
    static let blockSize = 512
    static let recordSize = 20 * blockSize

    private let sink: any ArchiveByteSink
    /// Every byte consumed so far.
    private(set) var length: Int64 = 0
    private static let zeros = [UInt8](repeating: 0, count: recordSize)

    init(passingTo sink: any ArchiveByteSink) {
        self.sink = sink
    }

    func consume(_ bytes: UnsafeRawBufferPointer) throws {
        try sink.consume(bytes)
        length += Int64(bytes.count)
    }

    func consume(atMost count: Int, writtenBy write: (UnsafeMutableRawBufferPointer) -> Int) throws -> Int {
        let written = try sink.consume(atMost: count, writtenBy: write)
        length += Int64(written)
        return written
    }

    /// `count` zero bytes.
    func writeZeros(_ count: Int64) throws {
        var left = count
        while left > 0 {
            let chunk = Int(min(left, Int64(Self.recordSize)))
            try Self.zeros.withUnsafeBytes { try consume(UnsafeRawBufferPointer(rebasing: $0[..<chunk])) }
            left -= Int64(chunk)
        }
    }

    /// Zeros up to the next multiple of `unit` (nothing on one).
    func pad(to unit: Int) throws {
        let over = Int(length % Int64(unit))
        if over > 0 { try writeZeros(Int64(unit - over)) }
    }
}
