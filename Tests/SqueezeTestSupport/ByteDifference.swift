/// Where two byte sequences first differ, in words short enough for a test failure (comparing
/// megabyte arrays with `==` inside `#expect` would print both whole).
public enum ByteDifference {
    /// nil when equal; otherwise the lengths and the first differing offset.
    public static func between<A: Collection<UInt8>, B: Collection<UInt8>>(_ actual: A, _ expected: B) -> String? {
        var offset = 0
        var left = actual.makeIterator()
        var right = expected.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil):
                return nil
            case let (a?, b?) where a == b:
                offset += 1
            default:
                return "\(actual.count) bytes vs \(expected.count) expected; first difference at offset \(offset)"
            }
        }
    }
}
