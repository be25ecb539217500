/// Lends the streaming decoder the buffers its output is written from, so that bytes are decoded
/// where the writer reads them instead of being decoded into the decoder's own buffer and copied
/// (an output written behind the decoder, by a thread of its own, lends the buffers it writes).
///
/// The lender also computes, on its own thread, the CRC-32 of the member that runs on through
/// the buffers it is given back (`ChecksumSpan`): the decoding thread, the critical path of a
/// stream, then spends its time inflating, and asks for the checksum (`runningChecksum`) only
/// at the member's end.
///
/// Used by one thread at a time: the decoder borrows a buffer, fills it, and returns it before it
/// borrows the next.
protocol DecodeBufferLender: AnyObject {
    /// An empty buffer to decode into: waits while every buffer is being written. Throws the
    /// output's first failure, if it has one.
    func borrowBuffer() throws -> UnsafeMutableRawBufferPointer

    /// Gives back the buffer last borrowed, with its first `count` bytes decoded: they are written
    /// after every byte handed on before (none when `count` is 0, which changes nothing, not even
    /// the running checksum); `span` says which of them go into the running checksum. The buffer
    /// goes back even when this throws (the output's first failure).
    func returnBuffer(filled count: Int, checksumming span: ChecksumSpan) throws

    /// The running CRC-32 once the bytes of every buffer given back so far are in it: waits for
    /// the lender's thread to get there.
    func runningChecksum() -> UInt32
}

extension DecodeBufferLender {
    /// Gives back the buffer with bytes that are no part of a running checksum.
    func returnBuffer(filled count: Int) throws {
        try returnBuffer(filled: count, checksumming: ChecksumSpan(from: count, startingWith: nil))
    }
}

/// Which bytes of a buffer given back to a `DecodeBufferLender` go into its running CRC-32: those
/// from `start` to the end of the filled bytes, after `seed` (the CRC-32 of what came before them
/// in the member, which restarts the running checksum), or after the running checksum itself when
/// `seed` is nil (the member goes on from the last buffer).
struct ChecksumSpan: Sendable {
    var start: Int
    var seed: UInt32?

    init(from start: Int, startingWith seed: UInt32?) {
        self.start = start
        self.seed = seed
    }
}
