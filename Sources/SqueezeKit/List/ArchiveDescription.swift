/// What libarchive found an archive to be, once its entries have been read.
public struct ArchiveDescription: Equatable, Sendable {
    /// The format, in libarchive's words: "POSIX pax interchange format", "GNU tar format", "ZIP 2.0 (deflation)".
    public var format: String
    /// Compressions undone by libarchive, outermost first ("gzip", "xz"); empty when the archive
    /// was not compressed or was decoded before libarchive saw it.
    public var filters: [String]
    public var entryCount: Int
}
