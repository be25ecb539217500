import Glibc

/// A file open for reading, closed when the last reference goes. `pread` needs no shared offset,
/// so several workers may read blocks of the same file at once.
public final class ReadableFile: Sendable {
    public let path: PathName
    let descriptor: Int32

    public init(_ path: PathName) throws(SystemError) {
        self.path = path
        descriptor = try systemCall("open", path) {
            path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK) }
        }
    }

    deinit { close(descriptor) }

    public func status() throws(SystemError) -> FileStatus {
        try FileStatus.of(descriptor: descriptor, path: path)
    }

    /// Fills `buffer` from `offset` on; returns how many bytes were read, fewer only at end of file.
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) throws(SystemError) -> Int {
        var total = 0
        while total < buffer.count {
            let count = try systemCall("read", path) {
                pread(descriptor, buffer.baseAddress! + total, buffer.count - total, off_t(offset) + off_t(total))
            }
            if count == 0 { break }
            total += count
        }
        return total
    }

    /// Up to `count` bytes from `offset`: fewer only at end of file.
    public func read(count: Int, at offset: Int64) throws(SystemError) -> [UInt8] {
        // `Array(unsafeUninitializedCapacity: 0)` stores its count into the shared empty-array
        // singleton: two workers reading empty files at once race there (harmlessly, but
        // ThreadSanitizer says so and fails the run).
        guard count > 0 else { return [] }
        var failure: SystemError?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            do throws(SystemError) {
                initialized = try read(into: UnsafeMutableRawBufferPointer(buffer), at: offset)
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        return bytes
    }
}
