/// Where one file's decoded bytes go.
enum DecompressedTarget: Sendable {
    /// An atomic file at this path.
    case file(PathName)
    /// Standard output (`--stdout`).
    case standardOutput
    /// Nowhere: `test`.
    case nowhere
}

extension DecompressedTarget {
    /// Whether the output is a file, the only case where `--rm` may delete the source.
    var isFile: Bool {
        if case .file = self { true } else { false }
    }
}
