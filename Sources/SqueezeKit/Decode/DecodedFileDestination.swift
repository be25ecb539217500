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
