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

    /// Compresses `input` into `output` as a zlib stream (RFC 1950: header, DEFLATE, Adler-32);
    /// returns its length. `output` must hold `zlibBound`.
    func compressZlib(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws -> Int {
        let written = libdeflate_zlib_compress(handle, input.baseAddress, input.count, output.baseAddress, output.count)
        guard written > 0 else {
            throw CodecError(library: "libdeflate", message: "output buffer too small for \(input.count) bytes")
        }
        return written
    }

    /// The most bytes `compressZlib` can produce for `count` input bytes.
    func zlibBound(_ count: Int) -> Int { libdeflate_zlib_compress_bound(handle, count) }
}

/// A libdeflate decompressor: raw DEFLATE of a whole buffer at once into a buffer of the exact
/// uncompressed size, which the parallel path knows from the member index.
///
/// `@unchecked Sendable`: libdeflate decompressors are not thread safe; each instance is used by
/// one thread at a time because workers only reach it through `CodecPool.withInstance`.
final class LibdeflateDecompressor: @unchecked Sendable {
    private let handle: OpaquePointer

    init() throws(CodecError) {
        guard let handle = libdeflate_alloc_decompressor() else {
            throw CodecError(library: "libdeflate", message: "cannot create a decompressor")
        }
        self.handle = handle
    }

    deinit { libdeflate_free_decompressor(handle) }

    /// Decodes the DEFLATE stream at the start of `input`, which must fill `output` exactly.
    /// Returns how many input bytes the stream took, or nil if the data is invalid or does not
    /// decode to exactly `output.count` bytes (libdeflate does not say more).
    func decompress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Int? {
        var consumed = 0
        let result = libdeflate_deflate_decompress_ex(
            handle, input.baseAddress, input.count, output.baseAddress, output.count, &consumed, nil)
        return result == LIBDEFLATE_SUCCESS ? consumed : nil
    }

    /// Decodes the zlib stream (RFC 1950, its Adler-32 checked) that is the whole of `input` into
    /// the start of `output`; returns how many bytes it decoded, or nil if `input` is not exactly
    /// one such stream or decodes to more than `output` holds.
    func decompressZlib(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Int? {
        var consumed = 0, produced = 0
        let result = libdeflate_zlib_decompress_ex(
            handle, input.baseAddress, input.count, output.baseAddress, output.count, &consumed, &produced)
        return result == LIBDEFLATE_SUCCESS && consumed == input.count ? produced : nil
    }

    /// What became of one gzip member handed to `decompressGzipMember`.
    enum MemberStep {
        case decoded(consumed: Int, produced: Int)
        /// It decodes to more than the output holds.
        case tooLarge
        /// Not a valid member (bad header, data, CRC-32 or ISIZE), or cut short.
        case invalid
    }

    /// Decodes the gzip member at the start of `input` into the start of `output`; libdeflate
    /// parses the header and checks CRC-32 and ISIZE.
    func decompressGzipMember(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> MemberStep {
        var consumed = 0, produced = 0
        let result = libdeflate_gzip_decompress_ex(
            handle, input.baseAddress, input.count, output.baseAddress, output.count, &consumed, &produced)
        switch result {
        case LIBDEFLATE_SUCCESS: return .decoded(consumed: consumed, produced: produced)
        case LIBDEFLATE_INSUFFICIENT_SPACE: return .tooLarge
        default: return .invalid
        }
    }
}
