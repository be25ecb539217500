/// What every decoding task of a run shares: the window bounding memory, the decoders, when to
/// stop, and where to report progress.
struct DecodingContext: Sendable {
    let window: WorkWindow
    let pools: DecoderPools
    let cancellation: CancellationFlag
    /// Input bytes worked through, as they are (for the live display).
    let progress: @Sendable (Int64) -> Void
}
