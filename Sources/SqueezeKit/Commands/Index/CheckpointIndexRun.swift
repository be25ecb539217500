import Glibc

/// `squeeze index FILE.gz`: builds the file's checkpoint index and writes it beside it (or where
/// asked), whole or not at all.
public struct CheckpointIndexRun: Sendable {
    public let source: PathName
    public let destination: PathName
    public let builder: CheckpointIndexBuilder

    /// Where an index of `path` is looked for and written unless told otherwise: `FILE.gz.gzidx`,
    /// named after the format's magic. Not bgzip's `.gzi`, which holds another format (BGZF
    /// member offsets) that bgzip would misread.
    public static func sidecar(of path: PathName) -> PathName { path.appendingSuffix(".gzidx") }

    public init(source: PathName, destination: PathName? = nil, builder: CheckpointIndexBuilder = CheckpointIndexBuilder()) {
        self.source = source
        self.destination = destination ?? Self.sidecar(of: source)
        self.builder = builder
    }

    /// What was written.
    public struct Summary: Equatable, Sendable {
        public var checkpoints: Int
        public var decodedBytes: Int64
        public var indexBytes: Int64
    }

    /// Builds and writes the index; throws `GzipFormatError` for a damaged file (nothing written),
    /// `SystemError` for one that cannot be read or an index that cannot be written.
    public func run() throws -> Summary {
        if FileStatus.exists(destination), try FileStatus.of(destination, followingSymlinks: false).kind != .regular {
            throw CheckpointIndexRunError.notRegular(destination)
        }
        let file = try ReadableFile(source)
        let sourceStatus = try file.status()
        let (index, windows) = try builder.build(file)
        let output = try AtomicFileWriter(destination: destination, registry: TemporaryFileRegistry())
        var written: Int64 = 0
        let write = { (bytes: [UInt8]) in
            try bytes.withUnsafeBytes { try output.write($0) }
            written += Int64(bytes.count)
        }
        do {
            try write(index.encodedHead())
            for window in windows { try write(window) }
            try write(index.encodedAddition())
            // The index's own times are now, not the source's: a later change of the source makes it
            // the newer of the two, as `make` and users expect.
            var attributes = sourceStatus
            attributes.permissions = sourceStatus.permissions & 0o666
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            attributes.modificationTime = FileTime(seconds: Int64(now.tv_sec), nanoseconds: Int64(now.tv_nsec))
            attributes.accessTime = attributes.modificationTime
            try output.commit(attributes: attributes, replacingExisting: true)
        } catch {
            output.discard()
            throw error
        }
        return Summary(checkpoints: index.checkpoints.count, decodedBytes: index.decodedSize, indexBytes: written)
    }
}

public enum CheckpointIndexRunError: Error, Equatable, CustomStringConvertible {
    /// Only a regular file is ever replaced by an index.
    case notRegular(PathName)

    public var description: String {
        switch self {
        case .notRegular(let path): "'\(path)' exists and is not a regular file: not replaced"
        }
    }
}
