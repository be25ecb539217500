/// Decodes a stretch of a gzip file that says nothing of where its parts start, without knowing
/// where one begins: concatenated members (`cat a.gz b.gz`) and single members written with
/// flush points (`pigz -i`). The stretch searches its range for plausible starts
/// (`SpeculativeStart`: member headers and flush points) and decodes from the first one that
/// decodes (ISA-L, raw DEFLATE) until it reaches a boundary of the same two kinds at or past the
/// range's end: the end of a member, or a flush point where the decoder is at the start of a
/// block. A flush point is a start only if the data after it never reaches back before it (the
/// blocks of `pigz -i`, but not of plain `pigz`, which carries its dictionary across).
///
/// What it finds is only speculation: a fake member stored inside another's data, or a marker
/// inside stored bytes, may decode just as well. `GzipDecodingTask` delivers a stretch only
/// when the stretch before it ended exactly where this one starts, at a boundary of the same
/// kind, so that a false start can never change a byte of the output; and the CRC-32 and
/// length of a member cut across stretches are checked when its trailer is reached.
struct SpeculativeStretchDecoder: Sendable {
    /// The most a stretch decodes to: a stretch that would decode to more (a large member without
    /// flush points) is given up, and that part of the file is left to the streaming decoder.
    static let outputLimit = 32 << 20
    private let scratches = CodecPool { StretchScratch() }

    /// The stretch decoded from the first plausible start in `range` (the member at its very
    /// first byte when `atFileStart`); nil if no start in the range decodes, or if what follows
    /// it does not decode within the output limit.
    func decode(_ range: Range<Int64>, atFileStart: Bool, of file: ReadableFile, fileSize: Int64) throws -> DecodedStretch? {
        // The bytes just before the range, to see a marker that ends at its first bytes.
        var input = StretchInput(file: file, start: max(0, range.lowerBound - 5), fileSize: fileSize)
        try input.read(upTo: min(fileSize, range.upperBound + Int64(range.count)))
        let searchStart = Int(range.lowerBound - input.start)
        let searchEnd = Int(range.upperBound - input.start)
        return try scratches.withInstance { scratch in
            var attempt = StretchAttempt(input: input, inflater: scratch.inflater, output: scratch.output, end: range.upperBound)
            var next = atFileStart ? SpeculativeStart(offset: 0, kind: .member) : attempt.firstStart(from: searchStart, before: searchEnd)
            while let start = next {
                switch try attempt.decode(from: start) {
                case .decoded(let stretch): return stretch
                case .falseStart: next = atFileStart ? nil : attempt.firstStart(from: start.offset + 1, before: searchEnd)
                case .givenUp: return nil
                }
            }
            return nil
        }
    }
}

/// A worker's inflater and output buffer, kept from stretch to stretch: the buffer's pages are
/// faulted in once, not for every stretch.
///
/// `@unchecked Sendable`: both are used by one thread at a time, because stretches only reach
/// them through `CodecPool.withInstance`; the buffer never moves and is freed in `deinit`.
private final class StretchScratch: @unchecked Sendable {
    let inflater = IsalInflater()
    let output = UnsafeMutableRawBufferPointer.allocate(byteCount: SpeculativeStretchDecoder.outputLimit, alignment: 16)

    deinit { output.deallocate() }
}

/// The bytes a stretch has read, from `start`, grown as members reach further.
struct StretchInput {
    let file: ReadableFile
    let start: Int64
    let fileSize: Int64
    var bytes: [UInt8] = []

    var end: Int64 { start + Int64(bytes.count) }
    var isAtFileEnd: Bool { end >= fileSize }

    mutating func read(upTo limit: Int64) throws {
        guard limit > end else { return }
        bytes += try file.read(count: Int(limit - end), at: end)
    }

    /// Reads further (doubling what was read, up to the file's end); false at the file's end.
    mutating func readMore() throws -> Bool {
        guard !isAtFileEnd else { return false }
        try read(upTo: min(fileSize, end + Int64(max(bytes.count, 1 << 20))))
        return true
    }
}

/// One stretch's decoding from one start after another, until one decodes.
private struct StretchAttempt {
    var input: StretchInput
    let inflater: IsalInflater
    let output: UnsafeMutableRawBufferPointer
    /// The file offset at or past which the stretch stops at the next boundary.
    let end: Int64

