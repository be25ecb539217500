/// Lists a gzip file. An indexed file (squeeze's own) is listed from its member index alone: a
/// few `pread`s, however large the file. Any other gzip is decoded in full, output dropped, to
/// count its members and give its exact size (`gzip -l` reads only the last trailer, which is
/// modulo 4 GiB and counts only the last member).
struct GzipFileLister: FileLister {
    let pools: DecoderPools

    func recognizes(_ prefix: [UInt8], path: PathName) -> Bool {
        prefix.starts(with: GzipHeader.magic)
    }

    func list(_ file: ReadableFile, status: FileStatus, cancellation: CancellationFlag) throws -> FileListing {
        if let index = try MemberIndexWalker(file: file, fileSize: status.size).walk() {
            return listing(of: index.firstHeader, compressedBytes: status.size, uncompressedBytes: index.uncompressedBytes,
                           members: index.members.count, sizeSource: .index, trailing: .none)
        }
        let summary = try pools.streams.withInstance { decoder in
            try decoder.decode(file, cancellation: cancellation, progress: { _ in }, sink: { _ in })
        }
        return listing(of: summary.firstHeader, compressedBytes: status.size, uncompressedBytes: summary.uncompressedBytes,
                       members: summary.members, sizeSource: .decoded, trailing: summary.trailing)
    }

    private func listing(
        of header: GzipHeader?, compressedBytes: Int64, uncompressedBytes: Int64, members: Int,
        sizeSource: FileListing.SizeSource, trailing: TrailingBytes
    ) -> FileListing {
        FileListing(
            format: "gzip", compressedBytes: compressedBytes, uncompressedBytes: uncompressedBytes, members: members,
            originalName: header?.name.map { String(decoding: $0, as: UTF8.self) },
            modificationTime: header.flatMap { $0.modificationTime == 0 ? nil : $0.modificationTime },
            sizeSource: sizeSource, trailing: trailing)
    }
}
