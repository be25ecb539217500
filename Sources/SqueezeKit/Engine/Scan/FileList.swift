import Glibc

/// A list of file names read from a file or standard input (`--files-from`): one name per line,
/// or per NUL with `--null` (what `find -print0` writes), each kept as its exact bytes. A name
/// that contains a newline can only be given NUL-separated. Empty records are ignored (a list's
/// last separator, or `find`'s blank lines); a final record without a separator still counts.
///
/// With `sizes`, each record is `SIZE<TAB>PATH` (what `find -printf '%s\t%p\0'` or an object-store
/// listing gives), so that a plan can be made from the list alone, without one `stat`.
public struct FileList: Sendable {
    public enum Separator: Sendable { case newline, nul }

    /// Where a list comes from: `-` is standard input.
    public let source: PathName
    public let separator: Separator

    public init(source: PathName, separator: Separator) {
        self.source = source
        self.separator = separator
    }

    /// Every name of the list, in order.
    public func names() throws -> [PathName] {
        var names: [PathName] = []
        try forEachRecord { names.append(PathName(bytes: $0)) }
        return names
    }

    /// Calls `body` with each record's bytes (valid only during the call), reading the list in
    /// chunks so that a list of millions of names is never held twice.
    public func forEachRecord(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        let isStandardInput = source.bytes == Array("-".utf8)
        let descriptor: Int32 = isStandardInput ? STDIN_FILENO : try systemCall("open", source) {
            source.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NOCTTY) }
        }
        defer { if !isStandardInput { close(descriptor) } }
        let displayName: PathName = isStandardInput ? PathName("standard input") : source
        var records = RecordSplitter(terminator: separator == .nul ? 0 : UInt8(ascii: "\n"))
        // 64 KiB: a list is read as fast as with larger reads, and a short one (a shard's) does
        // not pay for zeroing a large buffer.
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = try chunk.withUnsafeMutableBytes { buffer in
                try systemCall("read", displayName) { read(descriptor, buffer.baseAddress, buffer.count) }
            }
            if count == 0 { break }
            try chunk.withUnsafeBytes { try records.consume(UnsafeRawBufferPointer(rebasing: $0[..<count]), body) }
        }
        try records.finish(body)
    }
}

/// A record of a list with sizes that is not `SIZE<TAB>PATH`.
public struct FileListFormatError: Error, Sendable, CustomStringConvertible {
    public let list: PathName
    public let record: Int
    public let detail: String

    public var description: String {
        "'\(list)', record \(record): \(detail) (a list with --sizes holds SIZE<TAB>PATH records, as find -printf '%s\\t%p\\0' writes)"
    }
}

extension FileList {
    /// Calls `body` with each `SIZE<TAB>PATH` record's size and path bytes.
    public func forEachSizedRecord(_ body: (Int64, UnsafeRawBufferPointer) throws -> Void) throws {
        var number = 0
        try forEachRecord { record in
            number += 1
            guard let tab = record.firstIndex(of: UInt8(ascii: "\t")), tab > 0, tab + 1 < record.count else {
                throw FileListFormatError(list: source, record: number, detail: "no size and path separated by a tab")
            }
            var size: Int64 = 0
            for byte in record[..<tab] {
                guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"), size < (Int64.max - 9) / 10 else {
                    throw FileListFormatError(list: source, record: number, detail: "the size is not a number of bytes")
                }
                size = size * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            try body(size, UnsafeRawBufferPointer(rebasing: record[(tab + 1)...]))
        }
    }
}
