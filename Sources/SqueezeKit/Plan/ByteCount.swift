/// Parses sizes such as `1MiB`, `256KiB`, `4M` or `65536`: K, M, G and KiB, MiB, GiB are powers
/// of 1024; kB, KB, MB, GB are powers of 1000.
public enum ByteCount {
    public static func parse(_ text: String) -> Int? {
        let compact = text.filter { !$0.isWhitespace }
        let digits = compact.prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty, let value = Int(digits) else { return nil }
        let multiplier: Int
        switch compact.dropFirst(digits.count) {
        case "", "B", "b": multiplier = 1
        case "K", "k", "KiB", "kiB": multiplier = 1 << 10
        case "M", "m", "MiB": multiplier = 1 << 20
        case "G", "g", "GiB": multiplier = 1 << 30
        case "kB", "KB": multiplier = 1_000
        case "MB": multiplier = 1_000_000
        case "GB": multiplier = 1_000_000_000
        default: return nil
        }
        let (product, overflow) = value.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : product
    }

    /// `1 MiB`, `256 KiB`, `1.5 GiB`, `512 B`.
    public static func describe(_ count: Int64) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(count)
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        if unit == 0 { return "\(count) B" }
        let rounded = value == value.rounded() ? String(Int(value)) : String(format1: value)
        return "\(rounded) \(units[unit])"
    }
}

extension String {
    /// One decimal place, without Foundation.
    init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(abs(tenths % 10))"
    }
}
