/// Where a decoded file's bytes go, and what is done once the file is decoded or has failed: an
/// atomic file committed beside the source (decompress), nothing (test), or a caller's consumer.
protocol DecodedFileDestination: Sendable {
    /// The output for the decoded bytes, made when the first bytes (or an empty result) are ready:
    /// a file that is not gzip never gets a temporary.
    func makeOutput() throws -> any OutputFile

    /// Called once per task, on a worker, after the last byte: commits or discards the output and
    /// reports.
    func complete(_ decoding: FinishedDecoding)
}

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
