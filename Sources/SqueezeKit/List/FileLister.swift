/// Lists one kind of compressed file. `list` picks, for each file, the first lister of its run
/// that recognizes the file's first bytes (or name), so that other formats (a `.tar.gz` listed
/// entry by entry, say) can come before the plain gzip lister, which takes everything else.
protocol FileLister: Sendable {
    /// Whether this lister handles a file that starts with `prefix` (up to `prefixLength` bytes).
    func recognizes(_ prefix: [UInt8], path: PathName) -> Bool

    func list(_ file: ReadableFile, status: FileStatus, cancellation: CancellationFlag) throws -> FileListing
}

extension FileLister {
    /// What listers are shown of a file to recognize it.
    static var prefixLength: Int { 512 }
}
