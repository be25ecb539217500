@testable import SqueezeKit

/// An archive stream that hands its bytes over in small reads and interrupts the run once it has
/// handed over a given number: cancellation at a known point inside an entry, without timing.
/// Not seekable, so libarchive reads every byte in order.
final class CancellingStream: DecodedStream {
    private let inner: any DecodedStream
    private let cancellation: CancellationFlag
    private let limit: Int64

    init(_ inner: any DecodedStream, cancelling cancellation: CancellationFlag, after limit: Int64) {
        self.inner = inner
        self.cancellation = cancellation
        self.limit = limit
    }

    var bytesConsumed: Int64 { inner.bytesConsumed }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = try inner.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer.prefix(16 * 1024)))
        if inner.bytesConsumed >= limit { cancellation.cancel() }
        return count
    }
}

/// A stream that counts the bytes it gives, and says whether its reader is inside a read (waiting
/// for the decoder, say), in `counting`, which another thread may look at. It lends what its
/// inner stream lends.
final class CountingStream: DecodedStream {
    struct Count: Sendable {
        var bytes: Int64 = 0
        var isReading = false
    }

    private let inner: any DecodedStream
    private let counting: Locked<Count>

    init(_ inner: any DecodedStream, counting: Locked<Count>) {
        self.inner = inner
        self.counting = counting
    }

    var bytesConsumed: Int64 { inner.bytesConsumed }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        try counted { UnsafeRawBufferPointer(rebasing: buffer[..<(try inner.read(into: buffer))]) }.count
    }

    func read(lendingOr buffer: UnsafeMutableRawBufferPointer) throws -> UnsafeRawBufferPointer {
        try counted { try inner.read(lendingOr: buffer) }
    }

    private func counted(_ read: () throws -> UnsafeRawBufferPointer) throws -> UnsafeRawBufferPointer {
        counting.withLock { $0.isReading = true }
        defer { counting.withLock { $0.isReading = false } }
        let bytes = try read()
        counting.withLock { $0.bytes += Int64(bytes.count) }
        return bytes
    }

    func finishReading() throws -> String? { try inner.finishReading() }
    func hasVerified(through offset: Int64) -> Bool { inner.hasVerified(through: offset) }
    func lentChunk(holding bytes: UnsafeRawBufferPointer) -> LentChunk? { inner.lentChunk(holding: bytes) }
}
