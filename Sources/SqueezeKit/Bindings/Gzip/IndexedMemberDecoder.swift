/// Decodes one member of an indexed file on its own: reads its DEFLATE data and trailer with one
/// `pread`, inflates it with libdeflate into a buffer of the exact length the index claims, and
/// checks CRC-32 and length. Any failure only means this member must be left to the streaming
/// path, which decodes it again and reports what is really wrong.
struct IndexedMemberDecoder: Sendable {
    private let decompressors = CodecPool { try LibdeflateDecompressor() }

    func decode(_ member: IndexedMember, from file: ReadableFile) throws -> [UInt8] {
        let body = try file.read(count: member.bodyLength, at: member.bodyOffset)
        guard body.count == member.bodyLength else { throw GzipFormatError.truncated }
        return try body.withUnsafeBytes { body in
            let deflate = UnsafeRawBufferPointer(rebasing: body[..<member.deflateLength])
            // One byte more than needed, so that even an empty member's buffer has an address.
            var consumed: Int?
            let decoded = try [UInt8](unsafeUninitializedCapacity: member.uncompressedLength + 1) { buffer, initialized in
                let exact = UnsafeMutableRawBufferPointer(start: buffer.baseAddress, count: member.uncompressedLength)
                consumed = try decompressors.withInstance { $0.decompress(deflate, into: exact) }
                initialized = consumed == nil ? 0 : member.uncompressedLength
            }
            guard let consumed else {
                throw GzipFormatError.inconsistentIndex(
                    "member at offset \(member.offset) does not decode to the \(member.uncompressedLength) bytes its index claims")
            }
            guard consumed == member.deflateLength else {
                throw GzipFormatError.inconsistentIndex(
                    "member at offset \(member.offset) ends \(member.deflateLength - consumed) bytes before the length its index claims")
            }
            let trailer = GzipTrailer(UnsafeRawBufferPointer(rebasing: body[member.deflateLength...]))
            try decoded.withUnsafeBytes { decoded in
                try trailer.verify(checksum: CRC32.update(0, decoded), length: Int64(decoded.count))
            }
            return decoded
        }
    }
}
