/// The names of the files the extraction thread has handed to the creator (`PlainFileCreator`)
/// since it last knew the creator had finished, relative to the destination: an entry that touches
/// one of them waits for the creator first, so that it finds what one thread would have found.
///
/// An entry conflicts with a handed-off file when it has the file's name (a later entry of the
/// name wins, and a hard link to it needs it there), names a directory the file is in (replacing
/// that directory must find it not empty, as it is), or goes beneath the file's name (the file
/// must be there to refuse it: "Not a directory").
struct HandedOffNames {
    private var files: Set<PathName> = []
    /// Every directory above a handed-off file.
    private var directories: Set<PathName> = []

    var count: Int { files.count }

    mutating func insert(_ name: PathName) {
        files.insert(name)
        // A directory already noted has its own directories noted too.
        var directory = name.parent
        while directory != "." && directories.insert(directory).inserted { directory = directory.parent }
    }

    /// Whether extracting `relative` (or linking to it) touches a handed-off file.
    func conflicts(with relative: PathName) -> Bool {
        guard !files.isEmpty, !relative.isEmpty else { return false }
        if files.contains(relative) || directories.contains(relative) { return true }
        var directory = relative.parent
        while directory != "." {
            if files.contains(directory) { return true }
            directory = directory.parent
        }
        return false
    }

    /// The creator has finished every file handed over.
    mutating func removeAll() {
        files.removeAll(keepingCapacity: true)
        directories.removeAll(keepingCapacity: true)
    }
}
