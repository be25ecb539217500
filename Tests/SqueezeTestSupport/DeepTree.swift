import Foundation
import Glibc

/// A tree deeper than `PATH_MAX` allows a path to be: made and removed relative to directory
/// descriptors, as no single path to its bottom can be given.
public enum DeepTree {
    /// The file at the bottom, and what it holds.
    public static let bottomName = "bottom.txt"
    public static let bottomContents = "at the bottom\n"

    /// Nests `levels` directories of an 80-byte name under `root` (which must exist), with
    /// `bottom.txt` in the last; returns the directory names from the top down.
    public static func make(under root: String, levels: Int = 60) throws -> [String] {
        let name = String(repeating: "deep", count: 20)
        var descriptor = open(root, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        for _ in 0..<levels {
            guard mkdirat(descriptor, name, 0o755) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            let next = openat(descriptor, name, O_RDONLY | O_DIRECTORY)
            guard next >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            close(descriptor)
            descriptor = next
        }
        let file = openat(descriptor, bottomName, O_WRONLY | O_CREAT, 0o644)
        guard file >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        _ = bottomContents.withCString { write(file, $0, strlen($0)) }
        close(file)
        return Array(repeating: name, count: levels)
    }

    /// The names of every file under `root` but directories, at any depth (`find`).
    public static func files(under root: String) throws -> [String] {
        let result = try CommandRunner.run("/usr/bin/find", [root, "!", "-type", "d", "-printf", "%f\n"])
        return result.output.split(separator: "\n").map(String.init).sorted()
    }

    /// Removes `root` and everything under it (`rm -r` walks relative to descriptors too).
    public static func remove(_ root: String) {
        _ = try? CommandRunner.run("/bin/rm", ["-rf", root])
    }
}
