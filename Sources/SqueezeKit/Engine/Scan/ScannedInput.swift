/// A file a run reads: one the scan found, or standard input, for a `-` among the roots
/// (`PathName.standardInput`), taken where it stands when its turn among the roots comes.
struct ScannedInput {
    let file: ScannedFile
    /// Standard input, taken for its `-` (`ReadableFile(standardInputNamed:)`); nil for a file
    /// the scan found, which is opened by its path.
    let standardInput: ReadableFile?
}
