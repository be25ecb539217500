/// The decoders a run's workers borrow: streaming decoders (an inflater and buffers each) and
/// libdeflate decompressors for indexed members. At most one of each per worker is ever made.
final class DecoderPools: Sendable {
    let streams = CodecPool { try GzipStreamDecoder() }
    let members = IndexedMemberDecoder()

    init() {}
}
