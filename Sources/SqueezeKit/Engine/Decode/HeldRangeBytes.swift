/// Range bytes waiting for the check that covers them (a trailer, a checkpoint span), with the decoded offset of each
/// piece, in the order they are to be written.
struct HeldRangeBytes {
    private var bytes: [UInt8] = []
    /// Each piece's decoded offset and length, in order (offsets ascend: a pass's ranges do).
    private var pieces: [(start: Int64, count: Int)] = []
    private var firstPiece = 0

    var count: Int { bytes.count }

    mutating func append(_ piece: UnsafeRawBufferPointer, at offset: Int64) {
        bytes.append(contentsOf: piece)
        pieces.append((offset, piece.count))
    }

    /// Writes the held bytes whose decoded offset is below `verified`; returns how many.
    mutating func release(upTo verified: Int64, to sink: (UnsafeRawBufferPointer) throws -> Void) throws -> Int64 {
        var count = 0
        while firstPiece < pieces.count, pieces[firstPiece].start < verified {
            let piece = pieces[firstPiece]
            let taken = Int(min(Int64(piece.count), verified - piece.start))
            count += taken
            if taken == piece.count {
                firstPiece += 1
            } else {
                pieces[firstPiece] = (piece.start + Int64(taken), piece.count - taken)
                break
            }
        }
        guard count > 0 else { return 0 }
        try bytes.withUnsafeBytes { try sink(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        bytes.removeFirst(count)
        if firstPiece == pieces.count {
            pieces.removeAll(keepingCapacity: true)
            firstPiece = 0
        }
        return Int64(count)
    }
}
