/// Where one member of an indexed file lies and what it holds, from its `MemberIndexField`.
struct IndexedMember: Equatable, Sendable {
    /// File offset of the member's header.
    var offset: Int64
    var headerLength: Int
    /// Header to trailer.
    var length: Int
    var uncompressedLength: Int

    /// The member's DEFLATE data and trailer: what a worker reads to decode it.
    var bodyOffset: Int64 { offset + Int64(headerLength) }
    var bodyLength: Int { length - headerLength }
    var deflateLength: Int { bodyLength - GzipTrailer.length }
    var end: Int64 { offset + Int64(length) }
}
