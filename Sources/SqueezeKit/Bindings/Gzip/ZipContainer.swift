import Glibc

/// A zip file of one deflated entry, as `pigz -K` writes it: a local header whose CRC-32 and
/// sizes follow the data in a data descriptor (flag bit 3: they are known only once the last
/// block is written), the entry named after the source (`-` for standard input, as pigz names it),
/// its time in DOS form (local time, as zip tools read it) and in an extended-timestamp field
/// (`UT`, UTC), then the central directory and its end record.
///
/// Sizes are 32-bit where the input's length is known to fit (a file under 3.75 GiB): the
/// descriptor is then the 16 bytes `gzip -d` reads too. Otherwise (standard input, whose length
/// is known only at its end, or a larger file) they are Zip64 throughout, as pigz writes every zip:
/// `unzip`, Python's `zipfile`, bsdtar and `pigz -d` read those; gzip 1.12 does not.
struct ZipContainer: StreamContainer {
    /// The entry's comment, in the central directory (where pigz `-K -C` puts it).
    var comment: [UInt8]?

    /// Inputs of this length or more get Zip64 sizes: deflate's worst case stays under 4 GiB.
    static let zip64Threshold: Int64 = 0xF000_0000

    private static let localSignature: [UInt8] = [0x50, 0x4B, 0x03, 0x04]
    private static let descriptorSignature: [UInt8] = [0x50, 0x4B, 0x07, 0x08]
    private static let centralSignature: [UInt8] = [0x50, 0x4B, 0x01, 0x02]
    private static let endSignature: [UInt8] = [0x50, 0x4B, 0x05, 0x06]
    private static let zip64EndSignature: [UInt8] = [0x50, 0x4B, 0x06, 0x06]
    private static let zip64LocatorSignature: [UInt8] = [0x50, 0x4B, 0x06, 0x07]
    private static let dataDescriptorFlag: UInt16 = 8
    private static let deflated: UInt16 = 8
    /// 2.0 (deflate), or 4.5 (Zip64).
    private static func version(zip64: Bool) -> UInt16 { zip64 ? 45 : 20 }

    static func isZip64(_ origin: GzipOrigin) -> Bool {
        guard let length = origin.length else { return true }
        return length >= zip64Threshold
    }

    private static func name(of origin: GzipOrigin) -> [UInt8] {
        guard let name = origin.name, !name.isEmpty else { return Array("-".utf8) }
        return name
    }

    func prologue(for origin: GzipOrigin, level: Int) -> [UInt8] {
        let zip64 = Self.isZip64(origin)
        let name = Self.name(of: origin)
        var extra = Self.timestampField(origin)
        if zip64 {
            // Zip64's sizes, zero here: the data descriptor has them.
            extra.appendLittleEndian(UInt16(1))
            extra.appendLittleEndian(UInt16(16))
            extra += [UInt8](repeating: 0, count: 16)
        }
        var header = Self.localSignature
        header.appendLittleEndian(Self.version(zip64: zip64))
        header.appendLittleEndian(Self.dataDescriptorFlag)
        header.appendLittleEndian(Self.deflated)
        header += Self.dosTimeAndDate(origin.modificationTime)
        header.appendLittleEndian(UInt32(0))
        let unknownSize: UInt32 = zip64 ? .max : 0
        header.appendLittleEndian(unknownSize)
        header.appendLittleEndian(unknownSize)
        header.appendLittleEndian(UInt16(name.count))
        header.appendLittleEndian(UInt16(extra.count))
        return header + name + extra
    }

