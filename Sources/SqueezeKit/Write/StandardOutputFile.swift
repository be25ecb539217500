import Glibc

/// Standard output as an output (`decompress --stdout`): bytes are written as they come, so there
/// is nothing to commit, and nothing to take back after an error (as with `gzip -dc`).
final class StandardOutputFile: OutputFile {
    static let path: PathName = "standard output"

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            offset += try systemCall("write to", Self.path) {
                Glibc.write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
            }
        }
    }

    func commit(attributes: FileStatus, replacingExisting: Bool) throws {}

    func discard() {}
}
