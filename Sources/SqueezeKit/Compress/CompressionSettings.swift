/// What the output bytes depend on: codec, level and block size. Mode and jobs do not change them.
public struct CompressionSettings: Sendable, Codable, Equatable {
    public var codec: Codec
    public var level: Int
    public var blockSize: Int

    public init(codec: Codec = .libdeflate, level: Int = Codec.defaultLevel, blockSize: Int = BlockLayout.defaultBlockSize) {
        precondition(codec.levels.contains(level), "level \(level) out of range for \(codec)")
        self.codec = codec
        self.level = level
        self.blockSize = blockSize
    }
}
