import FoundationEssentials
import Glibc

/// A file system path as the kernel sees it: bytes, not necessarily UTF-8.
///
/// Linux file names may hold any byte but `/` and NUL; a `String` would replace invalid UTF-8 and
/// then name a different file. Paths stay bytes from `readdir` to `open`; only messages decode them.
public struct PathName: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public private(set) var bytes: [UInt8]

    public init(_ string: String) { bytes = Array(string.utf8) }
    public init(stringLiteral value: String) { self.init(value) }
    public init<Bytes: Sequence<UInt8>>(bytes: Bytes) { self.bytes = Array(bytes) }

    /// The path for messages and JSON; bytes that are not UTF-8 show as U+FFFD.
    public var description: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether the bytes are valid UTF-8, so that `description` is the name exactly.
    public var isValidUTF8: Bool {
        // ASCII (most names) first, eight bytes at a time (a `--json` rerun asks it of two names a
        // file): the check by `String` allocates one.
        bytes.withUnsafeBytes(Self.isASCII) || String(validating: bytes, as: UTF8.self) != nil
    }

    private static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var (offset, any) = (0, UInt64(0))
        while offset + 8 <= bytes.count {
            any |= bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < bytes.count {
            any |= UInt64(bytes[offset])
            offset += 1
        }
        return any & highBits == 0
    }

    /// The bytes in base64 when they are not UTF-8: what a JSON report carries beside
    /// `description` (which shows U+FFFD there), so that a script gets the exact name back.
    public var exactBytesIfNotUTF8: String? { isValidUTF8 ? nil : Data(bytes).base64EncodedString() }

    /// The name as text that is safe to print on a terminal, as `ls -b` writes it: control
    /// characters, C0 and C1 (a hostile name's escape sequences), bytes that are not UTF-8 and the backslash
    /// itself as backslash escapes (`\033`, `\351`, `\\`); everything else as it is.
    public var escapedForTerminal: String {
        var text = ""
        var rest = bytes[...]
        while let first = rest.first {
            let length = Self.utf8SequenceLength(rest)
            if length == 1 && (first < 0x20 || first == 0x7F || first == UInt8(ascii: "\\") || first >= 0x80) {
                text += first == UInt8(ascii: "\\") ? "\\\\" : "\\" + Self.octal(first)
                rest = rest.dropFirst()
                continue
            }
            let character = String(decoding: rest.prefix(length), as: UTF8.self)
            // C1 controls (U+0080-U+009F, two bytes in UTF-8) drive terminals as ESC does.
            if character.unicodeScalars.first.map({ (0x80...0x9F).contains($0.value) }) == true {
                text += rest.prefix(length).map { "\\" + Self.octal($0) }.joined()
            } else {
                text += character
            }
            rest = rest.dropFirst(length)
        }
        return text
    }

    /// The length of the valid UTF-8 sequence at the start of `bytes`; 1 for a byte that does not
    /// begin one (or a lone ASCII byte).
    private static func utf8SequenceLength(_ bytes: ArraySlice<UInt8>) -> Int {
        guard let first = bytes.first, first >= 0x80 else { return 1 }
        let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC2 ? 2 : 1
        guard length > 1, bytes.count >= length else { return 1 }
        let sequence = bytes.prefix(length)
        return String(validating: sequence, as: UTF8.self) == nil ? 1 : length
    }

    private static func octal(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 8)
        return String(repeating: "0", count: 3 - digits.count) + digits
    }

    public var isEmpty: Bool { bytes.isEmpty }
    public var isAbsolute: Bool { bytes.first == UInt8(ascii: "/") }

    /// `self/component`, without doubling a slash.
    public func appending(_ component: PathName) -> PathName {
        if bytes.isEmpty { return component }
        if component.bytes.isEmpty { return self }
        let slash = UInt8(ascii: "/")
        let rest = component.bytes.drop(while: { $0 == slash })
        // Made at its size (a walk names every entry): a copy of `self` grown twice cost two
        // reallocations more.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(self.bytes.count + 1 + rest.count)
        bytes.append(contentsOf: self.bytes)
        if self.bytes.last != slash { bytes.append(slash) }
        bytes.append(contentsOf: rest)
        return PathName(bytes: bytes)
    }

    public func appendingSuffix(_ suffix: String) -> PathName {
        var (result, suffix) = (self, suffix)
        // Appended from contiguous bytes: appending the `UTF8View` took a generic path, 500
        // instructions for ".gz" (a rerun names every file's output).
        suffix.withUTF8 { result.bytes.append(contentsOf: $0) }
        return result
    }

    public func hasSuffix(_ suffix: String) -> Bool {
        // The string's own bytes where it has them (every literal), without a mutable copy.
        if let answer = suffix.utf8.withContiguousStorageIfAvailable({ Self.hasSuffix(bytes, $0) }) { return answer }
        return Array(suffix.utf8).withUnsafeBufferPointer { Self.hasSuffix(bytes, $0) }
    }

    /// Whether `bytes` end with `suffix`, compared as memory (a walk asks it of every name).
    static func hasSuffix(_ bytes: [UInt8], _ suffix: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= suffix.count else { return false }
        guard suffix.count > 0, let suffixStart = suffix.baseAddress else { return true }
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + ($0.count - suffix.count), suffixStart, suffix.count) == 0 }
    }

    public func removingSuffix(_ suffix: String) -> PathName {
        guard hasSuffix(suffix) else { return self }
        return PathName(bytes: bytes.dropLast(suffix.utf8.count))
    }

    /// Trailing slashes removed (but "/" stays "/").
    var trimmingTrailingSlashes: PathName {
        var trimmed = bytes
        while trimmed.count > 1 && trimmed.last == UInt8(ascii: "/") { trimmed.removeLast() }
        return PathName(bytes: trimmed)
    }

    /// The last component: "c" for "a/b/c" and "a/b/c/".
    public var lastComponent: PathName {
        let trimmed = trimmingTrailingSlashes.bytes
        guard let slash = trimmed.lastIndex(of: UInt8(ascii: "/")), trimmed.count > 1 else {
            return PathName(bytes: trimmed)
        }
        return PathName(bytes: trimmed[(slash + 1)...])
    }

    /// Everything before the last component: "a/b" for "a/b/c", "." for "c", "/" for "/c".
    public var parent: PathName {
        guard let end = parentLength else { return "." }
        return PathName(bytes: bytes[..<end])
    }

    /// `parent` as a C string, built on the stack from this path's bytes: for a system call on the
    /// directory of every output, without making its path.
    func withParentCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        guard let end = parentLength else { return try body(".") }
        return try withUnsafeTemporaryAllocation(of: CChar.self, capacity: end + 1) { buffer in
            bytes.withUnsafeBytes { UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[..<end])) }
            buffer[end] = 0
            return try body(buffer.baseAddress!)
        }
    }

    /// How many leading bytes are `parent`: the bytes before the last component, less the slashes
    /// that end them (but "/" stays "/"); nil when the parent is "." (no slash but trailing ones).
    private var parentLength: Int? {
        let slash = UInt8(ascii: "/")
        var end = bytes.count
        while end > 1 && bytes[end - 1] == slash { end -= 1 }
        guard let last = bytes[..<end].lastIndex(of: slash) else { return nil }
        if last == 0 { return 1 }
        var length = last
        while length > 1 && bytes[length - 1] == slash { length -= 1 }
        return length
    }

    /// The path as a C string, for a system call. Built on the stack (for paths of usual
    /// length), not the heap: every file's open, link and stat goes through here.
    public func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
            UnsafeMutableRawBufferPointer(buffer).copyBytes(from: bytes)
            buffer[bytes.count] = 0
            return try body(buffer.baseAddress!)
        }
    }

    /// The bytes in one call: the synthesized hash feeds them to the hasher one at a time, which
    /// showed in profiles of planning thousands of files.
    public func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    /// Byte order (a walk sorts every directory's names): compared as memory, then by length.
    public static func < (lhs: PathName, rhs: PathName) -> Bool {
        lhs.bytes.withUnsafeBufferPointer { left in
            rhs.bytes.withUnsafeBufferPointer { right in
                let common = Swift.min(left.count, right.count)
                let order = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
                return order != 0 ? order < 0 : left.count < right.count
            }
        }
    }
}

