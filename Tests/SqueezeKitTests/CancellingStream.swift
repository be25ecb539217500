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
