import Glibc

/// Writes text to standard output and standard error on a thread of its own, in the order it was
/// queued, so that whoever queues (a worker recording a finished file, under the collector's
/// lock) never waits for the stream's reader: a paused terminal or pipe holds up the printing
/// alone, not the work. What waits to be written is kept in an unlinked temporary file (as
/// `SpoolFile`'s), not in memory, and the file is emptied each time the writer catches up, so a
/// reader that keeps up costs a few bytes of it.
///
/// Each piece queued is a record in the file: its stream (one byte), its length (four bytes,
/// little-endian), its bytes. The writer reads them back a chunk at a time and writes each run of
/// records for one stream with one `deliver`.
///
/// Lifecycle: queuing from `init` until `finish()`, which waits for everything queued to be
/// delivered and joins the thread; `write` after that stops the process.
///
/// Checked `Sendable`: the descriptor never changes, the state is behind a `Monitor`, and the
/// thread is joined once, in `finish`.
public final class QueuedStreamWriter: Sendable {
    public typealias Deliver = @Sendable (_ bytes: [UInt8], _ stream: StandardStreams.Stream) -> Void

    private let descriptor: Int32
    private let directory: PathName
    private let monitor: Monitor<State>
    private let thread: Locked<JoinableThread<Void>?> = Locked(nil)

    private struct State {
        /// Where the next record goes: the end of those queued.
        var queued: Int64 = 0
        /// Where the writer reads next: records before it are delivered.
        var delivered: Int64 = 0
        var isFinished = false
        /// The first failure to keep or read back a record; what failed is dropped.
        var failure: SystemError?
    }

    private static let headerLength = 5
    private static let chunkLength = 64 * 1024

    /// Starts the writer, which hands what is queued to `deliver`, on a thread named `name`.
    public init(name: String = "squeeze.report", deliver: @escaping Deliver) throws(SystemError) {
        (descriptor, directory) = try SpoolFile.openUnnamedFile()
        monitor = Monitor(State())
        thread.withLock { $0 = JoinableThread(name: name) { [self] in deliverQueued(to: deliver) } }
    }

    deinit { close(descriptor) }

    /// Queues `bytes` for `stream`, without waiting for the stream.
    public func write(_ bytes: some Collection<UInt8>, to stream: StandardStreams.Stream) {
        var record = [UInt8]()
        record.reserveCapacity(Self.headerLength + bytes.count)
        record.append(stream == .output ? 1 : 2)
        withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { record.append(contentsOf: $0) }
        record.append(contentsOf: bytes)
        monitor.update { state in
            precondition(!state.isFinished, "text queued after the writer finished")
            do throws(SystemError) {
                try writeFully(record, at: state.queued)
                state.queued += Int64(record.count)
                return .one(.receivers)
            } catch {
                if state.failure == nil { state.failure = error }
                return .none
            }
        }
    }

    /// Waits until everything queued has been delivered, then ends the writer's thread. Returns
    /// the first failure to keep a record (the temporary file's disk full, say), if any.
    @discardableResult
    public func finish() -> SystemError? {
        monitor.update { state in
            state.isFinished = true
            return .everyone
        }
        // Taken out as it is joined: the thread's body holds this writer.
        thread.withLock { thread in
            defer { thread = nil }
            return thread
        }?.join()
        var failure: SystemError?
        monitor.update { state in
            failure = state.failure
            return .none
        }
        return failure
    }

    /// The writer's thread: waits for records, reads them back and delivers them, until finished
    /// with none left.
    private func deliverQueued(to deliver: Deliver) {
        var chunk = [UInt8](repeating: 0, count: Self.chunkLength)
        while true {
            let waiting = monitor.wait(.receivers) { state -> Range<Int64>?? in
                if state.delivered < state.queued { return .some(state.delivered..<state.queued) }
                return state.isFinished ? .some(nil) : nil
            }
            guard let waiting else { return }
            let consumed: Int64
            do throws(SystemError) {
                consumed = try deliverRecords(in: waiting, chunk: &chunk, to: deliver)
            } catch {
                // The records cannot be read back: they are dropped, and the failure kept.
                monitor.update { state in
                    if state.failure == nil { state.failure = error }
                    return .none
                }
                consumed = Int64(waiting.count)
            }
            monitor.update { state in
                state.delivered += consumed
                if state.delivered == state.queued {
                    // Caught up: the file starts again from nothing.
                    _ = ftruncate(descriptor, 0)
                    (state.delivered, state.queued) = (0, 0)
                }
                return .none
            }
        }
    }

    /// Reads the records at the start of `range` (a chunk's worth, or the first record whole),
    /// delivers them, and returns how many bytes of the file they took.
    private func deliverRecords(in range: Range<Int64>, chunk: inout [UInt8], to deliver: Deliver) throws(SystemError) -> Int64 {
        var length = try read(into: &chunk, at: range.lowerBound, count: min(chunk.count, Int(range.count)))
        let first = Self.headerLength + Self.recordLength(in: chunk, at: 0)
        if first > length {
            // A record longer than a chunk: read it whole.
            if chunk.count < first { chunk = [UInt8](repeating: 0, count: first) }
            length = try read(into: &chunk, at: range.lowerBound, count: first)
        }
        var offset = 0
        var run: (stream: StandardStreams.Stream, bytes: [UInt8])?
        while offset + Self.headerLength <= length {
            let recordLength = Self.recordLength(in: chunk, at: offset)
            let end = offset + Self.headerLength + recordLength
            guard end <= length else { break }
            let stream: StandardStreams.Stream = chunk[offset] == 1 ? .output : .error
            if let current = run, current.stream != stream {
                deliver(current.bytes, current.stream)
                run = nil
            }
            if run == nil { run = (stream, []) }
            run!.bytes.append(contentsOf: chunk[(offset + Self.headerLength)..<end])
            offset = end
        }
        if let run { deliver(run.bytes, run.stream) }
        return Int64(offset)
    }

    private static func recordLength(in chunk: [UInt8], at offset: Int) -> Int {
        (1...4).reduce(0) { length, index in length | Int(chunk[offset + index]) << (8 * (index - 1)) }
    }

    private func read(into chunk: inout [UInt8], at offset: Int64, count: Int) throws(SystemError) -> Int {
        var total = 0
        var failure: SystemError?
        chunk.withUnsafeMutableBytes { buffer in
            while total < count {
                do throws(SystemError) {
                    let read = try systemCall("read back a temporary file in", directory) {
                        pread(descriptor, buffer.baseAddress! + total, count - total, off_t(offset) + off_t(total))
                    }
                    if read == 0 { return }
                    total += read
                } catch {
                    failure = error
                    return
                }
            }
        }
        if let failure { throw failure }
        return total
    }

    private func writeFully(_ bytes: [UInt8], at offset: Int64) throws(SystemError) {
        var failure: SystemError?
        bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                do throws(SystemError) {
                    written += try systemCall("write a temporary file in", directory) {
                        pwrite(descriptor, buffer.baseAddress! + written, buffer.count - written, off_t(offset) + off_t(written))
                    }
                } catch {
                    failure = error
                    return
                }
            }
        }
        if let failure { throw failure }
    }
}
