/// Everything a destination needs to know about a finished decode.
struct FinishedDecoding {
    var result: Result<GzipDecodeSummary, any Error>
    /// The output, if one was made: every decoded byte was written to it, in order.
    var output: (any OutputFile)?
    /// The source, if it was opened (to check that it did not change meanwhile).
    var reader: ReadableFile?
    var seconds: Double
    /// Input bytes already reported as progress.
    var progressReported: Int64
}
