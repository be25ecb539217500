/// How a file is cut into blocks: a file larger than twice the block size is split into blocks
/// of `blockSize` (the last one shorter); anything smaller is one block.
public struct BlockLayout: Equatable, Sendable {
    public static let defaultBlockSize = 1 << 20
    /// zstd's default: each block is a frame that finds no match in the blocks before it, and at
    /// 1 MiB that cost zstd a few percent more than at 2 MiB (docs/PERFORMANCE.md, zstd).
    public static let zstdBlockSize = 2 << 20
    public static let blockSizes = (16 << 10)...(512 << 20)

    public let fileSize: Int64
    public let blockSize: Int
    public let count: Int

    public init(fileSize: Int64, blockSize: Int) {
        precondition(blockSize > 0 && fileSize >= 0)
        self.fileSize = fileSize
        self.blockSize = blockSize
        if fileSize > 2 * Int64(blockSize) {
            count = Int((fileSize + Int64(blockSize) - 1) / Int64(blockSize))
        } else {
            count = 1
        }
    }

    public var isSplit: Bool { count > 1 }

    /// Offset and length of block `index`.
    public func range(ofBlock index: Int) -> (offset: Int64, length: Int) {
        precondition(index >= 0 && index < count)
        if count == 1 { return (0, Int(fileSize)) }
        let offset = Int64(index) * Int64(blockSize)
        return (offset, Int(min(Int64(blockSize), fileSize - offset)))
    }
}

/// A block size as a user gives it (`--block-size 4MiB`): parsed once, and within
/// `BlockLayout.blockSizes`, so whatever holds one needs no fallback.
public struct BlockSize: Sendable, Equatable {
    /// Why a text is not a block size, in words for the user.
    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case notASize(String)
        case outOfRange(String)

        public var description: String {
            switch self {
            case .notASize(let text): "'\(text)' is not a size (try 256KiB or 4MiB)"
            case .outOfRange(let text): "a block size must be between 16KiB and 512MiB, not \(text)"
            }
        }
    }

    public let bytes: Int

    /// `BlockLayout.defaultBlockSize`: 1 MiB.
    public static let standard = BlockSize(bytes: BlockLayout.defaultBlockSize)

    private init(bytes: Int) {
        self.bytes = bytes
    }

    /// `text` as `ByteCount.parse` reads it, if that is a size `BlockLayout` allows.
    public init(parsing text: String) throws(ParseError) {
        guard let bytes = ByteCount.parse(text) else { throw .notASize(text) }
        guard BlockLayout.blockSizes.contains(bytes) else { throw .outOfRange(text) }
        self.bytes = bytes
    }
}

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

extension Array {
    /// The order work is planned in: largest first, so a big file does not start last and leave
    /// cores idle; equal sizes by path, so every run orders alike.
    func sortedLargestFirst(size: (Element) -> Int64, path: (Element) -> PathName) -> [Element] {
        sorted { first, second in
            let (firstSize, secondSize) = (size(first), size(second))
            return firstSize != secondSize ? firstSize > secondSize : path(first) < path(second)
        }
    }
}

/// What the output bytes depend on: format, codec, level and block size. Mode and jobs do not
/// change them.
public struct CompressionSettings: Sendable, Codable, Equatable {
    public var codec: Codec
    public var level: Int
    public var blockSize: Int
    /// gzip, zlib's or zip's format (one stream, which the zlib codec writes), or zstd.
    public var format: OutputFormat
    /// `--rsyncable`: a split file's indexed members (or, with zlib, its stream's blocks) start
    /// where its bytes say (`ContentBoundaries`), not every `blockSize`.
    public var rsyncable: Bool
    /// zlib's strategy (pigz's `-H`, `-U`).
    public var strategy: DeflateStrategy
    /// The header's comment: gzip's FCOMMENT, a zip entry's comment (pigz's `-C`).
    public var comment: [UInt8]?
    /// With zlib: libdeflate's level for a stream of one block, compressed whole by libdeflate
    /// (`SingleStreamEncoder`); nil, zlib compresses it like any block.
    public var oneBlockLevel: Int?

    public init(
        codec: Codec = .libdeflate, level: Int = Codec.defaultLevel, blockSize: Int = BlockLayout.defaultBlockSize,
        format: OutputFormat = .gzip, rsyncable: Bool = false, strategy: DeflateStrategy = .standard,
        comment: [UInt8]? = nil, oneBlockLevel: Int? = nil
    ) {
        precondition(codec.levels.contains(level), "level \(level) out of range for \(codec)")
        precondition((format == .zstd) == (codec == .zstd), "\(format) is not written by \(codec)")
        precondition(format == .gzip || format == .zstd || codec == .zlib, "\(format) is written by zlib only")
        precondition(!rsyncable || codec != .zstd, "rsyncable members are gzip members")
        precondition(strategy == .standard || codec == .zlib, "only zlib has strategies")
        precondition(oneBlockLevel.map((0...12).contains) ?? true, "libdeflate has no level \(oneBlockLevel ?? 0)")
        self.codec = codec
        self.level = level
        self.blockSize = blockSize
        self.format = format
        self.rsyncable = rsyncable
        self.strategy = strategy
        self.comment = comment
        self.oneBlockLevel = oneBlockLevel
    }

    /// The encoder these settings compress with.
    func makeEncoder() -> any BlockEncoder {
        codec.makeEncoder(level: level, format: format, strategy: strategy, comment: comment, oneBlockLevel: codec == .zlib ? oneBlockLevel : nil)
    }

    /// Where members start under `--rsyncable`; nil without it.
    var contentBoundaries: ContentBoundaries? { rsyncable ? ContentBoundaries(blockSize: blockSize) : nil }

    /// The size of a file's work items. Under `--rsyncable`, four blocks: each item also reads on
    /// to the end of its last member, about a block past its end, and the longer the item, the
    /// less that costs (members, cut by their content, do not depend on it).
    var workBlockSize: Int { rsyncable ? 4 * blockSize : blockSize }
}
