import Foundation
import Glibc

/// Directory walking by bytes: Foundation's enumerators turn names that are not UTF-8 into other
/// names, and a test must see the real ones.
public enum ByteDirectory {
    /// The names in a directory, "." and ".." left out, sorted by bytes.
    public static func names(in directory: [UInt8]) -> [[UInt8]] {
        guard let stream = withCPath(directory, { opendir($0) }) else { return [] }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix(while: { $0 != 0 })) }
            if name != [UInt8(ascii: ".")] && name != [UInt8(ascii: "."), UInt8(ascii: ".")] { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Every path below `root` (relative, as bytes), parents before children, names sorted.
    public static func walk(_ root: [UInt8]) -> [[UInt8]] {
        var result: [[UInt8]] = []
        func visit(_ relative: [UInt8]) {
            let path = relative.isEmpty ? root : root + [UInt8(ascii: "/")] + relative
            for name in names(in: path) {
                let child = relative.isEmpty ? name : relative + [UInt8(ascii: "/")] + name
                result.append(child)
                var status = stat()
                if withCPath(root + [UInt8(ascii: "/")] + child, { lstat($0, &status) }) == 0 && status.st_mode & S_IFMT == S_IFDIR {
                    visit(child)
                }
            }
        }
        visit([])
        return result
    }

    /// A name for messages and dictionary keys: the UTF-8 text, with bytes that are not UTF-8
    /// written as \xHH (so two different names never look the same).
    public static func display(_ bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return bytes.map { $0 < 0x80 ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true) }.joined()
    }

    public static func withCPath<Result>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        (path + [0]).withUnsafeBufferPointer { buffer in buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) } }
    }
}
