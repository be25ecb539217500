/// The 512-byte ustar header of one tar entry, laid out byte for byte as libarchive's restricted
/// pax writer lays it out for an entry that needs no pax extended header: `squeeze archive` writes
/// those itself, and hands libarchive only the others (a name or link target that is not ASCII or
/// does not fit, a long owner name, large ids, sizes, device numbers or times). libarchive's
/// header costs a copy of the entry and a few dozen string allocations and conversions, a third
/// of the archiving thread's instructions on a tree of headers (docs/PERFORMANCE.md); the archive
/// stays the same bytes either way.
///
/// The fields: numbers in octal, zero-padded, ended by a space and a NUL (size and time by a
/// space alone), as libarchive's template; names copied without terminator where they fill the
/// field; a name over 100 bytes split at a '/' into prefix and name.
struct UstarHeader {
    static let size = 512

    /// The ustar typeflags squeeze writes.
    enum Kind: UInt8 {
        case regular = 0x30, hardLink, symbolicLink, characterDevice, blockDevice, directory, fifo
    }

    var name: [UInt8]
    var kind: Kind
    /// Permission bits, setuid, setgid and sticky included.
    var permissions: UInt32
    var owner: UInt32
    var group: UInt32
    /// The data that follows: 0 for anything but a regular file's first name.
    var size: Int64
    var modificationSeconds: Int64
    /// A hard link's first name, or a symbolic link's target.
    var linkName: [UInt8] = []
    var ownerName: String?
    var groupName: String?
    /// A device's major and minor numbers (glibc's split of `st_rdev`).
    var device: (major: UInt64, minor: UInt64) = (0, 0)

    /// Writes the header into `block`; false when the entry needs a pax extended header (which
    /// libarchive writes then). A directory's name gets its trailing '/', as libarchive gives it.
    func encoded(into block: UnsafeMutableRawBufferPointer) -> Bool {
        precondition(block.count == Self.size)
        var name = name
        if kind == .directory && name.last != UInt8(ascii: "/") { name.append(UInt8(ascii: "/")) }
        guard !name.isEmpty, Self.isASCII(name), linkName.count <= 100, Self.isASCII(linkName),
              owner < 1 << 18, group < 1 << 18, size >= 0, size < 1 << 33,
              modificationSeconds >= 0, modificationSeconds < 0x7fff_ffff,
              device.major < 1 << 18, device.minor < 1 << 18
        else { return false }
        var ownerName = ownerName ?? ""
        var groupName = groupName ?? ""
        let namesFit = ownerName.withUTF8 { owner in
            groupName.withUTF8 { group in owner.count <= 31 && group.count <= 31 && Self.isASCII(owner) && Self.isASCII(group) }
        }
        guard namesFit else { return false }

        block.initializeMemory(as: UInt8.self, repeating: 0)
        let nameFits = name.withUnsafeBytes { name -> Bool in
            if name.count <= 100 {
                Self.copy(name, into: block, at: 0)
                return true
            }
            // The split libarchive makes: the first '/' that leaves at most 100 bytes after it,
            // not the first byte (a prefix is never empty), with at most 155 bytes before it.
            let slash = UInt8(ascii: "/")
            guard var split = name[(name.count - 101)...].firstIndex(of: slash) else { return false }
            if split == 0 {
                guard let next = name[1...].firstIndex(of: slash) else { return false }
                split = next
            }
            guard split != name.count - 1, split <= 155 else { return false }
            Self.copy(UnsafeRawBufferPointer(rebasing: name[..<split]), into: block, at: 345)
            Self.copy(UnsafeRawBufferPointer(rebasing: name[(split + 1)...]), into: block, at: 0)
            return true
        }
        guard nameFits else { return false }
        Self.octal(UInt64(permissions & 0o7777), digits: 6, terminators: 2, into: block, at: 100)
        Self.octal(UInt64(owner), digits: 6, terminators: 2, into: block, at: 108)
        Self.octal(UInt64(group), digits: 6, terminators: 2, into: block, at: 116)
        Self.octal(UInt64(size), digits: 11, terminators: 1, into: block, at: 124)
        Self.octal(UInt64(modificationSeconds), digits: 11, terminators: 1, into: block, at: 136)
        block[156] = kind.rawValue
        linkName.withUnsafeBytes { Self.copy($0, into: block, at: 157) }
        Self.magic.withUnsafeBytes { Self.copy($0, into: block, at: 257) }
        ownerName.withUTF8 { Self.copy(UnsafeRawBufferPointer($0), into: block, at: 265) }
        groupName.withUTF8 { Self.copy(UnsafeRawBufferPointer($0), into: block, at: 297) }
        Self.octal(device.major, digits: 6, terminators: 2, into: block, at: 329)
        Self.octal(device.minor, digits: 6, terminators: 2, into: block, at: 337)
        // The checksum is summed with its own field as spaces, then written as six digits, a NUL
        // and a space.
        for index in 148..<156 { block[index] = UInt8(ascii: " ") }
        Self.octal(Self.byteSum(UnsafeRawBufferPointer(block)), digits: 6, terminators: 0, into: block, at: 148)
        block[154] = 0
        return true
    }

