import Glibc

extension GzipHeader {
    /// The header at the start of the file at `path`, and its length; nil when the file cannot be
    /// read or does not start with a whole header within its first 64 KiB. (For what gzip takes
    /// from a header before decoding: the name and time `-N` restores, the length `-v` counts.)
    public static func atStart(of path: PathName) -> (header: GzipHeader, length: Int)? {
        let descriptor = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: 64 << 10)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return bytes.withUnsafeBytes { buffer in
            if case .header(let header, let length) = parse(UnsafeRawBufferPointer(rebasing: buffer[..<count])) { (header, length) } else { nil }
        }
    }
}
