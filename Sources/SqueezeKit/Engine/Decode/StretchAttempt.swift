/// One stretch's decoding (`SpeculativeStretchDecoder`) from one start after another, until one
/// decodes: from the start up to the first boundary at or past the range's end.
struct StretchAttempt {
    var input: StretchInput
    let inflater: IsalInflater
    /// Where the stretch is decoded to, handed on with it.
    let buffer: StretchBuffer
    var output: UnsafeMutableRawBufferPointer { buffer.memory }
    /// The second inflater of a start at a block, and where its outputs come from (`WindowProbe`).
    let probeInflater: IsalInflater
    let probeBuffers: StretchBufferPool
    /// The 32 KiB decoded before a file bit, once the stretches up to it were delivered and
    /// ended there inside a member: a stretch started there switches to its real window.
    let knownWindow: @Sendable (_ bit: Int64) -> [UInt8]?
    /// The file offset at or past which the stretch stops at the next boundary.
    let end: Int64
    let search: SpeculativeStart.Search
    /// The block searches of the file's other stretches: the bits past this one's end are those
    /// the next one starts in.
    let sharedSearches: SharedBlockSearches
    /// The most input one call of the inflater reads (`defaultInputPiece`; tests make it tiny).
    let inputPiece: Int

    enum Outcome {
        case decoded(DecodedStretch)
        /// What follows this start does not decode up to the range's end: not a real start.
        case falseStart
        case givenUp
    }

    /// The first start of the stretch's kind at or after `bit`, before byte `limit` of its input.
    mutating func firstStart(fromBit bit: Int, before limit: Int) -> SpeculativeStart? {
        let read = input.bytes
        return read.withUnsafeBytes { bytes in
            let limit = min(limit, bytes.count)
            switch search {
            case .flushPoints:
                return SpeculativeStart.firstMemberOrFlushPoint(in: bytes, fromBit: bit, before: limit)
            case .blocks:
                // The stretch before searched these bits for its stop, most often.
                let block = firstBlock(in: bytes, fromBit: bit, beforeBit: limit * 8)
                return SpeculativeStart.first(in: bytes, fromBit: bit, before: limit, block: block)
            }
        }
    }

    /// The most input one call of the inflater reads: ISA-L computes the CRC-32 of a call's
    /// output once the call is done, and a stretch decodes to 10-20 MB, which would by then have
    /// left the cache (the CRC-32 would read it back from memory, at half the speed).
    static let defaultInputPiece = 128 << 10

    /// Input bytes A and B decode at a time while the window is unknown (whether the last 32 KiB
    /// are all real is asked after each call).
    static let probingPiece = 64 << 10

    /// Offset in `input.bytes` of the end of the stretch's range.
    private var endOffset: Int { Int(end - input.start) }

    /// A boundary the stretch may stop at: the decoder's input ends at `byte`, `unreadBits` past it.
    private struct Stop {
        var byte: Int
        var unreadBits: Int
        var bit: Int { byte * 8 - unreadBits }
    }

    /// The next boundary past the range's end to try stopping at, searched from bit `from`
    /// (flush points from the byte after `position`), and the input offset to decode up to.
    /// While `isProbing`, blocks are searched inside the range too: where A may switch.
    private mutating func nextStop(from bit: Int, position: Int, isProbing: Bool) -> (stop: Stop?, limit: Int) {
        let read = input.bytes
        return read.withUnsafeBytes { bytes in
            switch search {
            case .flushPoints:
                let point = FlushPointCandidate.first(in: bytes, from: max(position + 1, endOffset), before: bytes.count)
                return (point.map { Stop(byte: $0, unreadBits: 0) }, point ?? bytes.count)
            case .blocks:
                // A header near the end of what was read may run past it: decode only up to where
                // one would have been found, then read on.
                let searchable = input.isAtFileEnd ? bytes.count : max(position, bytes.count - DynamicBlockCandidate.maximumHeaderBytes)
                let from = max(bit, isProbing ? 0 : endOffset * 8, position * 8 - 7)
                guard let found = firstBlock(in: bytes, fromBit: from, beforeBit: searchable * 8) else {
                    return (nil, searchable)
                }
                let byte = (found + 7) / 8
                return (Stop(byte: byte, unreadBits: byte * 8 - found), byte)
            }
        }
    }

    /// The last search for a block, kept: the loop asks again after every piece it decodes, mostly
    /// for the same stop, and a search can cover a whole block's bits.
    private(set) var lastBlockSearch: (from: Int, before: Int, found: Int?)? = nil

    /// `DynamicBlockCandidate.first`, answered from the last search where it covered the same bits,
    /// or from a neighbour's (`sharedSearches`, in file bits).
    private mutating func firstBlock(in bytes: UnsafeRawBufferPointer, fromBit from: Int, beforeBit limit: Int) -> Int? {
        if let last = lastBlockSearch, last.from <= from {
            // The first candidate at or after `last.from` is also the first at or after `from`.
            if let found = last.found, found >= from, found < limit { return found }
            if last.found == nil, last.before >= limit { return nil }
        }
        let origin = input.start * 8
        let found = sharedSearches.first(fromBit: origin + Int64(from), beforeBit: origin + Int64(limit)) {
            DynamicBlockCandidate.first(in: bytes, fromBit: from, beforeBit: limit).map { origin + Int64($0) }
        }.map { Int($0 - origin) }
        lastBlockSearch = (from, limit, found)
        return found
    }

