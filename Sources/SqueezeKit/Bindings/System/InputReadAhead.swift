import Dispatch

/// The next stretch of a file, read by a serial queue of its own into a spare buffer while the
/// streaming decoder works through the bytes before it: the decoding thread, the critical path of
/// a stream, then never waits in `read` (copying a file's pages is ~6% of decoding a 150 MB file
/// of one member). `BufferedFileInput` starts one after each read that filled its buffer, and
/// takes it at its next refill if that refill is for the bytes it holds.
///
/// The spare buffer keeps `headroom` bytes free at its front, so that a refill that still has a
/// few unconsumed bytes (a header or trailer cut by the end of the buffer) can put them just
/// before the new ones and need no second read.
///
/// `@unchecked Sendable`: the spare buffer's memory is written only by the one block the queue runs
/// between `start` and the `receive` of its result in `take`/`cancel` (the channel hands it over);
/// `spare` and `offset` themselves are touched only by the thread that owns the input, and no new
/// read starts before the last one's result has been received; `deinit` waits for it.
final class InputReadAhead: @unchecked Sendable {
    static let headroom = 4 << 10

    private let queue = DispatchQueue(label: "squeeze.read-ahead")
    private var spare: UnsafeMutableRawBufferPointer
    /// The result of the read in flight: bytes read, or its error. Capacity 1: one read at a time.
    private let results = BoundedChannel<Result<Int, SystemError>>(capacity: 1)
    /// The file offset the read in flight started at; nil when none is.
    private(set) var offset: Int64?

    /// A read-ahead whose reads fill a buffer of `capacity` bytes, after the headroom.
    init(capacity: Int) {
        precondition(capacity > Self.headroom)
        spare = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit {
        cancel()
        spare.deallocate()
    }

    var capacity: Int { spare.count }

    /// Starts reading `file` at `offset` into the spare buffer.
    func start(_ file: ReadableFile, at offset: Int64) {
        precondition(self.offset == nil, "a read ahead started before the last one was taken")
        self.offset = offset
        queue.async { [self] in
            let target = UnsafeMutableRawBufferPointer(rebasing: spare[Self.headroom...])
            results.send(Result { () throws(SystemError) -> Int in try file.read(into: target, at: offset) })
        }
    }

    /// Waits for the read in flight and forgets it (the file is read again at another place).
    func cancel() {
        guard offset != nil else { return }
        offset = nil
        _ = try? results.receive()
    }

    /// Waits for the read in flight, then swaps buffers: `buffer` is given the read bytes, after
    /// `keeping` (bytes of `buffer`, at most `headroom` of them, copied just before them), and
    /// its old memory becomes the spare. Returns where the kept bytes start in the new buffer and
    /// how many bytes were read; throws the read's error.
    func take(
        into buffer: inout UnsafeMutableRawBufferPointer, keeping kept: UnsafeRawBufferPointer
    ) throws(SystemError) -> (start: Int, count: Int) {
        precondition(offset != nil && kept.count <= Self.headroom && buffer.count == spare.count)
        offset = nil
        // The channel is never closed, finished or cancelled: a result always comes.
        guard let result = try? results.receive() else {
            preconditionFailure("the read-ahead's result went missing")
        }
        let count = try result.get()
        let start = Self.headroom - kept.count
        if !kept.isEmpty { (spare.baseAddress! + start).copyMemory(from: kept.baseAddress!, byteCount: kept.count) }
        (buffer, spare) = (spare, buffer)
        return (start, count)
    }
}
