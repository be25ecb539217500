/// The decoders of the formats gzip reads besides gzip, made on first use: most runs never see
/// one, and the LZW tables take 256 KiB.
///
/// `@unchecked Sendable`: like the streaming decoder that owns it, used by one thread at a time.
final class OtherFormatDecoders: @unchecked Sendable {
    private var lzwDecoder: LZWDecoder?
    private var packDecoder: PackDecoder?

    var lzw: LZWDecoder {
        if let lzwDecoder { return lzwDecoder }
        let made = LZWDecoder()
        lzwDecoder = made
        return made
    }

    var pack: PackDecoder {
        if let packDecoder { return packDecoder }
        let made = PackDecoder()
        packDecoder = made
        return made
    }
}

/// The members of the other formats `gzip -d` reads (`MemberFormat`), decoded where the streaming
/// decoder meets their first bytes: at the start of the file, or after a member (pack and
/// compress only, as in gzip). Their bytes go through the same output as gzip members', and their
/// errors are `GzipFormatError`s, so the output before an error is handed on as gzip hands it on.
extension GzipStreamDecoder.Pass {
    /// The longest pack header: the magic, length, longest code length, 25 leaf counts, 256 leaves.
    private static let longestPackHeader = 2 + 4 + 1 + 25 + 256

    /// The format of the member that starts here, if its first bytes say.
    mutating func nextMemberFormat(atFileStart: Bool) throws -> MemberFormat? {
        _ = try input.ensure(ZipLocalHeader.signature.count)
        return MemberFormat.of(input.available, atFileStart: atFileStart)
    }

    /// A pack member: its header, its codes, and the decoded length checked against the header.
    mutating func decodePackMember() throws {
        let decoder = otherFormats.pack
        _ = try input.ensure(Self.longestPackHeader)
        let afterMagic = UnsafeRawBufferPointer(rebasing: input.available[PackDecoder.magic.count...])
        guard let headerLength = try decoder.readHeader(afterMagic) else { throw GzipFormatError.truncated }
        input.consume(PackDecoder.magic.count + headerLength)
        var length: Int64 = 0
        while true {
            try makeRoom()
            if try input.availableCount == 0 && input.refill() == 0 { throw GzipFormatError.truncated }
            let step = decoder.decode(input.available, into: output.free)
            input.consume(step.consumed)
            output.fill += step.produced
            length += Int64(step.produced)
            if let failure = step.failure { throw failure }
            // Short of output room, the next call makes some; short of input, it has taken all.
            if step.isEnd { break }
        }
        let actual = UInt32(truncatingIfNeeded: length)
        guard actual == decoder.originalLength else {
            throw GzipFormatError.lengthMismatch(expected: decoder.originalLength, actual: actual)
        }
        endMember(length: length)
    }

    /// compress data: from its header to the end of the file (there is no end marker).
    mutating func decodeCompressData() throws {
        guard try input.ensure(LZWDecoder.headerLength) else { throw GzipFormatError.truncated }
        let decoder = otherFormats.lzw
        if let warning = try decoder.start(flags: input.available[LZWDecoder.magic.count]) {
            formatWarning = formatWarning ?? warning
        }
        input.consume(LZWDecoder.headerLength)
        var length: Int64 = 0
        while true {
            try makeRoom()
            let step = decoder.decode(input.available, into: output.free)
            input.consume(step.consumed)
            output.fill += step.produced
            length += Int64(step.produced)
            if let failure = step.failure { throw failure }
            if step.consumed == 0 && step.produced == 0 {
                // Nothing more to decode from what is here: read on, or the data has ended.
                if try input.refill() == 0 && input.isAtEndOfFile { break }
            }
        }
        endMember(length: length)
    }

    /// A zip file's first entry, deflated or stored, checked against the CRC-32 and length of its
    /// local header or data descriptor; returns where the entry ends. What follows (the central
    /// directory, or other entries, which are warned of) is left alone, as gzip leaves it.
    mutating func decodeZipEntry() throws -> Int64 {
        _ = try input.ensure(ZipLocalHeader.fixedLength)
        var header: ZipLocalHeader?
        while true {
            header = try ZipLocalHeader.parse(input.available)
            if header != nil { break }
            if input.available.count == input.capacity && !input.grow() { break }
            if try input.refill() == 0 && input.isAtEndOfFile { break }
        }
        guard let header else { throw GzipFormatError.unsupportedZip("not a valid zip file") }
        input.consume(header.length)
        let checksum: UInt32
        let length: Int64
        var carried: [UInt8] = []
        switch header.method {
        case .deflated:
            (checksum, length, carried) = try inflateMember(claim: nil, at: 0)
        case .stored:
            guard header.uncompressedSize == header.compressedSize else {
                throw GzipFormatError.unsupportedZip("invalid compressed data--length mismatch")
            }
            (checksum, length) = try copyStored(Int64(header.uncompressedSize))
        }
        var expected = GzipTrailer(checksum: header.checksum, lengthModulo: header.uncompressedSize)
        if header.hasDataDescriptor {
            // Signature, CRC-32, compressed size, uncompressed size: the second and the fourth
            // are a gzip trailer's two fields.
            let descriptor = try take(ZipLocalHeader.dataDescriptorLength, after: &carried)
            expected = Array(descriptor[4..<8] + descriptor[12..<16]).withUnsafeBytes { GzipTrailer($0) }
        }
        try expected.verify(checksum: checksum, length: length)
        let end = input.position - Int64(carried.count)
        _ = try input.ensure(max(0, ZipLocalHeader.signature.count - carried.count))
        let following = carried + input.available.prefix(ZipLocalHeader.signature.count - carried.count)
        if following.starts(with: ZipLocalHeader.signature) {
            formatWarning = formatWarning ?? "has more than one entry--rest ignored"
        }
        endMember(length: length)
        return end
    }

    /// Copies `count` stored bytes to the output; returns their CRC-32 and length.
    private mutating func copyStored(_ count: Int64) throws -> (checksum: UInt32, length: Int64) {
        output.beginMember()
        var length: Int64 = 0
        while length < count {
            try makeRoom()
            if try input.availableCount == 0 && input.refill() == 0 { throw GzipFormatError.truncated }
            let free = output.free
            let chunk = Int(min(Int64(min(input.availableCount, free.count)), count - length))
            free.baseAddress!.copyMemory(from: input.available.baseAddress!, byteCount: chunk)
            input.consume(chunk)
            output.fill += chunk
            length += Int64(chunk)
        }
        return (output.endMember(), length)
    }

    /// The next `count` bytes: those `carried` back from the inflater first (emptied), then the
    /// input's, consumed.
    private mutating func take(_ count: Int, after carried: inout [UInt8]) throws -> [UInt8] {
        let fromCarried = carried.prefix(count)
        carried.removeFirst(fromCarried.count)
        let fromInput = count - fromCarried.count
        guard try input.ensure(fromInput) else { throw GzipFormatError.truncated }
        defer { input.consume(fromInput) }
        return Array(fromCarried) + input.available.prefix(fromInput)
    }

    /// A member of another format is done: counted, and its bytes as checked as they will be.
    private mutating func endMember(length: Int64) {
        uncompressedBytes += length
        members += 1
        verified(uncompressedBytes)
    }
}
