import Glibc

/// Writes a regular file's temporary from the descriptor of its directory (`HeldDirectories`),
/// instead of through libarchive's disk writer, which for every file sets and restores the umask,
/// asks `fcntl` of the descriptor it opened, and needs the thread's working directory moved into
/// the directory and back (`fchdir`), since it names files by path. From the descriptor the
/// temporary is created (O_EXCL and O_NOFOLLOW: a new name, never through a link), written at each
/// data block's offset (holes stay holes, and a hole at the end is kept by the size), and given
/// its mode and times on the descriptor, as libarchive gives them with ARCHIVE_EXTRACT_PERM and
/// ARCHIVE_EXTRACT_TIME. It is created with its permissions (a file of mode 0444 is still written
/// through the descriptor opened for writing), so no `fchmod` is needed unless the umask took
/// some away or the sticky bit is set.
///
/// Only for what the disk writer would make the same way: a regular file without owners to
/// restore nor setuid or setgid bits (libarchive checks and may drop those; squeeze leaves that
/// to it). The caller registers the temporary and removes it on failure.
struct HeldDirectoryFileWriter {
    /// When the extraction began: libarchive gives this access time (whole seconds) to a file
    /// whose entry has a modification time but no access time.
    let startTime = FileTime(seconds: Int64(time(nil)))
    /// The process's file mode creation mask, read once (squeeze never changes it): a file created
    /// with its permissions has them unless the mask takes some away, and only then needs `fchmod`.
    /// Unknown (no /proc), every file gets its `fchmod`.
    private let creationMask = FileStatus.processCreationMask

    struct Entry {
        var permissions: mode_t
        var size: Int64
        var modificationTime: FileTime?
        var accessTime: FileTime?
    }

    /// Creates `name` in `directory`, copies the blocks `nextBlock` gives into it, and sets its mode
    /// and times; returns the bytes written. Failures name `path`, the entry's final name (the
    /// temporary is squeeze's own).
    func write(
        _ name: PathName, in directory: Int32, _ entry: Entry, path: PathName,
        nextBlock: () throws -> (bytes: UnsafeRawBufferPointer, offset: Int64)?
    ) throws -> Int64 {
        let descriptor = try systemCall("create", path) {
            name.withCString { openat(directory, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, entry.permissions & 0o777) }
        }
        var closed = false
        defer { if !closed { close(descriptor) } }
        var written: Int64 = 0
        var end: Int64 = 0
        while let block = try nextBlock() {
            var done = 0
            while done < block.bytes.count {
                let count = try systemCall("write", path) {
                    pwrite(descriptor, block.bytes.baseAddress! + done, block.bytes.count - done, off_t(block.offset) + off_t(done))
                }
                done += count
            }
            written += Int64(block.bytes.count)
            end = max(end, block.offset + Int64(block.bytes.count))
        }
        if end < entry.size { try systemCall("write", path) { ftruncate(descriptor, off_t(entry.size)) } }
        if entry.modificationTime != nil || entry.accessTime != nil {
            var times = [(entry.accessTime ?? startTime).timespec, (entry.modificationTime ?? startTime).timespec]
            try systemCall("set the times of", path) { futimens(descriptor, &times) }
        }
        if entry.permissions & ~0o777 != 0 || creationMask.map({ entry.permissions & $0 != 0 }) ?? true {
            try systemCall("set the mode of", path) { fchmod(descriptor, entry.permissions) }
        }
        closed = true
        try systemCall("close", path) { close(descriptor) }
        return written
    }
}
