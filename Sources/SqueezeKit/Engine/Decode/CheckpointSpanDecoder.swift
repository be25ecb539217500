/// Decodes one block of `CheckpointSpans` (ISA-L, which decodes about twice as fast as zlib: the
/// 32 KiB window each block loads, `isal_inflate_set_dict`, is a small part of a block's cost): from
/// its first checkpoint's bit, with that checkpoint's window, to the bit of the next block's
/// first checkpoint, where the decoder must stand at the start of a DEFLATE block having made
/// exactly the bytes the index puts between the two; the last block decodes to the member's end
/// and reads its trailer. The block's CRC-32 (ISA-L's, computed as it decodes) must be the one
/// squeeze's index recorded for its spans, where it has them.
///
/// Whether the window was right is judged when the block is delivered, against the bytes written
/// before it (`ParallelDelivery.compare(indexWindow:)`): the first block starts at the member's
/// start, without one, so each block is checked by the one before it.
///
/// What the index states and the file contradicts, data that does not decode from a checkpoint
/// included, throws `CheckpointIndexError.mismatch`; a member ending before the block does, the
/// file ending early or failing to read give nil, and the stream takes over from the blocks
/// delivered and judges the file itself.
final class CheckpointSpanDecoder: Sendable {
    /// The most one block decodes to, as for a speculative stretch: an index with checkpoints
    /// further apart is not used to plan.
    static let outputLimit = SpeculativeStretchDecoder.outputLimit
    private let scratches = CodecPool { SpanScratch() }
    private let outputs = StretchBufferPool(capacity: outputLimit)

    /// Block `number` of `spans`, decoded from `file`; nil if the stream must take over there
    /// (the data does not decode, a member ends inside the block, the file ends early, the run
    /// is stopped).
    func decode(
        _ number: Int, of spans: CheckpointSpans, from file: ReadableFile, isStopped: () -> Bool
    ) throws -> DecodedStretch? {
        let block = spans.blocks[number]
        let isFirst = number == 0
        let window: [UInt8]
        do {
            // A window shorter than 32 KiB (gztool's may be) is taken as zeros before it: bytes
            // the block then gets wrong are told by the window's check, where zeros match.
            let stored = isFirst ? [] : try spans.opened.index.window(block.checkpoint, in: spans.opened.file)
            window = isFirst ? [] : [UInt8](repeating: 0, count: max(0, CheckpointIndex.windowLength - stored.count)) + stored
        } catch let error as CheckpointIndexError {
            throw error
        } catch {
            return nil
        }
        // Only `CheckpointIndexError`s are thrown.
        return try scratches.withInstance { scratch -> DecodedStretch? in
            let range = spans.compressedRange(ofBlock: number)
            let input = StretchInput(file: file, start: range.lowerBound, fileSize: spans.fileSize, bytes: scratch.input)
            guard (try? input.read(upTo: range.upperBound)) != nil, input.end == range.upperBound else { return nil }
            let buffer = outputs.take()
            var decoder = SpanDecoding(
                block: block, number: number, input: input, inflater: scratch.inflater, output: buffer.memory, spans: spans)
            guard let decoded = try decoder.run(window: window, isStopped: isStopped) else { return nil }
            buffer.count = Int(block.decodedLength)
            var stretch = DecodedStretch(bytes: .lent(buffer), start: range.lowerBound, end: decoded.end, members: 0)
            let part = DecodedStretch.PartOfMember(
                checksum: scratch.inflater.checksum, length: block.decodedLength, headerOffset: isFirst ? 0 : nil,
                trailer: decoded.trailer)
            if isFirst {
                stretch.trailing = part
                stretch.firstHeader = decoded.header
            } else {
                stretch.startBits = Int(block.startBit % 8)
                stretch.leading = part
                stretch.indexedWindow = (block.checkpoint, window)
            }
            if let endBit = block.endBit { stretch.endBits = Int(endBit % 8) }
            return stretch
        }
    }
}

/// One block's decoding, by `CheckpointSpanDecoder`.
private struct SpanDecoding {
    let block: CheckpointSpans.Block
    let number: Int
    let input: StretchInput
    let inflater: IsalInflater
    let output: UnsafeMutableRawBufferPointer
    let spans: CheckpointSpans

    /// Where the block ended in the file, the member's header (first block) and its trailer
    /// (last block).
    struct Decoded {
        var end: Int64
        var header: GzipHeader?
        var trailer: GzipTrailer?
    }

    /// The bytes read so far (the last block reads on).
    var read: UnsafeRawBufferPointer { input.bytes.bytes }

