/// The names this extraction has given each file it made hard links to, relative to the
/// destination, so that a later link that carries data can give the new data to every name.
///
/// Candidates only: a name may since have been replaced by another entry (and an inode number
/// reused), so a caller checks that a name still is the file before it touches it.
struct LinkedNames {
    struct FileID: Hashable {
        var device: UInt64
        var inode: UInt64

        init(_ status: FileStatus) {
            device = status.device
            inode = status.inode
        }
    }

    private var names: [FileID: [PathName]] = [:]

    func names(of file: FileID) -> [PathName] { names[file] ?? [] }

    /// Notes that `name` is a name of `file`.
    mutating func add(_ name: PathName, to file: FileID) {
        if !names[file, default: []].contains(name) { names[file, default: []].append(name) }
    }
}
