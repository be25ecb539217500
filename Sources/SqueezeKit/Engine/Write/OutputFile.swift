import Glibc

/// Where a task's output bytes go: a file that appears only when complete, or nowhere (`--discard`).
protocol OutputFile: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer) throws
    /// Makes the output final under its destination name, with the source's attributes.
    func commit(attributes: FileStatus, replacingExisting: Bool) throws
    /// Removes whatever was written; the destination is untouched.
    func discard()
}

extension OutputFile {
    func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }
}

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

/// An output that keeps nothing: `--discard` compresses in memory only, to measure CPU scaling
/// apart from the disk. It still counts and checksums what it was given, so runs can be compared.
final class DiscardedOutput: OutputFile {
    private(set) var byteCount: Int64 = 0
    private(set) var checksum: UInt32 = 0

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        byteCount += Int64(bytes.count)
        checksum = CRC32.update(checksum, bytes)
    }

    func commit(attributes: FileStatus, replacingExisting: Bool) throws {}

    func discard() {}
}

/// Standard output as an output (`decompress --stdout`): bytes are written as they come, so there
/// is nothing to commit, and nothing to take back after an error (as with `gzip -dc`). When the
/// reader has gone (a closed pipe), the whole run stops: nothing more can reach it.
final class StandardOutputFile: OutputFile {
    private let cancellation: CancellationFlag

    init(cancelling cancellation: CancellationFlag) {
        self.cancellation = cancellation
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        do {
            try StandardStreams.write(bytes, to: .output)
        } catch {
            if error.code == EPIPE { cancellation.cancel() }
            throw error
        }
    }

    func commit(attributes: FileStatus, replacingExisting: Bool) throws {}

    func discard() {}
}

/// Where outputs go and what may be replaced or removed.
public struct OutputOptions: Sendable {
    /// Mirror the tree under this directory instead of writing beside each source.
    public var directory: PathName?
    /// Overwrite existing outputs.
    public var force: Bool
    /// Delete each source once its output is complete and durable (`--rm`).
    public var removeSources: Bool
    /// Make every output durable before the run reports it done (`--sync`; implied by `--rm`).
    public var sync: Bool
    /// Write nothing: work in memory only (benchmarks).
    public var discard: Bool

    public init(
        directory: PathName? = nil, force: Bool = false, removeSources: Bool = false, sync: Bool = false,
        discard: Bool = false
    ) {
        self.directory = directory
        self.force = force
        self.removeSources = removeSources
        self.sync = sync
        self.discard = discard
    }

    /// Where the output for `file` goes: beside it, or mirrored under `directory`.
    func destination(for file: ScannedFile, transformingName transform: (PathName) -> PathName) -> PathName {
        guard let directory else { return transform(file.path) }
        return directory.appending(transform(file.relativePath))
    }
}
