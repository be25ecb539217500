import CZstd

/// A libzstd compression context for one level: each call makes one whole frame, with the
/// content size in its header and the XXH64 checksum after it (as `zstd` writes a file).
///
/// One frame per call, from one buffer, with libzstd's own threads off: the bytes depend only on
/// the input and the level, never on which worker or in which order blocks are compressed.
///
/// `@unchecked Sendable`: a `ZSTD_CCtx` is not thread safe; each instance is used by one thread at
/// a time because workers only reach it through `CodecPool.withInstance`.
final class ZstdCompressor: @unchecked Sendable {
    private let context: OpaquePointer

    init(level: Int) throws {
        guard let context = ZSTD_createCCtx() else {
            throw CodecError(library: "libzstd", message: "cannot create a compression context")
        }
        self.context = context
        do {
            try Zstd.check(ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, Int32(level)), "level \(level)")
            try Zstd.check(ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 1), "checksum")
            try Zstd.check(ZSTD_CCtx_setParameter(context, ZSTD_c_contentSizeFlag, 1), "content size")
        } catch {
            ZSTD_freeCCtx(context)
            throw error
        }
    }

    deinit { ZSTD_freeCCtx(context) }

    /// One frame holding `input`.
    func compress(_ input: UnsafeRawBufferPointer) throws -> [UInt8] {
        let capacity = ZSTD_compressBound(input.count)
        var failure: (any Error)?
        let frame = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            do {
                initialized = try Zstd.check(
                    ZSTD_compress2(context, buffer.baseAddress, capacity, input.baseAddress, input.count), "compress")
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        return frame
    }
}
