/// Lends the streaming decoder the buffers its output is written from, so that bytes are decoded
/// where the writer reads them instead of being decoded into the decoder's own buffer and copied
/// (an output written behind the decoder, by a thread of its own, lends the buffers it writes).
///
/// Used by one thread at a time: the decoder borrows a buffer, fills it, and returns it before it
/// borrows the next.
protocol DecodeBufferLender: AnyObject {
    /// An empty buffer to decode into: waits while every buffer is being written. Throws the
    /// output's first failure, if it has one.
    func borrowBuffer() throws -> UnsafeMutableRawBufferPointer

    /// Gives back the buffer last borrowed, with its first `count` bytes decoded: they are written
    /// after every byte handed on before (none when `count` is 0). The buffer goes back even when
    /// this throws (the output's first failure).
    func returnBuffer(filled count: Int) throws
}
