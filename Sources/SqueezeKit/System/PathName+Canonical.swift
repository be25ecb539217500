import Glibc

extension PathName {
    /// The absolute path with every symbolic link, `.` and `..` resolved (`realpath`); the path
    /// must exist.
    func canonical() throws(SystemError) -> PathName {
        guard let resolved = withCString({ realpath($0, nil) }) else {
            throw SystemError("resolve", self, code: errno)
        }
        defer { free(resolved) }
        return PathName(bytes: UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }
}
