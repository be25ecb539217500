/// A span of a file's decoded bytes: `START:LENGTH`, or `START:` for everything from START on.
///
/// START and LENGTH rather than START-END: the spelling of `bgzip -b/-s`, `dd skip=/count=` and
/// `tail -c +N | head -c L`, with no question whether an end is inclusive. Numbers take a binary
/// suffix (K, M, G, T: 1024, 1024², ...), as `head -c` does, since offsets into large files are
/// rarely typed in bytes.
public struct ByteRange: Equatable, Sendable, CustomStringConvertible {
    public var start: Int64
    /// Nil: to the end of the decoded data.
    public var length: Int64?

    public init(start: Int64, length: Int64?) {
        precondition(start >= 0 && (length ?? 0) >= 0)
        self.start = start
        self.length = length
    }

    /// One past the last byte asked for; nil for "to the end". Saturates rather than overflows.
    public var end: Int64? {
        guard let length else { return nil }
        let (sum, overflow) = start.addingReportingOverflow(length)
        return overflow ? Int64.max : sum
    }

    public var description: String { "\(start):\(length.map(String.init) ?? "")" }

    /// Parses `START:LENGTH` or `START:`; nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let start = Self.count(parts[0]) else { return nil }
        if parts[1].isEmpty {
            self.init(start: start, length: nil)
        } else {
            guard let length = Self.count(parts[1]) else { return nil }
            self.init(start: start, length: length)
        }
    }

    /// A count of bytes as a range's numbers are written (`--spacing` takes the same).
    public static func count(_ text: Substring) -> Int64? {
        var digits = text
        var multiplier: Int64 = 1
        if let last = digits.last, let power = "KMGT".firstIndex(of: Character(last.uppercased())) {
            multiplier = Int64(1) << (10 * ("KMGT".distance(from: "KMGT".startIndex, to: power) + 1))
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int64(digits) else { return nil }
        let (product, overflow) = value.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : product
    }
}
