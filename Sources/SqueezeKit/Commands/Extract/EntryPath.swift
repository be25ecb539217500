/// Where an archive entry may go: its name as a path relative to the destination, with `.` and
/// empty components dropped, or a refusal when the name could reach outside the destination.
/// Checked before libarchive sees the entry (see `ArchiveExtractor` for what libarchive checks).
enum EntryPath {
    /// The path below the destination; empty for `.` (the destination itself).
    static func relative(_ name: PathName) throws(EntryRefusal) -> PathName {
        if name.isEmpty { throw .emptyName }
        if name.isAbsolute { throw .absoluteName }
        // Most names are relative paths already: seen so without splitting them.
        if isPlain(name.bytes) { return name }
        let slash = UInt8(ascii: "/")
        var kept: [ArraySlice<UInt8>] = []
        for component in name.bytes.split(separator: slash, omittingEmptySubsequences: true) {
            if component.elementsEqual("..".utf8) { throw .parentReference }
            if component.elementsEqual(".".utf8) { continue }
            kept.append(component)
        }
        return PathName(bytes: kept.joined(separator: [slash]))
    }

    /// Whether `bytes` has no empty, `.` or `..` component: the name is its own relative path.
    private static func isPlain(_ bytes: [UInt8]) -> Bool {
        let (slash, dot) = (UInt8(ascii: "/"), UInt8(ascii: "."))
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == slash {
            let length = index - start
            if length == 0 || bytes[start] == dot && (length == 1 || length == 2 && bytes[start + 1] == dot) { return false }
            start = index + 1
        }
        return true
    }

    /// The entry a symbolic link at `link` points to, when its target names one below the
    /// destination without going through another link (`..` taken lexically, as `tar` stores
    /// it); nil for an absolute target or one that climbs out.
    static func symbolicLinkTarget(_ target: PathName, of link: PathName) -> PathName? {
        if target.isAbsolute || target.isEmpty { return nil }
        let slash = UInt8(ascii: "/")
        var kept: [ArraySlice<UInt8>] = link.parent == "." ? [] : link.parent.bytes.split(separator: slash)[...].map { $0 }
        for component in target.bytes.split(separator: slash, omittingEmptySubsequences: true) {
            if component.elementsEqual("..".utf8) {
                if kept.popLast() == nil { return nil }
            } else if !component.elementsEqual(".".utf8) {
                kept.append(component)
            }
        }
        return kept.isEmpty ? nil : PathName(bytes: kept.joined(separator: [slash]))
    }
}

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

/// Why `squeeze extract` would not extract an entry: what it would have done is unsafe, or needs
/// an option the user did not give.
public enum EntryRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    case emptyName
    /// A name starting with `/`: it would be written wherever it points.
    case absoluteName
    /// A name with a `..` component: it could climb out of the destination.
    case parentReference
    /// `.` (or `./`) for something that is not a directory: it would replace the destination.
    case namesDestination(FileKind)
    /// A device node or FIFO, without `--allow-special-files`.
    case specialFile(FileKind)
    /// A kind of entry no file system object can be made from (a socket, an unknown type).
    case unsupportedKind(FileKind)
    /// A hard link whose target is absolute or climbs out of the destination.
    case hardLinkOutside(target: PathName)
    /// A hard link to something this extraction did not make: it could tie a file of the archive
    /// to a file that was there before (and, through its data, change it).
    case hardLinkToUnextracted(target: PathName)
    /// A hard link naming itself: without data there is nothing to make, and replacing the name
    /// to link it would lose the file.
    case hardLinkToItself
    /// A hard link that carries data, to something that cannot hold it (a directory, a symbolic
    /// link the archive made, ...).
    case hardLinkDataToNonFile(target: PathName)
    /// Under `--force`, something that was in the destination and is neither a regular file nor a
    /// symbolic link is in the way (a directory the entry cannot merge into, a FIFO, a device).
    case replacesNonFile(FileKind)

    public var description: String {
        switch self {
        case .emptyName: "refused: the entry has an empty name"
        case .absoluteName: "refused: absolute name (entries may only be extracted inside the destination)"
        case .parentReference: "refused: the name contains '..' (entries may only be extracted inside the destination)"
        case .namesDestination(let kind): "refused: \(kind.phrase) named '.' would replace the destination"
        case .specialFile(let kind): "refused: \(kind.phrase) (use --allow-special-files to create device nodes and FIFOs)"
        case .unsupportedKind(let kind): "refused: \(kind.phrase) cannot be extracted"
        case .hardLinkOutside(let target): "refused: hard link to '\(target)', outside the destination"
        case .hardLinkToUnextracted(let target): "refused: hard link to '\(target)', which this archive did not extract"
        case .hardLinkToItself: "refused: hard link to itself"
        case .hardLinkDataToNonFile(let target): "refused: hard link to '\(target)' carries data, and '\(target)' is not a regular file"
        case .replacesNonFile(let kind): "refused: \(kind.phrase) is there, and only files and symbolic links are replaced, even with --force"
        }
    }
}
