import Foundation
import Glibc

/// Writes tar archives byte by byte with exactly the entries a test asks for: names and links
/// as given (bsdtar and GNU tar would sanitise them), hard links that carry data (libarchive's
/// writer drops it). Every entry gets a pax extended header with its full name and link, so names
/// of any length or bytes survive, and readers treat the archive as pax (where a hard link's data
/// is obeyed). The way to build the hostile archives extraction must survive; it shares no code
/// with squeeze.
public struct TarBuilder {
    public enum Compression: Sendable { case none, gzip }

    struct Entry {
        var name: [UInt8]
        var type: UInt8
        var permissions: Int
        var data: [UInt8] = []
        var link: [UInt8]?
        var major = 0
        var minor = 0
    }

    private var entries: [Entry] = []

    public init() {}

    public func file(_ name: String, _ contents: String, permissions: Int = 0o644) -> TarBuilder {
        file(Array(name.utf8), Array(contents.utf8), permissions: permissions)
    }

    public func file(_ name: [UInt8], _ contents: [UInt8], permissions: Int = 0o644) -> TarBuilder {
        adding(Entry(name: name, type: UInt8(ascii: "0"), permissions: permissions, data: contents))
    }

    public func directory(_ name: String, permissions: Int = 0o755) -> TarBuilder {
        adding(Entry(name: Array(name.utf8), type: UInt8(ascii: "5"), permissions: permissions))
    }

    public func symlink(_ name: String, to target: String) -> TarBuilder {
        adding(Entry(name: Array(name.utf8), type: UInt8(ascii: "2"), permissions: 0o777, link: Array(target.utf8)))
    }

    /// A hard link entry; with `contents`, one that carries data, which a pax reader writes into
    /// the file the link points to.
    public func hardlink(_ name: String, to target: String, contents: String? = nil) -> TarBuilder {
        hardlink(name, to: target, data: Array((contents ?? "").utf8))
    }

    public func hardlink(_ name: String, to target: String, data: [UInt8], permissions: Int = 0o644) -> TarBuilder {
        adding(Entry(name: Array(name.utf8), type: UInt8(ascii: "1"), permissions: permissions, data: data, link: Array(target.utf8)))
    }

    public func characterDevice(_ name: String, major: Int, minor: Int) -> TarBuilder {
        adding(Entry(name: Array(name.utf8), type: UInt8(ascii: "3"), permissions: 0o666, major: major, minor: minor))
    }

    public func fifo(_ name: String) -> TarBuilder {
        adding(Entry(name: Array(name.utf8), type: UInt8(ascii: "6"), permissions: 0o644))
    }

    private func adding(_ entry: Entry) -> TarBuilder {
        var copy = self
        copy.entries.append(entry)
        return copy
    }

    /// glibc's `makedev`, a macro Swift cannot call.
    public static func deviceNumber(major: UInt32, minor: UInt32) -> dev_t {
        let major = UInt64(major), minor = UInt64(minor)
        return dev_t(((major & 0xFFFF_F000) << 32) | ((major & 0xFFF) << 8) | ((minor & 0xFFFF_FF00) << 12) | (minor & 0xFF))
    }

    /// The archive's bytes.
    public func bytes() -> [UInt8] {
        var archive: [UInt8] = []
        for entry in entries {
            var records = Self.record("path", entry.name)
            if let link = entry.link { records += Self.record("linkpath", link) }
            if String(validating: entry.name + (entry.link ?? []), as: UTF8.self) == nil {
                records = Self.record("hdrcharset", Array("BINARY".utf8)) + records
            }
            archive += Self.header(name: Array("PaxHeaders/entry".utf8), type: UInt8(ascii: "x"), permissions: 0o644, size: records.count)
            archive += Self.padded(records)
            archive += Self.header(
                name: Array(entry.name.prefix(99)), type: entry.type, permissions: entry.permissions, size: entry.data.count,
                link: Array((entry.link ?? []).prefix(99)), major: entry.major, minor: entry.minor)
            archive += Self.padded(entry.data)
        }
        return archive + [UInt8](repeating: 0, count: 1024)
    }

