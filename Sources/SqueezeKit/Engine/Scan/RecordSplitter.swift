import Glibc

/// Cuts bytes that arrive in pieces into the records between separators, each passed on as its
/// bytes (valid only during the call). Empty records are passed by.
struct RecordSplitter {
    let terminator: UInt8
    /// The start of a record whose separator has not come yet.
    private var pending: [UInt8] = []

    init(terminator: UInt8) {
        self.terminator = terminator
    }

    /// Whether bytes came after the last separator: a record not ended (yet).
    var hasUnendedRecord: Bool { !pending.isEmpty }

    mutating func consume(_ buffer: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        var start = 0
        // `memchr` finds each separator (a loop over the bytes took about 10 instructions a byte,
        // a shard rerun's largest cost of reading its list).
        while start < buffer.count, let found = memchr(buffer.baseAddress! + start, Int32(terminator), buffer.count - start) {
            let index = buffer.baseAddress!.distance(to: UnsafeRawPointer(found))
            if pending.isEmpty {
                if index > start { try body(UnsafeRawBufferPointer(rebasing: buffer[start..<index])) }
            } else {
                pending.append(contentsOf: buffer[start..<index])
                try pending.withUnsafeBytes { try body($0) }
                pending.removeAll(keepingCapacity: true)
            }
            start = index + 1
        }
        pending.append(contentsOf: buffer[start..<buffer.count])
    }

    /// The input ended: a last record without its separator still counts.
    mutating func finish(_ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        if !pending.isEmpty { try pending.withUnsafeBytes { try body($0) } }
        pending.removeAll()
    }
}
