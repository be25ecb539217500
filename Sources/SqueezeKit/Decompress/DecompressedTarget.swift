/// Where one file's decoded bytes go.
enum DecompressedTarget: Sendable {
    /// An atomic file at this path.
    case file(PathName)
    /// Standard output (`--stdout`).
    case standardOutput
    /// Nowhere: `test`.
    case nowhere
}
