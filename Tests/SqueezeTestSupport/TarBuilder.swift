import CArchive
import Foundation
import Glibc

/// Writes tar archives with exactly the entries a test asks for, names and links included as
/// given (libarchive's writer does not sanitise them; bsdtar and GNU tar would): the way to build
/// the hostile archives extraction must survive. Uses libarchive's C API directly, not squeeze.
public struct TarBuilder {
    public enum Compression { case none, gzip }

    public struct Entry {
        var name: [UInt8]
        var type: mode_t
        var permissions: mode_t
        var data: [UInt8] = []
        var symlink: String?
        var hardlink: String?
        var device: dev_t = 0
        var modificationTime: Int = 1_700_000_000
    }

    private var entries: [Entry] = []

    public init() {}

    public func file(_ name: String, _ contents: String, permissions: mode_t = 0o644) -> TarBuilder {
        file(Array(name.utf8), Array(contents.utf8), permissions: permissions)
    }

    public func file(_ name: [UInt8], _ contents: [UInt8], permissions: mode_t = 0o644) -> TarBuilder {
        adding(Entry(name: name, type: S_IFREG, permissions: permissions, data: contents))
    }

    public func directory(_ name: String, permissions: mode_t = 0o755) -> TarBuilder {
        adding(Entry(name: Array(name.utf8), type: S_IFDIR, permissions: permissions))
    }

    public func symlink(_ name: String, to target: String) -> TarBuilder {
        adding(Entry(name: Array(name.utf8), type: S_IFLNK, permissions: 0o777, symlink: target))
    }

    /// A hard link entry; with `contents`, a pax hard link that carries data (libarchive writes
    /// it into the linked file).
    public func hardlink(_ name: String, to target: String, contents: String? = nil) -> TarBuilder {
        adding(Entry(
            name: Array(name.utf8), type: S_IFREG, permissions: 0o644, data: Array((contents ?? "").utf8), hardlink: target))
    }

    public func characterDevice(_ name: String, major: UInt32, minor: UInt32) -> TarBuilder {
        adding(Entry(name: Array(name.utf8), type: S_IFCHR, permissions: 0o666, device: Self.deviceNumber(major: major, minor: minor)))
    }

    public func fifo(_ name: String) -> TarBuilder {
        adding(Entry(name: Array(name.utf8), type: S_IFIFO, permissions: 0o644))
    }

    /// glibc's `makedev`, a macro Swift cannot call.
    public static func deviceNumber(major: UInt32, minor: UInt32) -> dev_t {
        let major = UInt64(major), minor = UInt64(minor)
        return dev_t(((major & 0xFFFF_F000) << 32) | ((major & 0xFFF) << 8) | ((minor & 0xFFFF_FF00) << 12) | (minor & 0xFF))
    }

    private func adding(_ entry: Entry) -> TarBuilder {
        var copy = self
        copy.entries.append(entry)
        return copy
    }

    /// Writes the archive (pax format) to `path`.
    public func write(to path: String, compression: Compression = .none) throws {
        guard let archive = archive_write_new() else { throw TarBuilderError("archive_write_new") }
        defer { archive_write_free(archive) }
        try check(archive_write_set_format_pax(archive), archive)
        if compression == .gzip { try check(archive_write_add_filter_gzip(archive), archive) }
        try check(archive_write_open_filename(archive, path), archive)
        for entry in entries {
            guard let header = archive_entry_new() else { throw TarBuilderError("archive_entry_new") }
            defer { archive_entry_free(header) }
            (entry.name + [0]).withUnsafeBufferPointer { name in
                name.withMemoryRebound(to: CChar.self) { archive_entry_copy_pathname(header, $0.baseAddress) }
            }
            archive_entry_set_filetype(header, UInt32(entry.type))
            archive_entry_set_perm(header, entry.permissions)
            archive_entry_set_mtime(header, entry.modificationTime, 0)
            archive_entry_set_uid(header, 0)
            archive_entry_set_gid(header, 0)
            if let symlink = entry.symlink { archive_entry_copy_symlink(header, symlink) }
            if let hardlink = entry.hardlink { archive_entry_copy_hardlink(header, hardlink) }
            if entry.type == S_IFCHR || entry.type == S_IFBLK { archive_entry_set_rdev(header, entry.device) }
            archive_entry_set_size(header, Int64(entry.data.count))
            try check(archive_write_header(archive, header), archive)
            if !entry.data.isEmpty {
                let written = entry.data.withUnsafeBytes { archive_write_data(archive, $0.baseAddress, $0.count) }
                guard written == entry.data.count else { throw TarBuilderError(String(cString: archive_error_string(archive))) }
            }
        }
        try check(archive_write_close(archive), archive)
    }

    private func check(_ status: Int32, _ archive: OpaquePointer) throws {
        // Warnings (a name libarchive could not convert) still write the entry as given.
        guard status == ARCHIVE_OK || status == ARCHIVE_WARN else {
            throw TarBuilderError(archive_error_string(archive).map { String(cString: $0) } ?? "status \(status)")
        }
    }
}

public struct TarBuilderError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
