/// What `squeeze --version` prints: squeeze's version, then the libraries it runs with.
public enum VersionReport {
    /// squeeze's version: the one place it is written. `scripts/package` and the man pages read
    /// it from the built binary's `--version`.
    public static let squeeze = "0.1.0"

    public static var text: String {
        """
        squeeze \(squeeze)
        zlib \(LibraryVersions.zlib)
        libdeflate \(LibraryVersions.libdeflate) (compiled in)
        isa-l \(LibraryVersions.isal) (compiled in)
        zstd \(LibraryVersions.zstd)
        \(LibraryVersions.libarchive)
        """
    }
}
