import Glibc

/// Where the running `squeeze` binary is, so that a bench can run it again as a child.
enum ExecutablePath {
    /// `/proc/self/exe` resolved; the path it was started by if that cannot be read.
    static var current: String {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = buffer.withUnsafeMutableBytes { readlink("/proc/self/exe", $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count - 1) }
        if length > 0 { return String(decoding: buffer[..<length], as: UTF8.self) }
        return CommandLine.arguments[0]
    }
}