    func epilogue(checksum: UInt32, length: Int64, deflateLength: Int64, origin: GzipOrigin, level: Int) -> [UInt8] {
        let zip64 = Self.isZip64(origin)
        let name = Self.name(of: origin)
        var bytes = Self.descriptorSignature
        bytes.appendLittleEndian(checksum)
        if zip64 {
            bytes.appendLittleEndian(UInt64(deflateLength))
            bytes.appendLittleEndian(UInt64(length))
        } else {
            bytes.appendLittleEndian(UInt32(deflateLength))
            bytes.appendLittleEndian(UInt32(length))
        }
        let directoryOffset = Int64(prologue(for: origin, level: level).count) + deflateLength + Int64(bytes.count)

        var extra = Self.timestampField(origin)
        if zip64 {
            extra.appendLittleEndian(UInt16(1))
            extra.appendLittleEndian(UInt16(16))
            extra.appendLittleEndian(UInt64(length))
            extra.appendLittleEndian(UInt64(deflateLength))
        }
        var directory = Self.centralSignature
        directory.appendLittleEndian(Self.version(zip64: zip64))
        directory.appendLittleEndian(Self.version(zip64: zip64))
        directory.appendLittleEndian(Self.dataDescriptorFlag)
        directory.appendLittleEndian(Self.deflated)
        directory += Self.dosTimeAndDate(origin.modificationTime)
        directory.appendLittleEndian(checksum)
        directory.appendLittleEndian(zip64 ? UInt32.max : UInt32(deflateLength))
        directory.appendLittleEndian(zip64 ? UInt32.max : UInt32(length))
        directory.appendLittleEndian(UInt16(name.count))
        directory.appendLittleEndian(UInt16(extra.count))
        let comment = (self.comment ?? []).prefix(Int(UInt16.max))
        directory.appendLittleEndian(UInt16(comment.count))
        // Disk, internal and external attributes (none: readers use their defaults), the local
        // header's offset.
        directory += [UInt8](repeating: 0, count: 2 + 2 + 4)
        directory.appendLittleEndian(UInt32(0))
        directory += name + extra + comment
        bytes += directory

        let directoryEnd = directoryOffset + Int64(directory.count)
        let offsetFits = directoryOffset < Int64(UInt32.max)
        if !offsetFits {
            bytes += Self.zip64EndSignature
            bytes.appendLittleEndian(UInt64(44))
            bytes.appendLittleEndian(UInt16(45))
            bytes.appendLittleEndian(UInt16(45))
            bytes.appendLittleEndian(UInt32(0))
            bytes.appendLittleEndian(UInt32(0))
            bytes.appendLittleEndian(UInt64(1))
            bytes.appendLittleEndian(UInt64(1))
            bytes.appendLittleEndian(UInt64(directory.count))
            bytes.appendLittleEndian(UInt64(directoryOffset))
            bytes += Self.zip64LocatorSignature
            bytes.appendLittleEndian(UInt32(0))
            bytes.appendLittleEndian(UInt64(directoryEnd))
            bytes.appendLittleEndian(UInt32(1))
        }
        bytes += Self.endSignature
        bytes.appendLittleEndian(UInt16(0))
        bytes.appendLittleEndian(UInt16(0))
        bytes.appendLittleEndian(UInt16(1))
        bytes.appendLittleEndian(UInt16(1))
        bytes.appendLittleEndian(UInt32(directory.count))
        bytes.appendLittleEndian(offsetFits ? UInt32(directoryOffset) : UInt32.max)
        bytes.appendLittleEndian(UInt16(0))
        return bytes
    }

    /// The `UT` extra field with the modification time (UTC seconds), when there is one.
    private static func timestampField(_ origin: GzipOrigin) -> [UInt8] {
        guard origin.modificationTime != 0 else { return [] }
        var field: [UInt8] = [0x55, 0x54]
        field.appendLittleEndian(UInt16(5))
        field.append(1)
        field.appendLittleEndian(origin.modificationTime)
        return field
    }

    /// MS-DOS time and date (local time, to two seconds; 1980-01-01 for none or before 1980).
    static func dosTimeAndDate(_ seconds: UInt32) -> [UInt8] {
        var time: UInt16 = 0
        var date: UInt16 = 1 << 5 | 1
        var clock = time_t(seconds)
        var parts = tm()
        if seconds != 0, localtime_r(&clock, &parts) != nil, parts.tm_year >= 80 {
            time = UInt16(parts.tm_hour) << 11 | UInt16(parts.tm_min) << 5 | UInt16(parts.tm_sec / 2)
            date = UInt16(min(parts.tm_year - 80, 127)) << 9 | UInt16(parts.tm_mon + 1) << 5 | UInt16(parts.tm_mday)
        }
        var bytes: [UInt8] = []
        bytes.appendLittleEndian(time)
        bytes.appendLittleEndian(date)
        return bytes
    }
}
