/// The names a decompressing command takes as compressed, and the name each decompresses to.
public enum CompressedSuffixes: Sendable, Equatable {
    /// squeeze's own: `.gz` and `.zst` (removed), `.tgz` and `.tzst` (becoming `.tar`), as written.
    case squeeze
    /// gzip's (`get_suffix`): `-S`'s (when given), `.gz .z .taz .tgz -gz -z _z`, in any case, after
    /// at least one character that is not `/`; `.tgz` and `.taz` become `.tar`, any other is
    /// removed. A `-S` that ends one of those is tried after them, as gzip orders it.
    case gzip(extra: [UInt8]?)
    /// pigz's: gzip's, and its own formats' `.zz`, `-zz` (zlib) and `.zip`, each removed.
    case pigz(extra: [UInt8]?)

    private static let gzipSuffixes: [[UInt8]] = [".gz", ".z", ".taz", ".tgz", "-gz", "-z", "_z"].map { Array($0.utf8) }
    private static let pigzSuffixes = gzipSuffixes + [".zz", "-zz", ".zip"].map { Array($0.utf8) }

    /// The suffix of `name` (its last component's bytes) that makes it compressed, as its length.
    func suffixLength(of name: PathName) -> Int? {
        switch self {
        case .squeeze:
            if name.hasSuffix(".tgz") && name.bytes.count > 4 { return 4 }
            if name.hasSuffix(".gz") && name.bytes.count > 3 { return 3 }
            if name.hasSuffix(".tzst") && name.bytes.count > 5 { return 5 }
            if name.hasSuffix(".zst") && name.bytes.count > 4 { return 4 }
            return nil
        case .gzip(let extra), .pigz(let extra):
            var candidates = self == .gzip(extra: extra) ? Self.gzipSuffixes : Self.pigzSuffixes
            if let extra = extra.map(Self.lowered), !extra.isEmpty {
                let endsBuiltIn = candidates.contains { $0.count > extra.count && $0.suffix(extra.count).elementsEqual(extra) }
                if endsBuiltIn { candidates.append(extra) } else { candidates.insert(extra, at: 0) }
            }
            let bytes = name.bytes
            for suffix in candidates where bytes.count > suffix.count {
                let start = bytes.count - suffix.count
                guard bytes[start - 1] != UInt8(ascii: "/"), Self.lowered(Array(bytes[start...])) == suffix else { continue }
                return suffix.count
            }
            return nil
        }
    }

    /// Whether `name` ends with one of the suffixes.
    public func matches(_ name: PathName) -> Bool { suffixLength(of: name.lastComponent) != nil }

    /// The name `name` decompresses to; nil when it has none of the suffixes.
    public func decompressedPath(_ name: PathName) -> PathName? {
        let path = name.trimmingTrailingSlashes
        guard let length = suffixLength(of: path.lastComponent) else { return nil }
        let stem = PathName(bytes: path.bytes.dropLast(length))
        let suffix = Self.lowered(Array(path.bytes.suffix(length)))
        let becomesTar = suffix == Array(".tgz".utf8) || suffix == Array(".taz".utf8) || suffix == Array(".tzst".utf8)
        return becomesTar ? stem.appendingSuffix(".tar") : stem
    }

    private static func lowered(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }
    }
}
