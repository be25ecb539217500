import Foundation

/// Writes cpio archives in the SVR4 `newc` format byte by byte, with exactly the entries a test
/// asks for. newc stores a file with several names as several entries of one inode, and only the
/// last of them carries the data (as GNU cpio and bsdcpio write it): libarchive reads the later
/// names as hard links to the first, the last one with data. It shares no code with squeeze.
public struct CpioBuilder {
    struct Entry {
        var name: [UInt8]
        var mode: Int
        var inode: Int
        var links: Int
        var data: [UInt8]
    }

    private var entries: [Entry] = []

    public init() {}

    /// A regular file entry. Entries with the same `inode` are names of one file; `links` is how
    /// many names it has in all.
    public func file(_ name: String, _ contents: [UInt8], inode: Int, links: Int = 1, permissions: Int = 0o644) -> CpioBuilder {
        var copy = self
        copy.entries.append(Entry(name: Array(name.utf8), mode: 0o100000 | permissions, inode: inode, links: links, data: contents))
        return copy
    }

    public func file(_ name: String, _ contents: String, inode: Int, links: Int = 1, permissions: Int = 0o644) -> CpioBuilder {
        file(name, Array(contents.utf8), inode: inode, links: links, permissions: permissions)
    }

    /// The archive's bytes, ending with the TRAILER!!! entry.
    public func bytes() -> [UInt8] {
        var archive: [UInt8] = []
        for entry in entries + [Entry(name: Array("TRAILER!!!".utf8), mode: 0, inode: 0, links: 1, data: [])] {
            let fields = [
                entry.inode, entry.mode, 0, 0, entry.links, 1_700_000_000, entry.data.count,
                0, 0, 0, 0, entry.name.count + 1, 0,
            ]
            archive += Array("070701".utf8)
            for field in fields {
                let digits = String(field, radix: 16)
                archive += Array((String(repeating: "0", count: 8 - digits.count) + digits).utf8)
            }
            archive += entry.name + [0]
            Self.pad(&archive)
            archive += entry.data
            Self.pad(&archive)
        }
        return archive
    }

    public func write(to path: String) throws {
        try Data(bytes()).write(to: URL(fileURLWithPath: path))
    }

    /// newc aligns every header and every body to 4 bytes.
    static func pad(_ archive: inout [UInt8]) {
        archive += [UInt8](repeating: 0, count: (4 - archive.count % 4) % 4)
    }
}
