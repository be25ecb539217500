import Glibc

/// Small files the kernel makes (/proc), read whole with `read(2)`: no stdio and no Foundation,
/// whose `String(contentsOfFile:)` cost a third of a millisecond, more than a resumed rerun spends
/// on a hundred files.
enum KernelFile {
    /// The bytes of `path`, at most `limit` of them; none when it cannot be read.
    static func contents(of path: String, limit: Int = 8192) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: limit)
        var count = 0
        while count < buffer.count {
            let read = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if read < 0 && errno == EINTR { continue }
            if read <= 0 { break }
            count += read
        }
        buffer.removeSubrange(count...)
        return buffer
    }

    /// The value of the `NAME:` line of /proc/self/status ("Umask", "VmHWM"), without the blanks
    /// before it; nil where /proc does not say. Found in the bytes: splitting the text into lines
    /// of `Character`s cost over a million instructions.
    static func ownStatus(_ name: String) -> String? {
        let status = contents(of: "/proc/self/status")
        // Every line but the first ("Name:") follows a newline.
        guard let key = status.firstRange(ofBytes: Array("\n\(name):".utf8)) else { return nil }
        let value = status[key.upperBound...].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        return String(decoding: value.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }
}
