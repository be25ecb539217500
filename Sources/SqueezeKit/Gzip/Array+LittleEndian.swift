/// Little-endian integers, the byte order of every gzip field.
extension Array where Element == UInt8 {
    mutating func appendLittleEndian<Value: FixedWidthInteger>(_ value: Value) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
