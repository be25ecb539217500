import Glibc

/// Where a task's output bytes go: a file that appears only when complete, a device, FIFO or socket
/// written in place, standard output, or nowhere (`--discard`).
protocol OutputFile: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer) throws
    /// Writes bytes the caller no longer needs: an output that keeps what it is given takes the
    /// array itself instead of a copy.
    func write(_ bytes: [UInt8]) throws
    /// Makes the output final under its destination name, with the source's attributes.
    func commit(attributes: FileStatus, replacingExisting: Bool) throws
    /// Removes whatever was written; the destination is untouched.
    func discard()
    /// The output itself when it lends the streaming decoder the buffers it writes from (a
    /// protocol requirement rather than an `as?` cast, which would scan the conformance tables).
    var bufferLender: (any DecodeBufferLender)? { get }
    /// Whether bytes written stay written whatever comes after (standard output, a device or FIFO
    /// written in place): `discard()` cannot take them back.
    var keepsWrittenBytes: Bool { get }
}

extension OutputFile {
    var bufferLender: (any DecodeBufferLender)? { nil }
    var keepsWrittenBytes: Bool { false }

    func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }
}

/// An output that hands every byte to a caller's closure, in order: what a file's decoder writes
/// into when its bytes go to a reader, not a file. Nothing to commit or remove.
final class ConsumerOutput: OutputFile {
    private let consumer: DecodedBytesConsumer

    init(_ consumer: DecodedBytesConsumer) {
        self.consumer = consumer
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        switch consumer {
        case .borrowing(let consume): try consume(bytes)
        case .keeping(let keep): try keep(Array(bytes))
        }
    }

    func write(_ bytes: [UInt8]) throws {
        switch consumer {
        case .borrowing(let consume): try bytes.withUnsafeBytes { try consume($0) }
        case .keeping(let keep):
            // An array made for a length known only as a bound (a zstd frame that does not state
            // its size) may be mostly room: a reader weighs what it keeps by its bytes, so such
            // an array is copied to its bytes.
            if bytes.capacity - bytes.count > bytes.count / 8 + 4096 {
                try bytes.withUnsafeBytes { try keep(Array($0)) }
            } else {
                try keep(bytes)
            }
        }
    }

    func commit(attributes: FileStatus, replacingExisting: Bool) throws {}

    func discard() {}
}

/// What a reader does with the bytes a decode gives it, in order: looks at them while they are
/// lent (`borrowing`), or keeps each block (`keeping`): blocks decoded into arrays of their own
/// (a zstd run, an indexed gzip run) are then handed over as they are, not copied.
enum DecodedBytesConsumer: Sendable {
    case borrowing(@Sendable (UnsafeRawBufferPointer) throws -> Void)
    case keeping(@Sendable ([UInt8]) throws -> Void)
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

    var keepsWrittenBytes: Bool { true }
}

/// An existing character device, FIFO or socket as an output (`OutputDestination`): written into
/// where it is, never truncated, renamed or replaced, and its mode, owner and times are left alone.
/// As with standard output, bytes are written as they come and cannot be taken back after an
/// error; a FIFO's `open` waits for a reader, as `cat > fifo` does. Its waits (the open, a write
/// to a reader that does not read) end after an interrupt.
final class InPlaceOutput: OutputFile {
    let path: PathName
    private var descriptor: Int32

    /// Opens `path` for writing (a socket by connecting to it); unless `followingSymlink`, a link
    /// that took its place meanwhile is not followed. Whatever is opened must still be a character
    /// device, FIFO or socket.
    init(path: PathName, kind: FileKind, followingSymlink: Bool) throws {
        self.path = path
        if kind == .socket {
            descriptor = try Self.connect(to: path)
        } else {
            let flags = O_WRONLY | O_NOCTTY | O_CLOEXEC | (followingSymlink ? 0 : O_NOFOLLOW)
            // A FIFO's open waits for its reader, as `cat > fifo` does; an interrupt ends the wait.
            descriptor = try interruptibleCall("open", path, .awaitingPeer) { path.withCString { open($0, flags) } }
        }
        let opened = try FileStatus.of(descriptor: descriptor, path: path).kind
        guard opened == .characterDevice || opened == .fifo || opened == .socket else {
            close(descriptor)
            descriptor = -1
            throw OutputRefusal(path: path, kind: opened)
        }
    }

    deinit { discard() }

    var keepsWrittenBytes: Bool { true }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        precondition(descriptor >= 0, "write after commit or discard")
        var offset = 0
        while offset < bytes.count {
            offset += try interruptibleCall("write", path, .delivering) {
                Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            }
        }
    }

    func commit(attributes: FileStatus, replacingExisting: Bool) throws {
        precondition(descriptor >= 0, "commit after commit or discard")
        let closing = descriptor
        descriptor = -1
        // Once, never retried (see `AtomicFileWriter.commit`).
        if close(closing) != 0 && errno != EINTR { throw SystemError("finish writing", path, code: errno) }
    }

    func discard() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    /// A stream socket connected to the socket file at `path`.
    private static func connect(to path: PathName) throws(SystemError) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.bytes.count < capacity else { throw SystemError("connect to", path, code: ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.bytes) }
        let socket = try systemCall("connect to", path) { Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) }
        let length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                InterruptibleCalls.shared.perform(.awaitingPeer) { Glibc.connect(socket, address, length) }
            }
        }
        if connected != 0 {
            let code = errno
            close(socket)
            throw SystemError("connect to", path, code: code)
        }
        return socket
    }
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
