/// The names of the files the extraction thread has handed to the creator (`PlainFileCreator`)
/// since it last knew the creator had finished, relative to the destination: an entry that touches
/// one of them waits for the creator first, so that it finds what one thread would have found.
///
/// An entry conflicts with a handed-off file when it has the file's name (a later entry of the
/// name wins, and a hard link to it needs it there), names a directory the file is in (replacing
/// that directory must find it not empty, as it is), or goes beneath the file's name (the file
/// must be there to refuse it: "Not a directory").
///
/// Asked for every entry and told of most: one lookup each, as entries come grouped by directory
/// (the directories above a file are noted once per directory, and an entry's directories are
/// looked at once per directory).
struct HandedOffNames {
    /// Handed-off files (true) and every directory above one (false). A name is never both: a
    /// file beneath a handed-off one conflicts with it, and so is never handed over with it.
    private var names: [PathName: Bool] = [:]
    private(set) var count = 0
    /// The directory of the last file noted, whose directories are noted already.
    private var lastNoted: PathName?
    /// A directory with no handed-off file on the way to it, itself included.
    private var clearOfFiles: PathName?

    mutating func insert(_ name: PathName) {
        guard names.updateValue(true, forKey: name) == nil else { return }
        count += 1
        if let clear = clearOfFiles, Self.isOnTheWay(name, to: clear) { clearOfFiles = nil }
        if let last = lastNoted, Self.isDirectlyIn(name, last) { return }
        var directory = name.parent
        lastNoted = directory
        while directory != "." && names[directory] == nil {
            names[directory] = false
            directory = directory.parent
        }
    }

    /// Whether extracting `relative` (or linking to it) touches a handed-off file.
    mutating func conflicts(with relative: PathName) -> Bool {
        guard count > 0, !relative.isEmpty else { return false }
        if names[relative] != nil { return true }
        if let clear = clearOfFiles, Self.isDirectlyIn(relative, clear) { return false }
        let parent = relative.parent
        var directory = parent
        while directory != "." {
            if names[directory] == true { return true }
            directory = directory.parent
        }
        clearOfFiles = parent
        return false
    }

    /// The creator has finished every file handed over.
    mutating func removeAll() {
        names.removeAll(keepingCapacity: true)
        count = 0
        (lastNoted, clearOfFiles) = (nil, nil)
    }

    /// Whether `name`'s directory is `directory` ("." for a name at the top).
    private static func isDirectlyIn(_ name: PathName, _ directory: PathName) -> Bool {
        let slash = UInt8(ascii: "/")
        if directory == "." { return !name.bytes.contains(slash) }
        let length = directory.bytes.count
        return name.bytes.count > length + 1 && name.bytes[length] == slash && name.bytes.starts(with: directory.bytes)
            && !name.bytes[(length + 1)...].contains(slash)
    }

    /// Whether `name` is `directory` or one of the directories above it.
    private static func isOnTheWay(_ name: PathName, to directory: PathName) -> Bool {
        let length = name.bytes.count
        return directory.bytes.starts(with: name.bytes)
            && (directory.bytes.count == length || directory.bytes[length] == UInt8(ascii: "/"))
    }
}
