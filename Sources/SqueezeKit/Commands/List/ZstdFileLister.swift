/// Lists a zstd file, recognized by its magic whatever its name. One whose frames and their
/// lengths can be found without decoding (a seek table, content sizes in every header:
/// `ZstdFrameIndex`) is listed from them, a few `pread`s however large the file; any other is
/// decoded in full, output dropped, to give its exact size (`zstd -l` leaves it unknown).
struct ZstdFileLister: FileLister {
    let pools: DecoderPools

    func recognizes(_ prefix: [UInt8], path: PathName) -> Bool { Zstd.startsFile(prefix) }

    func list(_ file: ReadableFile, status: FileStatus, cancellation: CancellationFlag) throws -> FileListing {
        if !file.isSequential, let index = try ZstdFrameIndex.find(in: file, size: status.size), index.isExact {
            return FileListing(
                format: "zstd", compressedBytes: status.size, uncompressedBytes: index.decompressedBytes, members: index.frames,
                originalName: nil, modificationTime: nil, sizeSource: .index)
        }
        let summary = try pools.zstd.withInstance { decoder in
            try decoder.decodeStream(file, cancellation: cancellation, progress: { _ in }, sink: { _ in })
        }
        return FileListing(
            format: "zstd", compressedBytes: file.size(status: status, read: summary.compressedBytes),
            uncompressedBytes: summary.uncompressedBytes, members: summary.frames, originalName: nil, modificationTime: nil,
            sizeSource: .decoded)
    }
}
