/// What `squeeze extract` may do beyond the safe default. Off by default, each of these lets an
/// archive from someone else do more to this machine.
public struct ExtractionOptions: Sendable, Equatable {
    /// Replace files that were in the destination before (`--force`). Without it they are kept and
    /// the entry is skipped with a warning; what this extraction itself made may always be replaced.
    public var overwrite: Bool
    /// Give files the owner and group the archive names (`--same-owner`); otherwise they belong
    /// to whoever extracts.
    public var restoreOwners: Bool
    /// Create device nodes and FIFOs (`--allow-special-files`); otherwise they are refused.
    public var allowSpecialFiles: Bool
    /// Keep setuid and setgid bits (`--keep-setuid`); otherwise they are cleared.
    public var keepSetuidBits: Bool

    public init(overwrite: Bool = false, restoreOwners: Bool = false, allowSpecialFiles: Bool = false, keepSetuidBits: Bool = false) {
        self.overwrite = overwrite
        self.restoreOwners = restoreOwners
        self.allowSpecialFiles = allowSpecialFiles
        self.keepSetuidBits = keepSetuidBits
    }
}
