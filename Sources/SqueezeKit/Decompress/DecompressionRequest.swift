/// Everything `squeeze decompress` or `squeeze test` was asked to do.
public struct DecompressionRequest: Sendable {
    /// What becomes of the decoded bytes.
    public enum Purpose: String, Sendable {
        /// Written to files (`NAME.gz` becomes `NAME`), or to standard output.
        case decompress
        /// Checked and dropped: every member's CRC-32 and length.
        case test
    }

    public var roots: [PathName]
    public var purpose: Purpose
    public var filter: PathFilter
    public var followSymlinks: Bool
    public var scheduling: SchedulingOptions
    /// Where outputs go (`decompress` only).
    public var output: OutputOptions
    /// `--stdout`: every file's bytes to standard output, in the order the files were named.
    public var toStandardOutput: Bool

    public init(
        roots: [PathName], purpose: Purpose = .decompress, filter: PathFilter = PathFilter(), followSymlinks: Bool = false,
        scheduling: SchedulingOptions = SchedulingOptions(), output: OutputOptions = OutputOptions(),
        toStandardOutput: Bool = false
    ) {
        self.roots = roots
        self.purpose = purpose
        self.filter = filter
        self.followSymlinks = followSymlinks
        self.scheduling = scheduling
        self.output = output
        self.toStandardOutput = toStandardOutput
    }
}
