import Glibc
@testable import SqueezeKit
import Testing

/// squeeze's own ustar headers are libarchive's, byte for byte, for every entry they are written
/// for; every entry they refuse is one libarchive gives a pax extended header.
@Suite struct UstarHeaderTests {
    /// Takes the bytes libarchive writes for one header, then refuses the rest (so that the handle
    /// gives up rather than pad an 8 GiB entry with zeros when it is freed).
    final class HeaderSink: ArchiveByteSink {
        var bytes: [UInt8] = []
        var isOpen = true
        struct Closed: Error {}
        func consume(_ chunk: UnsafeRawBufferPointer) throws {
            guard isOpen else { throw Closed() }
            bytes += chunk
        }
    }

    static func base(_ name: String, _ kind: UstarHeader.Kind = .regular) -> UstarHeader {
        UstarHeader(
            name: Array(name.utf8), kind: kind, permissions: 0o644, owner: 1000, group: 100,
            size: kind == .regular ? 12_345 : 0, modificationSeconds: 1_700_000_000, ownerName: "user", groupName: "users")
    }

    /// What libarchive's restricted pax writer makes of the same fields: its first 512 bytes.
    static func libarchiveHeader(_ header: UstarHeader) throws -> [UInt8] {
        let sink = HeaderSink()
        try UTF8ThreadLocale.run {
            let writer = try ArchiveWriteHandle(sink: sink)
            let entry = ArchiveEntryHandle()
            entry.pathname = PathName(bytes: header.name)
            switch header.kind {
            case .regular: entry.kind = .regular
            case .hardLink:
                entry.kind = .regular
                entry.hardLinkTarget = PathName(bytes: header.linkName)
            case .symbolicLink:
                entry.kind = .symbolicLink
                entry.symbolicLinkTarget = PathName(bytes: header.linkName)
            case .characterDevice, .blockDevice:
                entry.kind = header.kind == .characterDevice ? .characterDevice : .blockDevice
                // glibc's makedev.
                let (major, minor) = header.device
                entry.specialDevice = (minor & 0xff) | ((major & 0xfff) << 8) | ((minor & ~0xff) << 12) | ((major & ~0xfff) << 32)
            case .directory: entry.kind = .directory
            case .fifo: entry.kind = .fifo
            }
            entry.permissions = mode_t(header.permissions)
            entry.owner = Int64(header.owner)
            entry.group = Int64(header.group)
            entry.ownerName = header.ownerName
            entry.groupName = header.groupName
            entry.modificationTime = FileTime(seconds: header.modificationSeconds, nanoseconds: 123_456_789)
            entry.size = header.size
            _ = try writer.writeHeader(entry, name: PathName(bytes: header.name))
            sink.isOpen = false
        }
        return Array(sink.bytes.prefix(UstarHeader.size))
    }

    static func ours(_ header: UstarHeader) -> [UInt8]? {
        var block = [UInt8](repeating: 0xaa, count: UstarHeader.size)
        let written = block.withUnsafeMutableBytes { header.encoded(into: $0) }
        return written ? block : nil
    }

    static func with(_ header: UstarHeader, _ change: (inout UstarHeader) -> Void) -> UstarHeader {
        var header = header
        change(&header)
        return header
    }

    static let written: [UstarHeader] = [
        base("a.txt"),
        base("dir", .directory),
        base("dir/", .directory),
        base(String(repeating: "b", count: 100)),
        base(String(repeating: "c", count: 99), .directory),
        base(String(repeating: "d", count: 60) + "/" + String(repeating: "e", count: 60)),
        base(String(repeating: "f", count: 150) + "/" + String(repeating: "g", count: 100)),
        base("/" + String(repeating: "h", count: 60) + "/" + String(repeating: "i", count: 60)),
        with(base("link", .symbolicLink)) { $0.linkName = Array(String(repeating: "t", count: 100).utf8) },
        with(base("empty-link", .symbolicLink)) { $0.linkName = [] },
        with(base("second", .hardLink)) { $0.linkName = Array("first".utf8) },
        base("fifo", .fifo),
        with(base("null", .characterDevice)) { $0.device = (1, 3) },
        with(base("disk", .blockDevice)) { $0.device = (259, 262_143) },
        with(base("setuid")) { $0.permissions = 0o4755 },
        with(base("sticky", .directory)) { $0.permissions = 0o1777 },
        with(base("ids")) { $0.owner = 262_143; $0.group = 0 },
        with(base("owner-31")) { $0.ownerName = String(repeating: "u", count: 31) },
        with(base("no-names")) { $0.ownerName = nil; $0.groupName = nil },
        with(base("epoch")) { $0.modificationSeconds = 0 },
        with(base("late")) { $0.modificationSeconds = 0x7fff_fffe },
        with(base("large")) { $0.size = (1 << 33) - 1 },
    ]

    static let refused: [UstarHeader] = [
        base("café"),
        base(String(repeating: "j", count: 101)),
        base("/" + String(repeating: "k", count: 100)),
        base(String(repeating: "l", count: 160) + "/x/j"),
        base(String(repeating: "m", count: 120) + "/", .directory),
        with(base("link", .symbolicLink)) { $0.linkName = Array(String(repeating: "t", count: 101).utf8) },
        with(base("link", .symbolicLink)) { $0.linkName = Array("café".utf8) },
        with(base("big-device", .characterDevice)) { $0.device = (4095, 1_048_575) },
        with(base("uid")) { $0.owner = 262_144 },
        with(base("gid")) { $0.group = 300_001 },
        with(base("owner-32")) { $0.ownerName = String(repeating: "v", count: 32) },
        with(base("group-utf8")) { $0.groupName = "grüppe" },
        with(base("end")) { $0.modificationSeconds = 0x7fff_ffff },
        with(base("before")) { $0.modificationSeconds = -1 },
        with(base("huge")) { $0.size = 1 << 33 },
    ]

    @Test(arguments: written) func writtenAsLibarchiveWritesIt(_ header: UstarHeader) throws {
        let ours = try #require(Self.ours(header), "\(String(decoding: header.name, as: UTF8.self)) was refused")
        #expect(ours == (try Self.libarchiveHeader(header)))
    }

    @Test(arguments: refused) func refusedWhereLibarchiveNeedsAPaxHeader(_ header: UstarHeader) throws {
        #expect(Self.ours(header) == nil)
        #expect(try Self.libarchiveHeader(header)[156] == UInt8(ascii: "x"))
    }
}
