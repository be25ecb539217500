/// An output that hands every byte to a caller's closure, in order: what `GzipFileReader` decodes
/// into. Nothing to commit or remove.
final class ConsumerOutput: OutputFile {
    private let consumer: @Sendable (UnsafeRawBufferPointer) throws -> Void

    init(_ consumer: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void) {
        self.consumer = consumer
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws { try consumer(bytes) }

    func commit(attributes: FileStatus, replacingExisting: Bool) throws {}

    func discard() {}
}
