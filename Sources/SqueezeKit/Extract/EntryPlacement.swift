/// How an entry's path below the destination is given to the file system and to libarchive.
///
/// Inside the destination (the extraction thread's own working directory) paths stay relative:
/// libarchive then takes ARCHIVE_EXTRACT_SECURE_NOABSOLUTEPATHS as well, and its per-component
/// symbolic link check walks only the entry's own components. Where a thread cannot have a
/// working directory of its own, each path is placed under the destination's canonical absolute
/// path instead, and squeeze's own check (`EntryPath`) stands in for NOABSOLUTEPATHS.
struct EntryPlacement {
    /// The destination's canonical absolute path.
    let root: PathName
    let isInsideDestination: Bool

    /// The path to use on the extraction thread for `relative` (empty: the destination itself).
    func path(_ relative: PathName) -> PathName {
        if isInsideDestination { return relative.isEmpty ? "." : relative }
        return relative.isEmpty ? root : root.appending(relative)
    }

    /// The absolute path, for messages and for other threads (the temporary file registry).
    func absolute(_ relative: PathName) -> PathName {
        relative.isEmpty ? root : root.appending(relative)
    }
}