    /// Writes the archive to `path`, gzip-compressed (by gzip itself) if asked.
    public func write(to path: String, compression: Compression = .none) throws {
        var contents = bytes()
        if compression == .gzip {
            let gzip = try CommandRunner.run("gzip", ["-c"], input: Data(contents))
            guard gzip.status == 0 else { throw CocoaError(.fileWriteUnknown) }
            contents = Array(gzip.standardOutput)
        }
        try Data(contents).write(to: URL(fileURLWithPath: path))
    }

    /// A pax record: "<length> key=value\n", the length counting itself.
    static func record(_ key: String, _ value: [UInt8]) -> [UInt8] {
        let body = Array(" \(key)=".utf8) + value + [UInt8(ascii: "\n")]
        var length = body.count + 1
        while String(length).count + body.count != length { length = String(length).count + body.count }
        return Array(String(length).utf8) + body
    }

    static func header(
        name: [UInt8], type: UInt8, permissions: Int, size: Int, link: [UInt8] = [], major: Int = 0, minor: Int = 0
    ) -> [UInt8] {
        var block = [UInt8](repeating: 0, count: 512)
        func put(_ bytes: [UInt8], at offset: Int) { block.replaceSubrange(offset..<offset + bytes.count, with: bytes) }
        func octal(_ value: Int, width: Int) -> [UInt8] {
            let digits = String(value, radix: 8)
            return Array((String(repeating: "0", count: width - 1 - digits.count) + digits).utf8) + [0]
        }
        put(name, at: 0)
        put(octal(permissions, width: 8), at: 100)
        put(octal(0, width: 8), at: 108)
        put(octal(0, width: 8), at: 116)
        put(octal(size, width: 12), at: 124)
        put(octal(1_700_000_000, width: 12), at: 136)
        put([UInt8](repeating: UInt8(ascii: " "), count: 8), at: 148)
        block[156] = type
        put(link, at: 157)
        put(Array("ustar".utf8) + [0] + Array("00".utf8), at: 257)
        put(Array("root".utf8), at: 265)
        put(Array("root".utf8), at: 297)
        put(octal(major, width: 8), at: 329)
        put(octal(minor, width: 8), at: 337)
        let checksum = block.reduce(0) { $0 + Int($1) }
        put(octal(checksum, width: 7) + [UInt8(ascii: " ")], at: 148)
        return block
    }

    static func padded(_ data: [UInt8]) -> [UInt8] {
        data + [UInt8](repeating: 0, count: (512 - data.count % 512) % 512)
    }
}

extension TarBuilder {
    /// A tar of `count` empty files (`d0000/f0000000`, a hundred files a directory), written to
    /// `path` through gzip -1 as it is made, without holding the archive: the shape of an archive
    /// meant to make a reader's memory grow with its entries.
    public static func writeEmptyEntries(count: Int, to path: String) throws {
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        gzip.arguments = ["gzip", "-1", "-c"]
        let input = Pipe()
        gzip.standardInput = input
        _ = FileManager.default.createFile(atPath: path, contents: nil)  // if not made, FileHandle throws
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        gzip.standardOutput = output
        try gzip.run()
        var batch: [UInt8] = []
        for index in 0..<count {
            let name = "d\(String(index / 100).leftPadded(to: 4))/f\(String(index).leftPadded(to: 7))"
            batch += header(name: Array(name.utf8), type: UInt8(ascii: "0"), permissions: 0o644, size: 0)
            if batch.count >= 1 << 20 {
                input.fileHandleForWriting.write(Data(batch))
                batch.removeAll(keepingCapacity: true)
            }
        }
        input.fileHandleForWriting.write(Data(batch + [UInt8](repeating: 0, count: 1024)))
        try input.fileHandleForWriting.close()
        gzip.waitUntilExit()
        try output.close()
        guard gzip.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(width - count, 0)) + self
    }
}
