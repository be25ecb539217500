import Glibc

/// The directory of the paths being looked up one after another, kept open (`O_PATH`) while the
/// next path is in it too, so that each is looked up by its last component through it: one
/// component for the kernel to resolve, not every one of the path (most of a `stat`'s or an
/// `open`'s cost in a deep tree). Consecutive files of a list, a plan's shard or a run of resume
/// checks mostly share a directory. A path with no slash is looked up in the working directory.
///
/// Owned by one thread at a time (it is not `Sendable`).
final class ParentDirectory {
    /// The directory's path bytes, and a descriptor of it (-1 when it could not be opened).
    private var path: [UInt8]?
    private var descriptor: Int32 = -1

    /// `O_PATH` (the same on every Linux architecture Swift runs on), which Glibc's module does
    /// not export: a descriptor to look names up through, which needs no read permission.
    private static let pathOnly: Int32 = 0o10_000_000

    init() {}

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Calls `body` with a descriptor of `path`'s directory (`AT_FDCWD` for a path without a
    /// slash) and its last component, as a C string. Nil, without calling `body`, when the
    /// directory could not be opened or the path ends in a slash: the caller then looks the
    /// whole path up, so that what fails is reported as the whole path's lookup reports it.
    func withName<Result>(of path: PathName, _ body: (Int32, UnsafePointer<CChar>) throws -> Result) rethrows -> Result? {
        try path.bytes.withUnsafeBufferPointer { bytes -> Result? in
            let slashByte = UInt8(ascii: "/")
            guard let last = bytes.last, last != slashByte else { return nil }
            let slash = bytes.lastIndex(of: slashByte) ?? -1
            let directory: Int32
            if slash >= 0 {
                let parent = UnsafeBufferPointer(rebasing: bytes[..<Swift.max(slash, 1)])
                if !isOpen(on: parent) {
                    if descriptor >= 0 { close(descriptor) }
                    descriptor = PathName(bytes: parent).withCString { open($0, Self.pathOnly | O_DIRECTORY | O_CLOEXEC) }
                    self.path = Array(parent)
                }
                guard descriptor >= 0 else { return nil }
                directory = descriptor
            } else {
                directory = AT_FDCWD
            }
            let name = UnsafeBufferPointer(rebasing: bytes[(slash + 1)...])
            return try withUnsafeTemporaryAllocation(of: CChar.self, capacity: name.count + 1) { buffer in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(name))
                buffer[name.count] = 0
                return try body(directory, buffer.baseAddress!)
            }
        }
    }

    /// Whether the directory open is `parent` (or failed to open as it).
    private func isOpen(on parent: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let path, path.count == parent.count else { return false }
        return path.withUnsafeBufferPointer { memcmp($0.baseAddress!, parent.baseAddress!, parent.count) == 0 }
    }

    /// Opens `path` by its name if it is a regular file (its status put in `status`); nil if it is
    /// not, or cannot be opened: `isMissing` then says whether nothing is there (neither the name
    /// nor, for a path in a directory, its directory).
    func openRegular(_ path: PathName, status: inout FileStatus, isMissing: inout Bool) -> ReadableFile? {
        let opened = withName(of: path) { directory, name -> ReadableFile? in
            do throws(SystemError) {
                return try ReadableFile.openRegular(named: name, in: directory, path: path, status: &status)
            } catch {
                isMissing = error.code == ENOENT
                return nil
            }
        }
        // The directory could not be opened (missing, where an output directory is yet to be made).
        guard let opened else {
            isMissing = true
            return nil
        }
        return opened
    }

    /// `stat` (following symbolic links) or `lstat` of `path`, by its name in its directory.
    func status(of path: PathName, followingSymlinks: Bool) throws(SystemError) -> FileStatus {
        var raw = stat()
        let flags = followingSymlinks ? 0 : AT_SYMLINK_NOFOLLOW
        let result = withName(of: path) { directory, name in fstatat(directory, name, &raw, flags) }
        guard let result else { return try FileStatus.of(path, followingSymlinks: followingSymlinks) }
        if result != 0 {
            let code = errno
            // Interrupted: the whole path's lookup retries.
            guard code != EINTR else { return try FileStatus.of(path, followingSymlinks: followingSymlinks) }
            throw SystemError("stat", path, code: code)
        }
        return FileStatus(raw)
    }
}
