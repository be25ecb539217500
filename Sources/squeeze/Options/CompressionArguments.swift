import ArgumentParser
import SqueezeKit

extension Codec: ExpressibleByArgument {}

/// `--codec`, `--level`, `--block-size`: what the output bytes depend on.
struct CompressionArguments: ParsableArguments {
    @Option(help: "libdeflate (fast; large files become indexed gzip members) or zlib (one gzip member, as pigz writes).")
    var codec: Codec = .libdeflate

    @Option(name: [.customShort("l"), .long], help: "Compression level: 1-12 for libdeflate, 1-9 for zlib.")
    var level: Int = Codec.defaultLevel

    @Option(help: ArgumentHelp("Files larger than twice this are split into blocks of this size, compressed in parallel and never held in memory whole (16KiB to 512MiB; suffixes KiB, MiB, GiB).", valueName: "size"))
    var blockSize: String = "1MiB"

    func validate() throws {
        guard codec.levels.contains(level) else {
            throw ValidationError("--level \(level) is out of range for \(codec.rawValue) (\(codec.levels.lowerBound)-\(codec.levels.upperBound))")
        }
        guard let size = ByteCount.parse(blockSize) else {
            throw ValidationError("--block-size '\(blockSize)' is not a size (try 256KiB or 4MiB)")
        }
        guard BlockLayout.blockSizes.contains(size) else {
            throw ValidationError("--block-size must be between 16KiB and 512MiB, not \(blockSize)")
        }
    }

    var settings: CompressionSettings {
        CompressionSettings(codec: codec, level: level, blockSize: ByteCount.parse(blockSize) ?? BlockLayout.defaultBlockSize)
    }
}
