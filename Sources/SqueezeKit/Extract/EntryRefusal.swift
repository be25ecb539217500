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
        }
    }
}
