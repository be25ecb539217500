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
