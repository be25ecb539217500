import CDeflate
import CZlib
import Foundation
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// Which library compresses an input of a given length (`SizeFittedCompressor`), that the choice
/// makes the bytes that library makes, and that small files come out no larger than GNU gzip's.
@Suite struct SizeFittedCompressorTests {
    /// Raw DEFLATE of `input` by `compressor`.
    static func deflate(_ input: [UInt8], with compressor: SizeFittedCompressor) throws -> [UInt8] {
        let capacity = compressor.bound(input.count)
        return try [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            initialized = 0
            initialized = try input.withUnsafeBytes { try compressor.compress($0, into: UnsafeMutableRawBufferPointer(buffer)) }
        }
    }

    /// zlib's raw DEFLATE of `input` at `level` with its default window and memory level.
    static func zlibDefault(_ input: [UInt8], level: Int) -> [UInt8] {
        var stream = z_stream()
        #expect(squeeze_deflateInit2(&stream, Int32(level), -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) == Z_OK)
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))))
        var input = input
        let written = input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                stream.next_in = inputBuffer.baseAddress
                stream.avail_in = uInt(inputBuffer.count)
                stream.next_out = outputBuffer.baseAddress
                stream.avail_out = uInt(outputBuffer.count)
                #expect(CZlib.deflate(&stream, Z_FINISH) == Z_STREAM_END)
                return outputBuffer.count - Int(stream.avail_out)
            }
        }
        return Array(output.prefix(written))
    }

    static func libdeflate(_ input: [UInt8], level: Int) throws -> [UInt8] {
        let compressor = try LibdeflateCompressor(level: level)
        return try [UInt8](unsafeUninitializedCapacity: compressor.bound(input.count)) { buffer, initialized in
            initialized = 0
            initialized = try input.withUnsafeBytes { try compressor.compress($0, into: UnsafeMutableRawBufferPointer(buffer)) }
        }
    }

    @Test func theLimitFollowsTheLevel() {
        for level in 1...3 { #expect(SizeFittedCompressor.smallInputLimit(level: level) == 128) }
        for level in 4...9 { #expect(SizeFittedCompressor.smallInputLimit(level: level) == 2048) }
        for level in 10...12 { #expect(SizeFittedCompressor.smallInputLimit(level: level) == 0) }
        #expect(SizeFittedCompressor.isSmall(2048, level: 6))
        #expect(!SizeFittedCompressor.isSmall(2049, level: 6))
        #expect(!SizeFittedCompressor.isSmall(0, level: 12))
    }

    /// Up to the limit the bytes are those of zlib's defaults (the window sized to the limit finds
    /// the same matches), past it libdeflate's, reusing one compressor across sizes in any order.
    @Test(arguments: [1, 3, 4, 6, 9, 12])
    func eachSideOfTheLimitIsThatLibrarysOutput(level: Int) throws {
        var data = TestData(seed: UInt64(40 + level))
        let compressor = try SizeFittedCompressor(level: level)
        let lengths = [2049, 700, 0, 100_000, 128, 1, 2048, 129, 9_000, 40, 2047, 127]
        for length in lengths {
            let input = data.text(length)
            let expected = SizeFittedCompressor.isSmall(length, level: level) ? Self.zlibDefault(input, level: level) : try Self.libdeflate(input, level: level)
            #expect(try Self.deflate(input, with: compressor) == expected, "level \(level), \(length) bytes")
        }
    }

    /// The bar: on many small text files, what squeeze's encoder writes is no larger in
    /// all than `gzip -n` at the same level (libdeflate alone is about 1% larger).
    @Test(arguments: [6, 9])
    func smallFilesAreNoLargerThanGNUGzips(level: Int) throws {
        var data = TestData(seed: UInt64(60 + level))
        let directory = try TemporaryDirectory("size-fitted")
        let encoder = Codec.libdeflate.makeEncoder(level: level)
        var names: [String] = []
        var ours = 0
        for index in 0..<300 {
            let input = data.text(data.int(in: 8...1_600))
            let name = "f\(index)"
            try TreeBuilder.write(input, to: directory(name))
            names.append(name)
            let member = try input.withUnsafeBytes {
                try encoder.encode($0, context: UnsafeRawBufferPointer(start: nil, count: 0), block: 0, of: 1, origin: .anonymous).bytes
            }
            // A file of one block is its member alone (no prologue or epilogue for libdeflate).
            #expect(encoder.prologue(for: .anonymous).isEmpty)
            #expect(try BlockEncoderTests.gunzip(member) == input)
            ours += member.count
        }
        let gzip = try CommandRunner.run("gzip", ["-n", "-c", "-\(level)"] + names, currentDirectory: directory.path)
        #expect(gzip.status == 0)
        #expect(ours <= gzip.standardOutput.count, "squeeze \(ours) bytes, gzip -n \(gzip.standardOutput.count)")
    }

    /// One encoder shared by threads at once (as a run's workers share it through its pool), on
    /// sizes either side of the limit in random order: every member is the one a lone thread
    /// makes, so the bytes do not depend on the number of jobs.
    @Test func sharedByThreadsTheMembersAreThoseOfOneThread() throws {
        var data = TestData(seed: 77)
        let inputs = (0..<400).map { _ in data.text(data.int(in: 0...6_000)) }
        let encoder = Codec.libdeflate.makeEncoder(level: 6)
        let alone = try inputs.map { try BlockEncoderTests.encodeFile($0, blockSize: 1 << 20, encoder: Codec.libdeflate.makeEncoder(level: 6)) }
        let shared = Locked([[UInt8]?](repeating: nil, count: inputs.count))
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in stride(from: thread, to: inputs.count, by: 8) {
                let member = try? BlockEncoderTests.encodeFile(inputs[index], blockSize: 1 << 20, encoder: encoder)
                shared.withLock { $0[index] = member }
            }
        }
        #expect(shared.withLock { $0 } == alone)
    }
}
