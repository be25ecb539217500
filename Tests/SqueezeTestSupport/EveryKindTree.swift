import Foundation
import Glibc

/// A tree with every kind of entry an archive must carry across: nested and empty directories,
/// an empty file, a file of several blocks, long, non-ASCII and non-UTF-8 names, relative,
/// absolute and dangling symbolic links, hard links, a FIFO, a character device, setuid and
/// sticky modes, a foreign owner, and fixed modification times.
public enum EveryKindTree {
    public static let longDirectory = "long-" + String(repeating: "d", count: 120)
    public static let longFile = "file-" + String(repeating: "f", count: 150) + ".txt"
    public static let nonUTF8Name: [UInt8] = Array("bad-".utf8) + [0x80, 0xFF] + Array(".txt".utf8)

    /// Builds the tree at `root` (which must not exist). The device node needs root, as does the
    /// foreign owner; both are left out otherwise.
    public static func make(at root: String, largeFileSize: Int = 300_000) throws {
        var data = TestData(seed: 42)
        let isRoot = geteuid() == 0
        try TreeBuilder.write("hello\n", to: "\(root)/small.txt")
        try TreeBuilder.write([], to: "\(root)/empty")
        try TreeBuilder.write("#!/bin/sh\necho hi\n", to: "\(root)/script.sh")
        try TreeBuilder.write(data.text(largeFileSize), to: "\(root)/big/large.txt")
        try TreeBuilder.write(data.randomBytes(50_000), to: "\(root)/big/random.bin")
        try TreeBuilder.write(data.text(2_000), to: "\(root)/deep/er/still/nested.txt")
        try TreeBuilder.write(data.text(3_000), to: "\(root)/\(longDirectory)/\(longFile)")
        try TreeBuilder.write("not ASCII\n", to: "\(root)/names/naïve café ☕.txt")
        try writeBytes(Array("not UTF-8\n".utf8), to: Array("\(root)/names/".utf8) + nonUTF8Name)
        try FileManager.default.createDirectory(atPath: "\(root)/empty-dir", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: "\(root)/shared", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: "\(root)/links", withIntermediateDirectories: true)
        try TreeBuilder.makeSymlink("\(root)/links/relative", to: "../small.txt")
        try TreeBuilder.makeSymlink("\(root)/links/dangling", to: "nowhere")
        try TreeBuilder.makeSymlink("\(root)/links/absolute", to: "/etc/hostname")
        try TreeBuilder.write(data.text(5_000), to: "\(root)/hard/a.txt")
        try check(link("\(root)/hard/a.txt", "\(root)/hard/b.txt"), "link")
        try TreeBuilder.makeFIFO("\(root)/fifo")
        try TreeBuilder.write("setuid\n", to: "\(root)/suid-tool")
        if isRoot {
            try check(mknod("\(root)/null-device", S_IFCHR | 0o640, TarBuilder.deviceNumber(major: 1, minor: 3)), "mknod")
            try check(chown("\(root)/small.txt", 1234, 5678), "chown")
        }
        try check(chmod("\(root)/empty", 0o600), "chmod")
        try check(chmod("\(root)/script.sh", 0o755), "chmod")
        try check(chmod("\(root)/suid-tool", 0o4755), "chmod")
        try check(chmod("\(root)/empty-dir", 0o700), "chmod")
        try check(chmod("\(root)/shared", 0o1777), "chmod")
        try setTimes(under: root)
    }

    /// Distinct whole-second times on everything, children before parents (writing in a directory
    /// changes its time), so that a round trip can be checked to the second.
    public static func setTimes(under root: String) throws {
        let rootBytes = Array(root.utf8)
        let paths = ByteDirectory.walk(rootBytes).map { rootBytes + [UInt8(ascii: "/")] + $0 } + [rootBytes]
        for (index, path) in paths.reversed().enumerated() {
            let time = timespec(tv_sec: 1_600_000_000 + index * 3_600, tv_nsec: 0)
            var times = [time, time]
            try check(ByteDirectory.withCPath(path) { utimensat(AT_FDCWD, $0, &times, AT_SYMLINK_NOFOLLOW) }, "utimensat")
        }
    }

    private static func writeBytes(_ contents: [UInt8], to path: [UInt8]) throws {
        let descriptor = (path + [0]).withUnsafeBufferPointer { name in
            name.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        try check(descriptor, "open")
        defer { close(descriptor) }
        try check(Int32(contents.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }), "write")
    }

    private static func check(_ result: Int32, _ call: String) throws {
        if result < 0 { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO, userInfo: [NSLocalizedDescriptionKey: call]) }
    }
}