    private static let magic = Array("ustar\u{0}00".utf8)

    /// The sum of the block's bytes, eight at a time.
    private static func byteSum(_ block: UnsafeRawBufferPointer) -> UInt64 {
        precondition(block.count == size)
        let low: UInt64 = 0x00ff_00ff_00ff_00ff
        // Four 16-bit lanes, each summing byte pairs (at most 510 a word, 32,640 for the 64 words
        // of a block: no lane overflows), then the lanes added once (up to 130,560: not in 16 bits).
        var lanes: UInt64 = 0
        for offset in stride(from: 0, to: block.count, by: 8) {
            let word = block.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            lanes &+= (word & low) &+ ((word >> 8) & low)
        }
        return (lanes & 0xffff) + (lanes >> 16 & 0xffff) + (lanes >> 32 & 0xffff) + (lanes >> 48)
    }

    /// glibc's `major` and `minor` of a device number.
    static func split(device: UInt64) -> (major: UInt64, minor: UInt64) {
        (((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff), (device & 0xff) | ((device >> 12) & ~0xff))
    }

    private static func isASCII<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool { bytes.allSatisfy { $0 < 0x80 } }

    private static func copy(_ bytes: UnsafeRawBufferPointer, into block: UnsafeMutableRawBufferPointer, at offset: Int) {
        guard !bytes.isEmpty else { return }
        UnsafeMutableRawBufferPointer(rebasing: block[offset..<(offset + bytes.count)]).copyMemory(from: bytes)
    }

    /// `value` in `digits` octal digits, then a space and (with two terminators) a NUL.
    private static func octal(
        _ value: UInt64, digits: Int, terminators: Int, into block: UnsafeMutableRawBufferPointer, at offset: Int
    ) {
        var rest = value
        for index in stride(from: offset + digits - 1, through: offset, by: -1) {
            block[index] = UInt8(ascii: "0") + UInt8(rest & 7)
            rest >>= 3
        }
        if terminators >= 1 { block[offset + digits] = UInt8(ascii: " ") }
        if terminators >= 2 { block[offset + digits + 1] = 0 }
    }
}

extension UstarHeader.Kind {
    /// The typeflag of a file of `kind`; nil for what tar cannot hold (a socket).
    init?(_ kind: FileKind) {
        switch kind {
        case .regular: self = .regular
        case .directory: self = .directory
        case .symbolicLink: self = .symbolicLink
        case .fifo: self = .fifo
        case .characterDevice: self = .characterDevice
        case .blockDevice: self = .blockDevice
        case .socket, .unknown: return nil
        }
    }
}
