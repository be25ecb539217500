import Foundation
import Glibc

/// Everything about a tree a user would notice changing: each path's type, permissions, size,
/// modification time, contents (of regular files; of a file over `largeFileSize`, a fingerprint
/// of its non-zero blocks, read around its holes, so that gigabytes of sparse file cost nothing),
/// link target, hard link sharing and link count, device number and (if asked) owner. Two snapshots are equal when nothing in the tree was created, removed or
/// changed. Names are taken as bytes, so names that are not UTF-8 are seen as they are.
public struct TreeSnapshot: Equatable, CustomStringConvertible {
    public struct Node: Equatable {
        public var type: mode_t
        public var permissions: mode_t
        public var size: Int64
        public var modificationTime: Int
        public var contents: [UInt8]?
        /// For a file over `largeFileSize`: its non-zero 4 KiB blocks, hashed with their offsets.
        public var fingerprint: UInt64?
        public var linkTarget: [UInt8]?
        /// The first path (in walk order) of the tree this one is a hard link of.
        public var sameFileAs: String?
        /// Names of a file that is not a directory (a leftover temporary would add one).
        public var linkCount: UInt64 = 1
        public var device: UInt64
        /// uid and gid, when the snapshot was asked to include owners.
        public var owner: [UInt32]?
    }

    public static let largeFileSize: Int64 = 64 << 20

    /// Keyed by `ByteDirectory.display` of the path relative to the root; "." is the root.
    public private(set) var nodes: [String: Node] = [:]

    /// Snapshots `root` and everything under it, except the subtrees named in `excluding`
    /// (relative paths). Directory times are left out when `directoryTimes` is false.
    public init(of root: String, excluding: Set<String> = [], directoryTimes: Bool = true, owners: Bool = false) {
        let rootBytes = Array(root.utf8)
        var firstNames: [[UInt64]: String] = [:]
        for relative in [[]] + ByteDirectory.walk(rootBytes) {
            let key = relative.isEmpty ? "." : ByteDirectory.display(relative)
            if excluding.contains(where: { key == $0 || key.hasPrefix($0 + "/") }) { continue }
            let path = relative.isEmpty ? rootBytes : rootBytes + [UInt8(ascii: "/")] + relative
            var status = stat()
            guard ByteDirectory.withCPath(path, { lstat($0, &status) }) == 0 else { continue }
            let type = status.st_mode & S_IFMT
            var node = Node(
                type: type, permissions: status.st_mode & 0o7777, size: type == S_IFDIR ? 0 : Int64(status.st_size),
                modificationTime: type == S_IFDIR && !directoryTimes ? 0 : status.st_mtim.tv_sec,
                contents: nil, linkTarget: nil, sameFileAs: nil, device: UInt64(status.st_rdev),
                owner: owners ? [status.st_uid, status.st_gid] : nil)
            if type != S_IFDIR {
                node.linkCount = UInt64(status.st_nlink)
                if status.st_nlink > 1 {
                    let identity = [UInt64(status.st_dev), UInt64(status.st_ino)]
                    if let first = firstNames[identity] { node.sameFileAs = first } else { firstNames[identity] = key }
                }
            }
            switch type {
            case S_IFREG:
                if Int64(status.st_size) > Self.largeFileSize {
                    node.fingerprint = Self.fingerprint(path)
                } else {
                    node.contents = Self.read(path)
                }
            case S_IFLNK:
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = ByteDirectory.withCPath(path) { name in
                    buffer.withUnsafeMutableBytes { readlink(name, $0.baseAddress!.assumingMemoryBound(to: CChar.self), 4096) }
                }
                node.linkTarget = count >= 0 ? Array(buffer[..<count]) : nil
            default:
                break
            }
            nodes[key] = node
        }
    }

    public var paths: [String] { nodes.keys.sorted() }

    /// The same tree seen from one directory down: `"name/x"` becomes `"x"` (for an archive that
    /// stored its root under a name).
    public func subtree(_ name: String) -> TreeSnapshot {
        var copy = self
        copy.nodes = [:]
        for (key, node) in nodes {
            var node = node
            node.sameFileAs = node.sameFileAs.map { $0.hasPrefix(name + "/") ? String($0.dropFirst(name.count + 1)) : $0 }
            if key == name { copy.nodes["."] = node } else if key.hasPrefix(name + "/") { copy.nodes[String(key.dropFirst(name.count + 1))] = node }
        }
        return copy
    }

    public func removing(_ keys: Set<String>) -> TreeSnapshot {
        var copy = self
        for key in keys { copy.nodes[key] = nil }
        return copy
    }

    public mutating func update(_ key: String, _ change: (inout Node) -> Void) {
        guard var node = nodes[key] else { return }
        change(&node)
        nodes[key] = node
    }

    public var description: String { paths.map(line).joined(separator: "\n") }

    /// One path's node on one line: its contents as their size and a checksum, not their bytes.
    private func line(_ path: String) -> String {
        guard let node = nodes[path] else { return "\(path) missing" }
        let contents = node.contents.map { bytes in " crc=\(bytes.reduce(UInt32(0)) { ($0 &* 31) &+ UInt32($1) })" } ?? ""
        return "\(path) type=\(String(node.type, radix: 8)) mode=\(String(node.permissions, radix: 8)) size=\(node.size)"
            + " mtime=\(node.modificationTime)" + contents + (node.fingerprint.map { " fingerprint=\($0)" } ?? "")
            + (node.linkTarget.map { " -> \(ByteDirectory.display($0))" } ?? "")
            + (node.sameFileAs.map { " = \($0)" } ?? "") + (node.linkCount > 1 ? " links=\(node.linkCount)" : "")
            + (node.owner.map { " owner=\($0)" } ?? "")
    }

    /// The paths that differ between two snapshots, for messages.
    public func differences(from other: TreeSnapshot) -> [String] {
        Set(nodes.keys).union(other.nodes.keys).sorted().filter { nodes[$0] != other.nodes[$0] }.map { path in
            "\(line(path)) vs \(other.line(path))"
        }
    }

    /// FNV-1a of each non-zero 4 KiB block of the file and its offset, reading only the data
    /// `SEEK_DATA` finds: the same for the same contents, however its holes are laid out.
    private static func fingerprint(_ path: [UInt8]) -> UInt64? {
        let descriptor = ByteDirectory.withCPath(path) { open($0, O_RDONLY | O_NONBLOCK) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        // SEEK_DATA and SEEK_HOLE (Linux), which Glibc's module leaves out without _GNU_SOURCE.
        let (seekData, seekHole): (Int32, Int32) = (3, 4)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ bytes: UnsafeRawBufferPointer) {
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        var block = [UInt8](repeating: 0, count: 4096)
        var offset = lseek(descriptor, 0, seekData)
        while offset >= 0 {
            let end = lseek(descriptor, offset, seekHole)
            guard end > offset else { break }
            var position = offset - offset % 4096
            while position < end {
                let count = block.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 4096, position) }
                guard count > 0 else { return nil }
                if block[..<count].contains(where: { $0 != 0 }) {
                    withUnsafeBytes(of: position) { mix($0) }
                    block.withUnsafeBytes { mix(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                }
                position += off_t(count)
            }
            offset = lseek(descriptor, end, seekData)
        }
        return hash
    }

    private static func read(_ path: [UInt8]) -> [UInt8]? {
        let descriptor = ByteDirectory.withCPath(path) { open($0, O_RDONLY | O_NONBLOCK) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var contents: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            contents += buffer[..<count]
        }
        return contents
    }
}
