/// Where the streaming decoder starts: the beginning of a file, or the member boundary up to which
/// the parallel path has already delivered verified output.
struct StreamResumePoint: Sendable {
    var offset: Int64 = 0
    var membersBefore = 0
    var uncompressedBytesBefore: Int64 = 0
    var firstHeader: GzipHeader?
}
