/// Formats whose files are compressed already, recognised by their first bytes (their magic
/// numbers), so that compress passes them by: gzip gains nothing on them, usually makes them
/// larger, and spends the run's CPU on them.
///
/// Only formats whose data is compressed through and through, and whose magic is long or
/// specific enough not to begin ordinary files by chance. Left out on purpose: PDF (its streams
/// are often stored uncompressed, and gzip saves a tenth or more of many), TIFF, WAV, AVI and BMP
/// (often raw), MP3 without an ID3 tag (its two-byte frame sync begins binary data by chance),
/// zlib streams (`x^` begins text), and compress's `.Z` and `.lzma` (two-byte or weak magic).
enum CompressedContent {
    /// Bytes of a file's start the check needs.
    static let headLength = 12

    /// The format `head` (a file's first bytes, fewer for a short file) begins, or nil.
    static func format(of head: UnsafeRawBufferPointer) -> String? {
        func starts(with magic: [UInt8], at offset: Int = 0) -> Bool {
            guard head.count >= offset + magic.count else { return false }
            for (index, byte) in magic.enumerated() where head[offset + index] != byte { return false }
            return true
        }
        guard head.count >= 3 else { return nil }
        switch head[0] {
        case 0x1F: if starts(with: [0x1F, 0x8B, 0x08]) { return "gzip" }
        case 0x28: if starts(with: [0x28, 0xB5, 0x2F, 0xFD]) { return "zstd" }
        case 0xFD: if starts(with: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return "xz" }
        case 0x42: if starts(with: [0x42, 0x5A, 0x68]), head.count >= 4, (0x31...0x39).contains(head[3]) { return "bzip2" }
        case 0x04: if starts(with: [0x04, 0x22, 0x4D, 0x18]) { return "lz4" }
        case 0x4C: if starts(with: Array("LZIP".utf8)) { return "lzip" }
        case 0x50: if starts(with: [0x50, 0x4B, 0x03, 0x04]) || starts(with: [0x50, 0x4B, 0x05, 0x06]) { return "zip" }
        case 0x37: if starts(with: [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C]) { return "7z" }
        case 0x52:
            if starts(with: Array("Rar!".utf8) + [0x1A, 0x07]) { return "RAR" }
            if starts(with: Array("RIFF".utf8)), starts(with: Array("WEBP".utf8), at: 8) { return "WebP" }
        case 0x89: if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "PNG" }
        case 0xFF: if starts(with: [0xFF, 0xD8, 0xFF]) { return "JPEG" }
        case 0x47: if starts(with: Array("GIF87a".utf8)) || starts(with: Array("GIF89a".utf8)) { return "GIF" }
        case 0x1A: if starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return "Matroska/WebM" }
        case 0x4F: if starts(with: Array("OggS".utf8) + [0x00]) { return "Ogg" }
        case 0x66: if starts(with: Array("fLaC".utf8)) { return "FLAC" }
        case 0x49: if starts(with: Array("ID3".utf8)), head.count >= 4, (2...4).contains(head[3]) { return "MP3 (ID3)" }
        case 0x77: if starts(with: Array("wOF2".utf8)) { return "WOFF2" }
        default: break
        }
        // ISO base media (MP4, MOV, M4A, HEIC, AVIF, 3GP): a box of type `ftyp` first. Asked of
        // every file, so its bytes are a constant: `Array("ftyp".utf8)` made an array each time.
        if starts(with: [0x66, 0x74, 0x79, 0x70], at: 4) { return "MP4/QuickTime" }
        return nil
    }
}
