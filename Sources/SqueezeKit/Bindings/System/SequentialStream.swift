/// How far a pipe or device has been read, shared by the `ReadableFile`s open on it at the same
/// time in this process, with its first `headLimit` bytes kept so that they can be read again (a
/// format sniffed, then decoded from the start, through the one `ReadableFile`). Once the last
/// of them is closed the stream is forgotten: a FIFO opened again has its next writer's bytes,
/// not the first writer's again, and `/dev/stdin` opened again on a pipe what is left of it.
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
    /// Its key among the streams open, when it is shared (nil: a stream of its own).
    private let identity: FileIdentity?

    init() { identity = nil }

    private init(identity: FileIdentity) { self.identity = identity }

    /// The shared streams open, with how many readers each has.
    private static let open = Locked<[FileIdentity: (stream: SequentialStream, readers: Int)]>([:])

    /// The stream of the pipe or device `descriptor` is open on; its reader calls `readerClosed()`
    /// when it closes.
    static func shared(by descriptor: Int32) -> SequentialStream {
        guard let status = try? FileStatus.of(descriptor: descriptor, path: "stream") else { return SequentialStream() }
        let identity = FileIdentity(status)
        return open.withLock { streams in
            if let entry = streams[identity] {
                streams[identity] = (entry.stream, entry.readers + 1)
                return entry.stream
            }
            let stream = SequentialStream(identity: identity)
            streams[identity] = (stream, 1)
            return stream
        }
    }

    /// One of its readers was closed: once none is left, the stream is forgotten.
    func readerClosed() {
        guard let identity else { return }
        Self.open.withLock { streams in
            guard let entry = streams[identity], entry.stream === self else { return }
            streams[identity] = entry.readers > 1 ? (entry.stream, entry.readers - 1) : nil
        }
    }
}
