/// What a gzip header says about the original file.
struct GzipOrigin: Sendable {
    var name: [UInt8]
    var modificationTime: UInt32
}
