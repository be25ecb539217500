/// How far a pipe or device has been read, shared by every `ReadableFile` open on it in this
/// process (`/dev/stdin` opened twice is one stream), with its first `headLimit` bytes kept so
/// that they can be read again (a format sniffed, then decoded from the start).
final class SequentialStream: Sendable {
    static let headLimit = 64 << 10

    struct State {
        var position: Int64 = 0
        var head: [UInt8] = []
        /// Bytes read before `position`, from `replayStart` on, to be read again (`replay`).
        var replay: [UInt8] = []
        var replayStart: Int64 = 0

        /// Counts bytes just read from the descriptor, keeping those within the head.
        mutating func keep(_ bytes: UnsafeRawBufferPointer) {
            if head.count < SequentialStream.headLimit && Int64(head.count) == position {
                head.append(contentsOf: bytes.prefix(SequentialStream.headLimit - head.count))
            }
            position += Int64(bytes.count)
        }
    }

    let state = Locked(State())

    private static let open = Locked<[FileIdentity: SequentialStream]>([:])

    /// The stream of the pipe or device `descriptor` is open on.
    static func shared(by descriptor: Int32) -> SequentialStream {
        guard let status = try? FileStatus.of(descriptor: descriptor, path: "stream") else { return SequentialStream() }
        return open.withLock { streams in
            if let stream = streams[FileIdentity(status)] { return stream }
            let stream = SequentialStream()
            streams[FileIdentity(status)] = stream
            return stream
        }
    }
}
