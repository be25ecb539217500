/// Decodes a stretch of a gzip file whose members say nothing of their length (concatenated
/// files, `cat a.gz b.gz`), without knowing where its first member starts: the stretch searches
/// its range for plausible member headers (`MemberStartCandidate`), and from the first one from
/// which whole members decode (libdeflate checks CRC-32 and ISIZE) until a member ends at or past
/// the range's end, keeps those members.
///
/// What it finds is only speculation: a fake member stored inside another's data decodes just as
/// well. `GzipDecodingTask` delivers a stretch only when the stretch before it ended exactly where
/// this one started, so that a false start can never change a byte of the output.
struct SpeculativeMemberDecoder: Sendable {
    /// The most a stretch decodes to: a stretch that would decode to more (a large member) is
    /// given up, and that part of the file is left to the streaming decoder.
    static let outputLimit = 32 << 20
    private let decompressors = CodecPool { try LibdeflateDecompressor() }

    /// The stretch of members decoded from the first plausible start in `range` (at its very
    /// first byte when `atFileStart`); nil if no start in the range decodes, or if the members
    /// after it do not decode within the output limit.
    func decode(_ range: Range<Int64>, atFileStart: Bool, of file: ReadableFile, fileSize: Int64) throws -> DecodedStretch? {
        var input = StretchInput(file: file, start: range.lowerBound, fileSize: fileSize)
        try input.read(upTo: min(fileSize, range.upperBound + Int64(range.count)))
        let output = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.outputLimit, alignment: 1)
        defer { output.deallocate() }
        return try decompressors.withInstance { decompressor in
            var searchFrom = 0
            while let start = atFileStart ? (searchFrom == 0 ? 0 : nil) : input.nextCandidate(from: searchFrom, before: range.upperBound) {
                switch try decodeMembers(from: start, until: range.upperBound, of: &input, with: decompressor, into: output) {
                case .decoded(let stretch): return stretch
                case .falseStart: searchFrom = start + 1
                case .givenUp: return nil
                }
            }
            return nil
        }
    }

    private enum Attempt {
        case decoded(DecodedStretch)
        /// The members from this start did not decode up to the range's end: not a member start.
        case falseStart
        case givenUp
    }

    private func decodeMembers(
        from start: Int, until end: Int64, of input: inout StretchInput, with decompressor: LibdeflateDecompressor,
        into output: UnsafeMutableRawBufferPointer
    ) throws -> Attempt {
        var position = start, produced = 0, members = 0
        while input.start + Int64(position) < end {
            let step = input.bytes.withUnsafeBytes { bytes in
                decompressor.decompressGzipMember(
                    UnsafeRawBufferPointer(rebasing: bytes[position...]),
                    into: UnsafeMutableRawBufferPointer(rebasing: output[produced...]))
            }
            switch step {
            case .decoded(let consumed, let length):
                position += consumed
                produced += length
                members += 1
            case .tooLarge:
                return .givenUp
            case .invalid:
                // Perhaps cut by the end of what was read: read on, as far as a member that fits
                // the output limit can reach.
                let reach = input.start + Int64(position + Self.outputLimit + (1 << 16))
                if input.end < input.fileSize && input.end < reach {
                    try input.read(upTo: min(input.fileSize, reach, input.start + 2 * Int64(input.bytes.count)))
                    continue
                }
                // A start whose members stop decoding before the range's end is most likely
                // false (a member stored inside another's data): try the next one.
                return .falseStart
            }
        }
        let header = input.bytes.withUnsafeBytes { bytes -> GzipHeader? in
            guard case .header(let header, _) = GzipHeader.parse(UnsafeRawBufferPointer(rebasing: bytes[start...])) else { return nil }
            return header
        }
        return .decoded(DecodedStretch(
            bytes: Array(UnsafeRawBufferPointer(rebasing: output[..<produced])), start: input.start + Int64(start),
            end: input.start + Int64(position), members: members, firstHeader: header))
    }
}

/// Decoded members that follow one another from `start` to `end` in the file: a run of an
/// indexed file, or a speculative stretch.
struct DecodedStretch: Sendable {
    var bytes: [UInt8]
    var start: Int64
    var end: Int64
    var members: Int
    /// The first member's header, when it was parsed.
    var firstHeader: GzipHeader?
}

/// The bytes a stretch has read, from `start`, grown as members reach further.
private struct StretchInput {
    let file: ReadableFile
    let start: Int64
    let fileSize: Int64
    var bytes: [UInt8] = []

    var end: Int64 { start + Int64(bytes.count) }

    mutating func read(upTo limit: Int64) throws {
        guard limit > end else { return }
        bytes += try file.read(count: Int(limit - end), at: end)
    }

    /// The offset (from `start`) of the next plausible member start at or after `offset` and
    /// before the file offset `limit`.
    func nextCandidate(from offset: Int, before limit: Int64) -> Int? {
        let stop = min(bytes.count, Int(limit - start))
        var position = offset
        while position < stop {
            guard let found = bytes[position..<stop].firstIndex(of: GzipHeader.magic[0]) else { return nil }
            if bytes.withUnsafeBytes({ MemberStartCandidate.isPlausible(UnsafeRawBufferPointer(rebasing: $0[found...])) }) {
                return found
            }
            position = found + 1
        }
        return nil
    }
}

/// What a member header found by searching must look like before it is worth decoding from: a
/// header that parses in full (magic, method 8, no reserved flag, NUL-terminated name and
/// comment, a right header CRC if it has one), with an XFL and OS that gzip writers use, and a
/// first DEFLATE block of a valid type (a stored block's length checked against its complement).
enum MemberStartCandidate {
    static func isPlausible(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= 18, bytes[0] == GzipHeader.magic[0], bytes[1] == GzipHeader.magic[1], bytes[2] == GzipHeader.deflateMethod,
              bytes[3] & GzipHeader.Flag.reserved == 0, [0, 2, 4].contains(bytes[8]), bytes[9] <= 13 || bytes[9] == 255,
              case .header(_, let length) = GzipHeader.parse(bytes), length < bytes.count
        else { return false }
        let blockHeader = bytes[length]
        switch (blockHeader >> 1) & 3 {
        case 3: return false
        case 0:
            guard length + 5 <= bytes.count else { return true }
            let stored = UInt16(bytes[length + 1]) | UInt16(bytes[length + 2]) << 8
            let complement = UInt16(bytes[length + 3]) | UInt16(bytes[length + 4]) << 8
            return stored == ~complement
        default: return true
        }
    }
}
