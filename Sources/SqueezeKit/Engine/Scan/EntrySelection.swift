/// The entries `squeeze extract ARCHIVE PATH…` was asked for, matched as GNU tar matches member
/// names by default (no wildcards): an entry is selected when its name is one of the paths, or
/// lies beneath one (`dir` selects `dir/` and everything in it). Trailing slashes are ignored on
/// both sides. Remembers which paths matched, so that those that did not can be reported as
/// GNU tar does ("Not found in archive").
public struct EntrySelection: Sendable {
    public let paths: [PathName]
    private let normalized: [[UInt8]]
    private var matched: [Bool]

    public init(_ paths: [PathName]) {
        self.paths = paths
        normalized = paths.map { Self.withoutTrailingSlashes($0.bytes) }
        matched = Array(repeating: false, count: paths.count)
    }

    /// Whether `name` is selected, without noting it.
    func selects(_ name: [UInt8]) -> Bool {
        let name = Self.withoutTrailingSlashes(name)
        return normalized.contains { Self.name(name, isAtOrBeneath: $0) }
    }

    /// Whether `name` is selected; notes every path it matches.
    mutating func select(_ name: [UInt8]) -> Bool {
        let name = Self.withoutTrailingSlashes(name)
        var isSelected = false
        for (index, path) in normalized.enumerated() where Self.name(name, isAtOrBeneath: path) {
            matched[index] = true
            isSelected = true
        }
        return isSelected
    }

    /// The paths no entry matched, in the order given.
    var unmatched: [PathName] {
        zip(paths, matched).filter { !$0.1 }.map(\.0)
    }

    private static func name(_ name: [UInt8], isAtOrBeneath path: [UInt8]) -> Bool {
        name.starts(with: path) && (name.count == path.count || name[path.count] == UInt8(ascii: "/") || path.isEmpty)
    }

    private static func withoutTrailingSlashes(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        while bytes.count > 1 && bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        return bytes
    }
}
