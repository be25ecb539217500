import Glibc

/// The ways extract and list can get an archive's bytes to libarchive.
public enum DecodedStreamOpeners {
    /// The file as it is: libarchive decompresses on the thread that parses. Seekable, which zip
    /// and other random-access formats need.
    public static let raw: DecodedStreamOpener = { path in try RawFileStream(path) }

    /// Decompression by libarchive's filters on a thread of its own (see `ReadAheadDecodingStream`).
    public static let readAhead: DecodedStreamOpener = { path in try ReadAheadDecodingStream(path) }

    /// By the file's magic number: gzip decoded by squeeze (`GzipArchiveStream`: in parallel for
    /// squeeze's own), other compression (xz, bzip2, zstd, lzip, lz4, compress) by libarchive's
    /// filters read ahead on a thread of their own, and anything else (a plain tar, zip, 7z) as
    /// the raw, seekable file. A wrong guess costs speed, never correctness: libarchive detects
    /// the real format either way.
    public static func automatic(scheduling: SchedulingOptions = SchedulingOptions()) -> DecodedStreamOpener {
        { path in
            let file = try ReadableFile(path)
            let head = try file.read(count: 6, at: 0)
            if head.starts(with: GzipHeader.magic) { return try GzipArchiveStream(path, scheduling: scheduling) }
            return isCompressed(head) ? try ReadAheadDecodingStream(path) : try RawFileStream(file: file)
        }
    }

    static func isCompressed(_ head: [UInt8]) -> Bool {
        let magics: [[UInt8]] = [
            [0x1F, 0x8B],  // gzip
            [0x1F, 0x9D],  // compress
            [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00],  // xz
            [0x42, 0x5A, 0x68],  // bzip2 "BZh"
            [0x28, 0xB5, 0x2F, 0xFD],  // zstd
            [0x4C, 0x5A, 0x49, 0x50],  // lzip "LZIP"
            [0x04, 0x22, 0x4D, 0x18],  // lz4
        ]
        return magics.contains { head.starts(with: $0) }
    }
}
