
/// The destination of a `GzipFileReader` decode: bytes go to the caller's consumer, and the result
/// is kept for the caller to collect once the scheduler returns.
final class ConsumerDestination: DecodedFileDestination {
    private let consumer: @Sendable (UnsafeRawBufferPointer) throws -> Void
    private let outcome = Locked<Result<GzipDecodeSummary, any Error>?>(nil)

    init(_ consumer: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void) {
        self.consumer = consumer
    }

    func makeOutput() throws -> any OutputFile { ConsumerOutput(consumer) }

    func complete(_ decoding: FinishedDecoding) {
        outcome.withLock { $0 = decoding.result }
    }

    /// The result, or nil if the task never finished (the run was cancelled first).
    var result: Result<GzipDecodeSummary, any Error>? { outcome.withLock { $0 } }
}
