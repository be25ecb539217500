import CDeflate

/// A libdeflate compressor for one level: raw DEFLATE of a whole buffer at once.
///
/// `@unchecked Sendable`: libdeflate compressors are not thread safe; each instance is used by one
/// thread at a time because workers only reach it through `CodecPool.withInstance`.
final class LibdeflateCompressor: @unchecked Sendable {
    private let handle: OpaquePointer

    init(level: Int) throws {
        guard let handle = libdeflate_alloc_compressor(Int32(level)) else {
            throw CodecError(library: "libdeflate", message: "cannot create a compressor for level \(level)")
        }
        self.handle = handle
    }

    deinit { libdeflate_free_compressor(handle) }

    /// The most bytes `compress` can produce for `count` input bytes.
    func bound(_ count: Int) -> Int { libdeflate_deflate_compress_bound(handle, count) }

    /// Compresses `input` into `output`; returns the compressed length. `output` must hold `bound`.
    func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws -> Int {
        let written = libdeflate_deflate_compress(handle, input.baseAddress, input.count, output.baseAddress, output.count)
        guard written > 0 else {
            throw CodecError(library: "libdeflate", message: "output buffer too small for \(input.count) bytes")
        }
        return written
    }
}
