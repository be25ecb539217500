import Glibc

extension Array where Element == UInt8 {
    /// Where `bytes` first occur in the array, nil if nowhere (an empty `bytes` at 0): `memchr`
    /// finds each place their first byte is, `memcmp` compares the rest. Foundation's
    /// `firstRange(of:)` took the generic `DataProtocol` path, a byte at a time through witnesses:
    /// 160 k instructions to find a line of /proc/self/status, 150 k for each list's place in the
    /// JSON report (a million instructions of every run that writes one).
    public func firstRange(ofBytes bytes: [UInt8]) -> Range<Int>? {
        guard let first = bytes.first else { return 0..<0 }
        return withUnsafeBufferPointer { haystack -> Range<Int>? in
            bytes.withUnsafeBufferPointer { needle -> Range<Int>? in
                guard let base = haystack.baseAddress, haystack.count >= needle.count else { return nil }
                let lastStart = haystack.count - needle.count
                var start = 0
                while start <= lastStart, let found = memchr(base + start, Int32(first), lastStart - start + 1) {
                    let index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                    if memcmp(base + index, needle.baseAddress!, needle.count) == 0 { return index..<(index + needle.count) }
                    start = index + 1
                }
                return nil
            }
        }
    }
}
