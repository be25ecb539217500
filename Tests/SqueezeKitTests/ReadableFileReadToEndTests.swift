import Foundation
import SqueezeTestSupport
import Testing
@testable import SqueezeKit

/// `ReadableFile.readToEnd(into:)`: a worker reads file after file into one array, which grows to
/// the longest and is never shortened; what was read is the front of it, whatever `stat` said.
@Suite struct ReadableFileReadToEndTests {
    static func file(_ bytes: [UInt8], in directory: TemporaryDirectory, named name: String) throws -> ReadableFile {
        try Data(bytes).write(to: URL(fileURLWithPath: directory(name)))
        return try ReadableFile(PathName(directory(name)))
    }

    @Test func filesReadIntoOneArrayGiveTheirBytesAtItsFront() throws {
        let directory = try TemporaryDirectory()
        var data = TestData(seed: 91)
        var scratch: [UInt8] = []
        var longest = 0
        for (index, size) in [700, 3, 1_600, 0, 900].enumerated() {
            let bytes = data.randomBytes(size)
            let file = try Self.file(bytes, in: directory, named: "f\(index)")
            let count = try file.readToEnd(into: &scratch, from: 0, expected: size, limit: 1 << 20)
            #expect(count == size)
            #expect(Array(scratch[..<count]) == bytes)
            // A read asks for a byte more than expected; nothing expected, for 64 KiB.
            longest = max(longest, size == 0 ? 64 << 10 : size + 1)
            #expect(scratch.count == longest, "grown only to the longest read asked for, never shortened")
        }
    }

    /// `stat` understated or overstated the size (a file of /proc, a file changed since): the
    /// read goes on to the real end, or stops there.
    @Test func theRealEndWhateverTheSizeExpected() throws {
        let directory = try TemporaryDirectory()
        var data = TestData(seed: 92)
        let bytes = data.randomBytes(200_000)
        let file = try Self.file(bytes, in: directory, named: "grown")
        var scratch = [UInt8](repeating: 7, count: 10)
        for expected in [0, 100, 199_999, 200_000, 300_000] {
            let count = try file.readToEnd(into: &scratch, from: 0, expected: expected, limit: 1 << 20)
            #expect(count == bytes.count)
            #expect(Array(scratch[..<count]) == bytes)
            // The array of its own: its first read into storage not cleared, the rest as above.
            #expect(try file.readToEnd(from: 0, expected: expected, limit: 1 << 20) == bytes)
            #expect(try file.readToEnd(from: 150_000, expected: max(0, expected - 150_000), limit: 1 << 20) == Array(bytes[150_000...]))
        }
        #expect(try file.readToEnd(from: 1_000, expected: 0, limit: 1 << 20) == Array(bytes[1_000...]))
        #expect(throws: SystemError.self) { try file.readToEnd(into: &scratch, from: 0, expected: 100, limit: 1_000) }
        #expect(throws: SystemError.self) { try file.readToEnd(from: 0, expected: 100, limit: 1_000) }
        let empty = try Self.file([], in: directory, named: "empty")
        #expect(try empty.readToEnd(from: 0, expected: 0, limit: 1_000) == [])
        #expect(try empty.readToEnd(from: 0, expected: 10, limit: 1_000) == [])
    }
}