    enum Outcome {
        case decoded(DecodedStretch)
        /// What follows this start does not decode up to the range's end: not a real start.
        case falseStart
        case givenUp
    }

    func firstStart(from offset: Int, before limit: Int) -> SpeculativeStart? {
        input.bytes.withUnsafeBytes { SpeculativeStart.first(in: $0, from: offset, before: min(limit, $0.count)) }
    }

    /// Offset in `input.bytes` of the end of the stretch's range.
    private var endOffset: Int { Int(end - input.start) }

    mutating func decode(from start: SpeculativeStart) throws -> Outcome {
        var position = start.offset, produced = 0
        var stretch = DecodedStretch(bytes: [], start: input.start + Int64(start.offset), end: 0, members: 0)
        /// The member being decoded: where its header starts (nil for one begun before the
        /// stretch), and where its decoded bytes start in `output`.
        var member: (headerOffset: Int64?, outputStart: Int)?
        if start.kind == .flushPoint {
            inflater.reset()
            member = (nil, 0)
        }
        while true {
            if member == nil {
                // Between members: stop once past the range's end, or at the file's end.
                if position > start.offset && (position >= endOffset || (input.isAtFileEnd && position == input.bytes.count)) { break }
                let parsed = input.bytes.withUnsafeBytes { GzipHeader.parse(UnsafeRawBufferPointer(rebasing: $0[position...])) }
                switch parsed {
                case .header(let header, let length):
                    if position == start.offset { stretch.firstHeader = header }
                    member = (input.start + Int64(position), produced)
                    position += length
                    inflater.reset()
                case .incomplete:
                    if try input.readMore() { continue }
                    return .falseStart
                case .invalid:
                    // Garbage after a member is left to the stream, which judges it.
                    return .falseStart
                }
            }
            // Inside a member's DEFLATE data: decode up to the next flush point at or past the
            // range's end, where the stretch may stop.
            let stop = input.bytes.withUnsafeBytes { FlushPointCandidate.first(in: $0, from: max(position + 1, endOffset), before: $0.count) }
            let limit = stop ?? input.bytes.count
            let step: IsalInflater.Step
            do {
                step = try input.bytes.withUnsafeBytes { bytes in
                    try inflater.inflate(
                        UnsafeRawBufferPointer(rebasing: bytes[position..<limit]), into: UnsafeMutableRawBufferPointer(rebasing: output[produced...]))
                }
            } catch {
                return .falseStart
            }
            // Bytes ISA-L read ahead past the stream's end in earlier calls lie just before.
            position += step.consumed - step.carried.count
            produced += step.produced
            if step.isEnd {
                guard try readTrailer(at: position) else { return .falseStart }
                let trailer = input.bytes.withUnsafeBytes { GzipTrailer(UnsafeRawBufferPointer(rebasing: $0[position...])) }
                position += GzipTrailer.length
                let length = Int64(produced - member!.outputStart)
                if member!.headerOffset == nil {
                    stretch.leading = DecodedStretch.PartOfMember(checksum: inflater.checksum, length: length, trailer: trailer)
                } else {
                    guard (try? trailer.verify(checksum: inflater.checksum, length: length)) != nil else { return .falseStart }
                    stretch.members += 1
                }
                member = nil
                continue
            }
            if produced == output.count { return .givenUp }
            if position == limit {
                if let stop, position == stop, inflater.isAtByteAlignedBlockStart { break }
                if stop == nil, !(try input.readMore()) { return .falseStart }
            } else if step.consumed == 0 && step.produced == 0 {
                return .falseStart
            }
        }
        if let member {
            let part = DecodedStretch.PartOfMember(
                checksum: inflater.checksum, length: Int64(produced - member.outputStart), headerOffset: member.headerOffset)
            if member.headerOffset == nil { stretch.leading = part } else { stretch.trailing = part }
        }
        stretch.bytes = Array(UnsafeRawBufferPointer(rebasing: output[..<produced]))
        stretch.end = input.start + Int64(position)
        return .decoded(stretch)
    }

    /// Makes sure the trailer at `position` has been read; false if the file ends first.
    private mutating func readTrailer(at position: Int) throws -> Bool {
        while position + GzipTrailer.length > input.bytes.count {
            guard try input.readMore() else { return false }
        }
        return true
    }
}
