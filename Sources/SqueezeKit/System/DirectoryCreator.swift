import Glibc

/// `mkdir -p`: creates a directory and any missing parents; safe when several workers race to
/// create the same one.
enum DirectoryCreator {
    static func createDirectory(_ path: PathName) throws(SystemError) {
        var status = stat()
        if path.withCString({ stat($0, &status) }) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR { return }
            throw SystemError("create directory", path, code: ENOTDIR)
        }
        let parent = path.parent
        if parent != path && parent != "." && parent != "/" { try createDirectory(parent) }
        let result = path.withCString { mkdir($0, 0o777) }
        if result != 0 && errno != EEXIST { throw SystemError("create directory", path, code: errno) }
    }
}
