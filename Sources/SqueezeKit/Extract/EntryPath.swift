/// Where an archive entry may go: its name as a path relative to the destination, with `.` and
/// empty components dropped, or a refusal when the name could reach outside the destination.
/// Checked before libarchive sees the entry (see `ArchiveExtractor` for what libarchive checks).
enum EntryPath {
    /// The path below the destination; empty for `.` (the destination itself).
    static func relative(_ name: PathName) throws(EntryRefusal) -> PathName {
        if name.isEmpty { throw .emptyName }
        if name.isAbsolute { throw .absoluteName }
        let slash = UInt8(ascii: "/")
        var kept: [ArraySlice<UInt8>] = []
        for component in name.bytes.split(separator: slash, omittingEmptySubsequences: true) {
            if component.elementsEqual("..".utf8) { throw .parentReference }
            if component.elementsEqual(".".utf8) { continue }
            kept.append(component)
        }
        return PathName(bytes: kept.joined(separator: [slash]))
    }
}
