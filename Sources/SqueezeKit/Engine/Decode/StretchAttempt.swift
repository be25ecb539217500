/// One stretch's decoding (`SpeculativeStretchDecoder`) from one start after another, until one
/// decodes: from the start up to the first boundary at or past the range's end. Every search and
/// inflater call is charged to the chunk's `budget`, which stops the attempts (throwing) once
/// they cost too much, or the run no longer wants them.
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
    /// The most bytes decoded in lockstep before the chunk waits for its window
    /// (`SpeculativeSplit.lockstepLimit`).
    let lockstepLimit: Int
    var budget: StretchBudget

    enum Outcome {
        case decoded(DecodedStretch)
        /// What follows this start does not decode up to the range's end: not a real start, nor
        /// any before the input bit `retryFrom`, from which the search goes on.
        case falseStart(retryFrom: Int)
        /// No start of the chunk can do: the input ends inside a member, or the stretch decodes to
        /// more than its buffer holds.
        case givenUp
    }

    /// The first start of the stretch's kind at or after `bit`, before byte `limit` of its input.
    mutating func firstStart(fromBit bit: Int, before limit: Int) throws -> SpeculativeStart? {
        let read = input.bytes
        let limit = min(limit, read.count)
        let found = try read.withUnsafeBytes { bytes in
            switch search {
            case .flushPoints:
                return SpeculativeStart.firstMemberOrFlushPoint(in: bytes, fromBit: bit, before: limit)
            case .blocks:
                // The stretch before searched these bits for its stop, most often.
                let block = try firstBlock(fromBit: bit, beforeBit: limit * 8)
                return SpeculativeStart.first(in: bytes, fromBit: bit, before: limit, block: block)
            }
        }
        // The member headers (and flush markers) looked for up to the start found.
        try budget.chargeSearch(of: max(0, (found?.offset ?? limit) - bit / 8), bitByBit: false)
        return found
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
    /// (flush points from the byte after `position`) only as far as the inflater goes next (up to
    /// `reach`): where a search ran ahead of it, the budget would pay for bytes not yet decoded.
    /// Returns the stop, if one was found, the input offset to decode up to (the stop's byte, or
    /// where the search ended), and whether the search ended at the end of what was read.
    /// While `isProbing`, blocks are searched inside the range too: where A may switch.
    private mutating func nextStop(from bit: Int, position: Int, reach: Int, isProbing: Bool) throws -> (stop: Stop?, limit: Int, readsOn: Bool) {
        let read = input.bytes
        return try read.withUnsafeBytes { bytes in
            switch search {
            case .flushPoints:
                // A marker is found only with a byte after it.
                let readable = bytes.count - 1
                let end = min(readable, reach)
                let from = max(position + 1, endOffset)
                let point = try firstCandidate(fromBit: from * 8, beforeBit: (end + 1) * 8) { bytes, from, limit, budget in
                    let found = FlushPointCandidate.first(in: bytes, from: from / 8, before: limit / 8)
                    try budget.chargeSearch(of: (found ?? limit / 8) - from / 8, bitByBit: false)
                    return found.map { $0 * 8 }
                }.map { $0 / 8 }
                return (point.map { Stop(byte: $0, unreadBits: 0) }, point ?? max(position, end), point == nil && end == readable)
            case .blocks:
                // A header near the end of what was read may run past it: search only up to where
                // one would be whole, then read on.
                let readable = input.isAtFileEnd ? bytes.count : max(position, bytes.count - DynamicBlockCandidate.maximumHeaderBytes)
                let end = min(readable, reach)
                let from = max(bit, isProbing ? 0 : endOffset * 8, position * 8 - 7)
                guard let found = try firstBlock(fromBit: from, beforeBit: end * 8) else {
                    return (nil, max(position, end), end == readable)
                }
                let byte = (found + 7) / 8
                return (Stop(byte: byte, unreadBits: byte * 8 - found), byte, false)
            }
        }
    }

    /// The last search for a start or stop (in input bits), kept: the loop asks again after every
    /// piece it decodes, mostly for the same stop or for the bits just past those searched.
    private(set) var lastSearch: SharedBlockSearches.Search?

    /// The first candidate at input bit `from` or after, before bit `limit`: answered from the
    /// last search where it covered those bits, else found by `search` (of the bytes read, in a
    /// range of bits: only those past the last search's where it found nothing from `from` on),
    /// which charges the budget for what it looks at.
    private mutating func firstCandidate(
        fromBit from: Int, beforeBit limit: Int, _ search: (UnsafeRawBufferPointer, Int, Int, inout StretchBudget) throws -> Int?
    ) throws -> Int? {
        guard from < limit else { return nil }
        var searchFrom = from
        if let last = lastSearch {
            if let answer = SharedBlockSearches.answer(from: Int64(from), before: Int64(limit), by: last) { return answer.map { Int($0) } }
            if last.found == nil, last.from <= from, from < last.before { searchFrom = Int(last.before) }
        }
        let found = try input.bytes.withUnsafeBytes { try search($0, searchFrom, limit, &budget) }
        lastSearch = SharedBlockSearches.Search(from: Int64(from), before: Int64(limit), found: found.map { Int64($0) })
        return found
    }

    /// Block searches look at most this many bytes between two charges to the budget, which can
    /// then stop a long one (incompressible data holds no dynamic block to find).
    static let blockSearchPiece = 64 << 10

    /// `DynamicBlockCandidate.first`, answered from the last search where it covered the same bits,
    /// or from a neighbour's (`sharedSearches`, in file bits, which cost this stretch nothing).
    private mutating func firstBlock(fromBit from: Int, beforeBit limit: Int) throws -> Int? {
        let origin = input.start * 8
        let sharedSearches = sharedSearches
        return try firstCandidate(fromBit: from, beforeBit: limit) { bytes, from, limit, budget in
            var pieceStart = from
            while pieceStart < limit {
                let pieceEnd = min(limit, pieceStart + 8 * Self.blockSearchPiece)
                var searched = false
                let found = sharedSearches.first(fromBit: origin + Int64(pieceStart), beforeBit: origin + Int64(pieceEnd)) {
                    searched = true
                    return DynamicBlockCandidate.first(in: bytes, fromBit: pieceStart, beforeBit: pieceEnd).map { origin + Int64($0) }
                }.map { Int($0 - origin) }
                if searched { try budget.chargeSearch(of: ((found ?? pieceEnd) - pieceStart) / 8, bitByBit: true) }
                if found != nil { return found }
                pieceStart = pieceEnd
            }
            return nil
        }
    }

    mutating func decode(from start: SpeculativeStart) throws -> Outcome {
        budget.beginAttempt()
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
                try budget.charge(UnresolvedWindow.windowSize)
            } else {
                probe = WindowProbe(a: inflater, b: probeInflater, bBuffer: probeBuffers.take(), atBit: start.bitsUsed, of: input.bytes[position])
                try budget.charge(2 * UnresolvedWindow.windowSize)
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
        decoding: while true {
            if member == nil {
                // Between members: stop once past the range's end, or at the file's end.
                if position > start.offset && (position >= endOffset || (input.isAtFileEnd && position == input.bytes.count)) { break }
                let parsed = input.bytes.withUnsafeBytes { GzipHeader.parse(UnsafeRawBufferPointer(rebasing: $0[position...])) }
                if case .incomplete = parsed, try input.readMore() { continue }
                guard case .header(let header, let length) = parsed else {
                    guard position > start.offset else { return .falseStart(retryFrom: start.bit + 1) }
                    // Bytes after a member that begin none (padding, garbage, a header cut short):
                    // any start before them decodes to them too, so the search goes on past them.
                    // Zeros up to the file's end are padding, where the stretch ends: the stream
                    // judges them, as it judges any other trailing bytes once no stretch fits.
                    if try input.isZero(from: position, budget: &budget) { break decoding }
                    return .falseStart(retryFrom: position * 8)
                }
                if position == start.offset { stretch.firstHeader = header }
                member = (input.start + Int64(position), produced)
                position += length
                inflater.reset()
            }
            // Inside a member's DEFLATE data: decode up to the next boundary at or past the
            // range's end, where the stretch may stop.
            // While probing, blocks inside the range are worth finding only once the window is
            // known (A switches at the next one); until then A and B go on in pieces, so that the
            // window is looked for now and then.
            let startBit = stretch.start * 8 + Int64(start.bitsUsed)
            let isSwitching = probe != nil && knownWindow(startBit) != nil
            let piece = probe != nil && !isSwitching ? min(inputPiece, Self.probingPiece) : inputPiece
            let (stop, limit, readsOn) = try nextStop(from: stopSearch, position: position, reach: position + piece, isProbing: isSwitching)
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
                } catch let failure as IsalInflater.Failure {
                    try budget.charge(failure.consumed + failure.produced)
                    return .falseStart(retryFrom: start.bit + 1)
                }
                try budget.charge(step.consumed + step.produced, isDecoding: true)
                if probe != nil {
                    let followed = input.bytes.withUnsafeBytes { bytes in
                        probe!.follow(
                            UnsafeRawBufferPointer(rebasing: bytes[position..<limit]), a: output, from: produced, to: capacity, step: step)
                    }
                    try budget.charge(step.consumed + step.produced)
                    guard followed else { return .falseStart(retryFrom: start.bit + 1) }
                    if step.isEnd || probe!.isClear(produced: produced + step.produced) {
                        endProbe(after: produced + step.produced)
                    } else if produced + step.produced > lockstepLimit && !isSwitching {
                        throw SpeculationStopped.needsWindow
                    }
                }
            }
            // Bytes ISA-L read ahead past the stream's end in earlier calls lie just before.
            position += step.consumed - step.carried.count
            produced += step.produced
            if step.isEnd {
                // The input ends inside the trailer: so would it from any other start.
                guard try readTrailer(at: position) else { return .givenUp }
                let trailer = input.bytes.withUnsafeBytes { GzipTrailer(UnsafeRawBufferPointer(rebasing: $0[position...])) }
                position += GzipTrailer.length
                let length = Int64(produced - member!.outputStart)
                if member!.headerOffset == nil {
                    stretch.leading = DecodedStretch.PartOfMember(checksum: inflater.checksum, length: length, trailer: trailer)
                } else {
                    // Any start before the trailer would come to it too.
                    guard (try? trailer.verify(checksum: inflater.checksum, length: length)) != nil else {
                        return .falseStart(retryFrom: position * 8)
                    }
                    stretch.members += 1
                }
                member = nil
                continue
            }
            // More than a stretch may hold: any other start of the chunk decodes as much.
            if produced == capacity { return .givenUp }
            if position == limit {
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
                        try budget.charge(UnresolvedWindow.windowSize)
                        position = (stop.bit >> 3) + 1
                    }
                    stopSearch = stop.bit + 1
                } else if readsOn, !(try input.readMore()) {
                    // The file ends inside the member: so it does from any other start.
                    return .givenUp
                }
            } else if step.consumed == 0 && step.produced == 0 {
                return .falseStart(retryFrom: start.bit + 1)
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
