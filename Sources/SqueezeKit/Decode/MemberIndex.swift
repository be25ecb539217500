/// Every member of a file written by squeeze in blocks, found by hopping from header to header:
/// what lets the parallel path hand each member to a different worker, and `list` give exact
/// sizes without inflating anything.
struct MemberIndex: Equatable, Sendable {
    var members: [IndexedMember]
    var firstHeader: GzipHeader
    /// Exact, however large (the trailers only know it modulo 2^32).
    var uncompressedBytes: Int64
    var compressedBytes: Int64

    /// The decoded bytes that precede member `index`.
    func uncompressedBytes(before index: Int) -> Int64 {
        members[..<index].reduce(0) { $0 + Int64($1.uncompressedLength) }
    }
}