    mutating func decode(from start: SpeculativeStart) throws -> Outcome {
        var position = start.offset, produced = 0
        var stretch = DecodedStretch(bytes: .array([]), start: input.start + Int64(start.offset), end: 0, startBits: start.bitsUsed, members: 0)
        /// The member being decoded: where its header starts (nil for one begun before the
        /// stretch), and where its decoded bytes start in `output`.
        var member: (headerOffset: Int64?, outputStart: Int)?
        /// Present while the bytes decoded may still reach back before the start.
        var probe: WindowProbe?
        switch start.kind {
        case .member: break
        case .flushPoint:
            inflater.reset()
            member = (nil, 0)
        case .block:
            // The stretch at the delivered frontier knows its window: it decodes once, with it.
            if let window = knownWindow(stretch.start * 8 + Int64(start.bitsUsed)) {
                window.withUnsafeBytes { inflater.reset(atBit: start.bitsUsed, of: input.bytes[position], dictionary: $0) }
            } else {
                probe = WindowProbe(a: inflater, b: probeInflater, bBuffer: probeBuffers.take(), atBit: start.bitsUsed, of: input.bytes[position])
            }
            position += 1
            member = (nil, 0)
        }
        /// The window is out of reach after `prefixLength` bytes (or the stretch ends first): A
        /// goes on alone, and its checksum covers the bytes from there on.
        func endProbe(after prefixLength: Int) {
            guard let found = probe?.unresolved(prefixLength: prefixLength) else { return }
            stretch.unresolved = found
            inflater.restartChecksum()
            probe = nil
        }
        var stopSearch = 0
        var stoppedAt: Stop?
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
            // Inside a member's DEFLATE data: decode up to the next boundary at or past the
            // range's end, where the stretch may stop.
            // While probing, blocks inside the range are worth finding only once the window is
            // known (A switches at the next one); until then A and B go on in pieces, so that the
            // window is looked for now and then.
            let startBit = stretch.start * 8 + Int64(start.bitsUsed)
            let isSwitching = probe != nil && knownWindow(startBit) != nil
            let (stop, searchLimit) = nextStop(from: stopSearch, position: position, isProbing: isSwitching)
            let piece = probe != nil && !isSwitching ? min(inputPiece, Self.probingPiece) : inputPiece
            let limit = min(searchLimit, position + piece)
            let capacity = probe == nil ? output.count : min(output.count, probe!.capacity)
            var step = IsalInflater.Step(consumed: 0, produced: 0, isEnd: false)
            // With nothing new to read (no boundary ahead, at the file's end), ISA-L is still
            // called: it may hold decoded bytes of the last block to hand out.
            if limit > position || stop == nil {
                do {
                    step = try input.bytes.withUnsafeBytes { bytes in
                        try inflater.inflate(
                            UnsafeRawBufferPointer(rebasing: bytes[position..<limit]),
                            into: UnsafeMutableRawBufferPointer(rebasing: output[produced..<capacity]))
                    }
                } catch {
                    return .falseStart
                }
                if probe != nil {
                    let followed = input.bytes.withUnsafeBytes { bytes in
                        probe!.follow(
                            UnsafeRawBufferPointer(rebasing: bytes[position..<limit]), a: output, from: produced, to: capacity, step: step)
                    }
                    guard followed else { return .falseStart }
                    if step.isEnd || probe!.isClear(produced: produced + step.produced) { endProbe(after: produced + step.produced) }
                }
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
            if produced == capacity { return probe == nil ? .givenUp : .falseStart }
            if position == limit && limit < searchLimit {
                continue
            } else if position == limit {
                if let stop, position == stop.byte {
                    let isAtBlock = inflater.isAtBlockStart(unreadBits: stop.unreadBits)
                    if isAtBlock && stop.bit >= endOffset * 8 {
                        stoppedAt = stop
                        break
                    }
                    if isAtBlock, probe != nil, let window = knownWindow(startBit) {
                        // The window before the start is known now: A starts afresh here with the
                        // real one, the bytes before resolved.
                        let dictionary = probe!.realWindow(before: produced, a: output, window: window)
                        endProbe(after: produced)
                        dictionary.withUnsafeBytes { inflater.reset(atBit: stop.bit & 7, of: input.bytes[stop.bit >> 3], dictionary: $0) }
                        position = (stop.bit >> 3) + 1
                    }
                    stopSearch = stop.bit + 1
                } else if stop == nil, !(try input.readMore()) {
                    return .falseStart
                }
            } else if step.consumed == 0 && step.produced == 0 {
                return .falseStart
            }
        }
        endProbe(after: produced)
        if let member {
            let part = DecodedStretch.PartOfMember(
                checksum: inflater.checksum, length: Int64(produced - member.outputStart), headerOffset: member.headerOffset)
            if member.headerOffset == nil { stretch.leading = part } else { stretch.trailing = part }
        }
        buffer.count = produced
        stretch.bytes = .lent(buffer)
        if let stoppedAt {
            stretch.end = input.start + Int64(stoppedAt.bit >> 3)
            stretch.endBits = stoppedAt.bit & 7
        } else {
            stretch.end = input.start + Int64(position)
        }
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