extension PathName {
    /// The absolute path with every symbolic link, `.` and `..` resolved (`realpath`); the path
    /// must exist.
    func canonical() throws(SystemError) -> PathName {
        guard let resolved = withCString({ realpath($0, nil) }) else {
            throw SystemError("resolve", self, code: errno)
        }
        defer { free(resolved) }
        return PathName(bytes: UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }
}

extension PathName {
    /// What the symbolic link at this path points to, byte for byte (`readlink`).
    func symbolicLinkTarget() throws(SystemError) -> PathName {
        var capacity = 256
        while true {
            var buffer = [UInt8](repeating: 0, count: capacity)
            let count = try systemCall("read the symbolic link", self) {
                withCString { path in buffer.withUnsafeMutableBytes { readlink(path, $0.baseAddress!.assumingMemoryBound(to: CChar.self), capacity) } }
            }
            // A result that fills the buffer may have been cut short: try again with more room.
            if count < capacity { return PathName(bytes: buffer.prefix(count)) }
            capacity *= 4
        }
    }
}

/// `mkdir -p`: creates a directory and any missing parents; safe when several workers race to
/// create the same one.
enum DirectoryCreator {
    static func createDirectory(_ path: PathName) throws(SystemError) {
        var status = stat()
        if path.withCString({ stat($0, &status) }) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR { return }
            throw SystemError("create directory", path, code: ENOTDIR)
        }
        let parent = path.parent
        if parent != path && parent != "." && parent != "/" { try createDirectory(parent) }
        let result = path.withCString { mkdir($0, 0o777) }
        if result != 0 && errno != EEXIST { throw SystemError("create directory", path, code: errno) }
    }
}