    func mismatch(_ detail: String) -> CheckpointIndexError { spans.mismatch(atCheckpoint: block.checkpoint, detail) }

    mutating func run(window: [UInt8], isStopped: () -> Bool) throws(CheckpointIndexError) -> Decoded? {
        var decoded = Decoded(end: 0)
        var position: Int
        if number == 0 {
            guard case .header(let header, let length) = GzipHeader.parse(read) else { return nil }
            decoded.header = header
            inflater.reset()
            position = length
        } else {
            window.withUnsafeBytes { inflater.reset(atBit: Int(block.startBit % 8), of: input.bytes[0], dictionary: $0) }
            position = 1
        }
        if let endBit = block.endBit { markEnd(atBit: endBit) }
        // Room for more than the index says: a block that decodes to more is told apart.
        let expected = Int(block.decodedLength)
        let capacity = min(output.count, expected + (1 << 16))
        var produced = 0
        while true {
            if isStopped() { return nil }
            let limit = min(input.bytes.count, position + StretchAttempt.defaultInputPiece)
            let step: IsalInflater.Step
            do {
                step = try inflater.inflate(
                    UnsafeRawBufferPointer(rebasing: read[position..<limit]),
                    into: UnsafeMutableRawBufferPointer(rebasing: output[produced..<capacity]))
            } catch {
                // Damage, or a bit or window the index has wrong: no decode from here tells them
                // apart, and the index is what was asked to be believed.
                throw mismatch("the data from it does not decode (ISA-L status \(error.status))")
            }
            position += step.consumed - step.carried.count
            produced += step.produced
            // Input left that the decoder takes none of: its output is full.
            if produced > expected || step.consumed == 0 && step.produced == 0 && position < input.bytes.count {
                throw mismatch("the bytes from it to the next are more than the \(expected) the index says")
            }
            if step.isEnd {
                // A member that ends before the block's end bit: not a single member after all.
                guard block.endBit == nil else { return nil }
                guard produced == expected else {
                    throw mismatch("the data ends \(produced) bytes after it, the index says \(expected)")
                }
                guard readTrailer(at: position) else { return nil }
                decoded.trailer = GzipTrailer(UnsafeRawBufferPointer(rebasing: read[position...]))
                decoded.end = input.start + Int64(position + GzipTrailer.length)
                break
            }
            if position == input.bytes.count, let endBit = block.endBit {
                if step.produced == 0 && step.consumed == 0 || inflater.isAtBlockStart(unreadBits: Int(input.end * 8 - endBit)) {
                    guard inflater.isAtBlockStart(unreadBits: Int(input.end * 8 - endBit)) else {
                        throw mismatch("the next checkpoint, at bit \(endBit), is not where a block of the file starts")
                    }
                    guard produced == expected else {
                        throw mismatch("the bytes from it to the next are \(produced), the index says \(expected)")
                    }
                    decoded.end = endBit / 8
                    break
                }
                // ISA-L may still hold decoded bytes to hand out: it is called again, with no input.
                continue
            }
            if position == input.bytes.count, block.endBit == nil {
                // The last block reads on to the member's end.
                guard (try? input.readMore()) == true else { return nil }
            }
        }
        if let checksum = block.checksum, checksum != inflater.checksum {
            throw mismatch("the bytes from it to the next are not those the index was built from")
        }
        return decoded
    }

    /// Makes the bits of the last input byte from `endBit` on the start of a dynamic block's
    /// header (final bit 0, type 2), too short to be read: ISA-L then stops at `endBit` whatever
    /// kind of block really follows, not depending on how much of a stored or fixed block's
    /// header (3 bits) it would read before it found the input ended.
    private func markEnd(atBit endBit: Int64) {
        let used = Int(endBit % 8)
        guard used > 0 else { return }
        let bytes = input.bytes.mutableBytes
        let kept = bytes[bytes.count - 1] & UInt8((1 << used) - 1)
        bytes[bytes.count - 1] = used + 2 < 8 ? kept | UInt8(1 << (used + 2)) : kept
    }

    /// Makes sure the trailer at `position` has been read; false if the file ends first.
    private func readTrailer(at position: Int) -> Bool {
        while position + GzipTrailer.length > input.bytes.count {
            guard (try? input.readMore()) == true else { return false }
        }
        return true
    }
}

/// A worker's inflater and the memory its blocks read into, kept from block to block.
///
/// `@unchecked Sendable`: used by one thread at a time, because blocks only reach it through
/// `CodecPool.withInstance`.
private final class SpanScratch: @unchecked Sendable {
    let inflater = IsalInflater()
    let input = InputBytes()
}
