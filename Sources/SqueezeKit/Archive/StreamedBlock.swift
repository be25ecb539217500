/// A block of a stream cut by `StreamBlockCutter`, with the bytes before it its encoder wants as
/// context (the 32 KiB dictionary of the zlib single-stream encoder, nothing for libdeflate).
struct StreamedBlock: Sendable {
    let index: Int
    /// `contextLength` bytes of context, then the block's own bytes.
    let storage: [UInt8]
    let contextLength: Int
    /// No byte of the stream follows this block.
    let isLast: Bool

    var length: Int { storage.count - contextLength }
}
