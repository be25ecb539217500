/// Decodes one run of members of an indexed file on its own: reads the run with one `pread` (or
/// is given its bytes), then
/// for each member parses its header again (the file may have changed since the walk), inflates
/// its DEFLATE data with libdeflate into the run's buffer at exactly the length its "SQ" field
/// (or, for BGZF, its trailer) claims, checks that the data ends where the field says the member ends, and checks CRC-32 and
/// length against the trailer. Any failure only means this run must be left to the streaming
/// path, which decodes it again and reports what is really wrong.
struct IndexedMemberDecoder: Sendable {
    private let decompressors = CodecPool { try LibdeflateDecompressor() }

    func decode(_ run: MemberRun, from file: ReadableFile) throws -> [UInt8] {
        let bytes = try file.read(count: run.length, at: run.offset)
        guard bytes.count == run.length else { throw GzipFormatError.truncated }
        return try decode(run, bytes: bytes)
    }

    /// Decodes a run whose bytes are already read (from a pipe, say); `run.offset` only names
    /// where the run lies in messages.
    func decode(_ run: MemberRun, bytes: [UInt8]) throws -> [UInt8] {
        precondition(bytes.count == run.length)
        return try bytes.withUnsafeBytes { bytes in
            // One byte more than needed, so that even an empty run's buffer has an address.
            try [UInt8](unsafeUninitializedCapacity: run.uncompressedLength + 1) { buffer, initialized in
                try decode(run, bytes: bytes, into: UnsafeMutableRawBufferPointer(start: buffer.baseAddress, count: run.uncompressedLength))
                initialized = run.uncompressedLength
            }
        }
    }

    /// Decodes a run whose bytes are in memory the caller keeps from run to run, into memory it
    /// lends, at least `run.uncompressedLength` bytes of it: its first
    /// `run.uncompressedLength` bytes are the run's, once this returns.
    func decode(_ run: MemberRun, bytes: UnsafeRawBufferPointer, into memory: UnsafeMutableRawBufferPointer) throws {
        precondition(bytes.count == run.length && memory.count >= run.uncompressedLength)
        let output = UnsafeMutableRawBufferPointer(rebasing: memory[..<run.uncompressedLength])
        var position = 0, produced = 0, members = 0
        try decompressors.withInstance { decompressor in
            while position < bytes.count {
                position += try decodeMember(at: position, of: run, in: bytes, with: decompressor, into: output, producedBefore: &produced)
                members += 1
            }
        }
        guard produced == run.uncompressedLength, members == run.memberCount else {
            throw GzipFormatError.inconsistentIndex("members at offset \(run.offset) changed since the index was read")
        }
    }

    /// Decodes the member at `position` of the run's bytes into `output` after the `produced`
    /// bytes already there; returns the member's length.
    private func decodeMember(
        at position: Int, of run: MemberRun, in bytes: UnsafeRawBufferPointer, with decompressor: LibdeflateDecompressor,
        into output: UnsafeMutableRawBufferPointer,
        producedBefore produced: inout Int
    ) throws -> Int {
        let offset = run.offset + Int64(position)
        guard case .header(let header, let headerLength) = GzipHeader.parse(UnsafeRawBufferPointer(rebasing: bytes[position...])),
              let claim = MemberLengthClaim(header: header)
        else { throw GzipFormatError.inconsistentIndex("no indexed member header at offset \(offset)") }
        let length = claim.memberLength
        let deflateLength = length - headerLength - GzipTrailer.length
        guard deflateLength > 0, position + length <= bytes.count else {
            throw GzipFormatError.inconsistentIndex("member at offset \(offset) does not fit where the index put it")
        }
        let trailer = GzipTrailer(UnsafeRawBufferPointer(rebasing: bytes[(position + length - GzipTrailer.length)...]))
        let uncompressedLength = claim.uncompressedLength(trailer: trailer)
        guard produced + uncompressedLength <= output.count else {
            throw GzipFormatError.inconsistentIndex("member at offset \(offset) does not fit where the index put it")
        }
        let deflate = UnsafeRawBufferPointer(rebasing: bytes[(position + headerLength)..<(position + headerLength + deflateLength)])
        let target = UnsafeMutableRawBufferPointer(rebasing: output[produced..<(produced + uncompressedLength)])
        guard let consumed = decompressor.decompress(deflate, into: target) else {
            throw GzipFormatError.inconsistentIndex(
                "member at offset \(offset) does not decode to the \(uncompressedLength) bytes its index claims")
        }
        guard consumed == deflateLength else {
            throw GzipFormatError.inconsistentIndex(
                "member at offset \(offset) ends \(deflateLength - consumed) bytes before the length its index claims")
        }
        try trailer.verify(checksum: CRC32.update(0, UnsafeRawBufferPointer(target)), length: Int64(uncompressedLength))
        produced += uncompressedLength
        return length
    }
}
