import Foundation
@testable import SqueezeKit
import Testing

/// `CompressedContent`: the formats recognised by their first bytes, and ordinary files that are not.
@Suite struct CompressedContentTests {
    static func format(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { CompressedContent.format(of: $0) }
    }

    @Test func eachFormatsMagicIsRecognised() {
        let cases: [(String, [UInt8])] = [
            ("gzip", [0x1F, 0x8B, 0x08, 0x00]),
            ("zstd", [0x28, 0xB5, 0x2F, 0xFD, 0x04]),
            ("xz", [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00]),
            ("bzip2", Array("BZh91AY&SY".utf8)),
            ("lz4", [0x04, 0x22, 0x4D, 0x18, 0x64]),
            ("lzip", Array("LZIP\u{1}".utf8)),
            ("zip", [0x50, 0x4B, 0x03, 0x04, 0x14]),
            ("7z", [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C, 0x00, 0x04]),
            ("RAR", Array("Rar!".utf8) + [0x1A, 0x07, 0x01, 0x00]),
            ("PNG", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00]),
            ("JPEG", [0xFF, 0xD8, 0xFF, 0xE0]),
            ("GIF", Array("GIF89a".utf8)),
            ("WebP", Array("RIFF".utf8) + [1, 2, 3, 4] + Array("WEBPVP8 ".utf8)),
            ("MP4/QuickTime", [0, 0, 0, 0x20] + Array("ftypisom".utf8)),
            ("Matroska/WebM", [0x1A, 0x45, 0xDF, 0xA3, 0x9F]),
            ("Ogg", Array("OggS".utf8) + [0, 2]),
            ("FLAC", Array("fLaC".utf8) + [0]),
            ("MP3 (ID3)", Array("ID3".utf8) + [3, 0]),
            ("WOFF2", Array("wOF2".utf8) + [0]),
        ]
        for (name, bytes) in cases { #expect(Self.format(bytes) == name, "\(name)") }
    }

    /// Text, PDF, raw audio, a zlib stream and the shortest files are compressed as any other.
    @Test func ordinaryStartsAreNot() {
        let cases: [[UInt8]] = [
            Array("#include <stdio.h>\n".utf8), Array("%PDF-1.7\n".utf8), Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8),
            Array("x^2 + y^2\n".utf8), [0x78, 0x9C, 0x01], Array("BZh".utf8) + [0x41], Array("ID3".utf8), [], [0x1F], [0x1F, 0x8B],
            [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01], Array("PK\u{1}\u{2}".utf8),
        ]
        for bytes in cases { #expect(Self.format(bytes) == nil, "\(bytes)") }
    }
}
