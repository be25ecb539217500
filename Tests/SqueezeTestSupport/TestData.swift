import Foundation
import Glibc
import SqueezeKit

/// Deterministic inputs: the same seed gives the same bytes on every machine.
public struct TestData {
    private var generator: SplitMix64

    public init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    public mutating func next() -> UInt64 { generator.next() }

    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// Incompressible bytes.
    public mutating func randomBytes(_ count: Int) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(count + 8)
        while bytes.count < count { withUnsafeBytes(of: next()) { bytes.append(contentsOf: $0) } }
        return Array(bytes.prefix(count))
    }

    /// Text-like bytes that compress a few times over, with long-range repeats.
    public mutating func text(_ count: Int) -> [UInt8] {
        let words = ["squeeze", "block", "member", "gzip", "deflate", "window", "queue", "dispatch", "the", "of", "and", "\n", "0123", "file"]
        var bytes = [UInt8]()
        bytes.reserveCapacity(count + 16)
        while bytes.count < count {
            bytes.append(contentsOf: words[Int(next() % UInt64(words.count))].utf8)
            bytes.append(next() % 7 == 0 ? UInt8(ascii: ",") : UInt8(ascii: " "))
        }
        return Array(bytes.prefix(count))
    }
}

/// Building trees for tests.
public enum TreeBuilder {
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    public static func write(_ text: String, to path: String) throws { try write(Array(text.utf8), to: path) }

    public static func makeFIFO(_ path: String) throws {
        guard mkfifo(path, 0o644) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    /// A Unix socket file at `path` (bound, then its descriptor closed: the file stays).
    public static func makeSocket(_ path: String) throws {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    public static func makeSymlink(_ path: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    public static func read(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// Every regular file under `root`, as paths relative to it, sorted.
    public static func files(under root: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            var status = stat()
            if lstat("\(root)/\(relative)", &status) == 0 && status.st_mode & S_IFMT == S_IFREG { files.append(relative) }
        }
        return files.sorted()
    }
}
