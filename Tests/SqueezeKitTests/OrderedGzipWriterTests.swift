import Foundation
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// A stream cut short where its bytes cannot be taken back (standard output, a FIFO) ends with a
/// bare member header, which every gzip reader fails on; a whole stream is as it always was.
@Suite struct OrderedGzipWriterTests {
    /// An output that keeps every byte it was given, as standard output or a FIFO does; it can be
    /// made to fail every write after `failAfter` bytes, as a full device or a gone reader does.
    final class KeptOutput: OutputFile {
        private(set) var bytes: [UInt8] = []
        let keepsWrittenBytes: Bool
        let failAfter: Int

        init(keepsWrittenBytes: Bool = true, failAfter: Int = .max) {
            self.keepsWrittenBytes = keepsWrittenBytes
            self.failAfter = failAfter
        }

        func write(_ bytes: UnsafeRawBufferPointer) throws {
            guard self.bytes.count + bytes.count <= failAfter else { throw SystemError("write to", "kept", code: ENOSPC) }
            self.bytes += bytes
        }

        func commit(attributes: FileStatus, replacingExisting: Bool) throws {}
        func discard() {}
    }

    struct ReadFailure: Error {}

    /// Three blocks of 64 KiB of text, encoded by `codec`, for block `index` of a stream of more.
    static func blocks(_ codec: Codec) throws -> (input: [UInt8], encoded: [EncodedBlock], encoder: any BlockEncoder) {
        var data = TestData(seed: 95)
        let input = data.text(3 << 16)
        let encoder = codec.makeEncoder(level: 6)
        let encoded = try (0..<3).map { index in
            try input.withUnsafeBytes { buffer in
                let start = index << 16
                return try encoder.encode(
                    UnsafeRawBufferPointer(rebasing: buffer[start..<start + (1 << 16)]),
                    context: UnsafeRawBufferPointer(rebasing: buffer[max(0, start - encoder.contextLength)..<start]),
                    block: index, of: 4, origin: GzipOrigin(name: [], modificationTime: 0))
            }
        }
        return (input, encoded, encoder)
    }

    static func readersAccept(_ bytes: [UInt8]) throws -> [Bool] {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write(bytes, to: scratch("stream.gz"))
        return try [["gzip", "-t"], ["pigz", "-t"], ["zcat"]].map { tool in
            try CommandRunner.run(tool[0], Array(tool.dropFirst()) + [scratch("stream.gz")]).status == 0
        }
    }

    @Test(arguments: [Codec.libdeflate, .zlib])
    func aStreamThatFailedEndsWithTheMark(codec: Codec) throws {
        let (_, encoded, encoder) = try Self.blocks(codec)
        let output = KeptOutput()
        var writer = OrderedGzipWriter(encoder: encoder, origin: GzipOrigin(name: [], modificationTime: 0)) { output }
        _ = writer.deposit(encoded[1], at: 1)
        _ = writer.deposit(encoded[0], at: 0)
        writer.fail(ReadFailure())
        #expect(throws: ReadFailure.self) { try writer.commit(attributes: FileStatus.newFile(), replacingExisting: false) }
        let whole = encoder.prologue(for: GzipOrigin(name: [], modificationTime: 0)) + encoded[0].bytes + encoded[1].bytes
        #expect(output.bytes == whole + GzipHeader.truncationMark)
        #expect(try Self.readersAccept(output.bytes) == [false, false, false])
    }

    @Test func aWholeStreamHasNoMark() throws {
        let (input, encoded, encoder) = try Self.blocks(.libdeflate)
        let kept = KeptOutput(), replaceable = KeptOutput(keepsWrittenBytes: false)
        for output in [kept, replaceable] {
            var writer = OrderedGzipWriter(encoder: encoder, origin: GzipOrigin(name: [], modificationTime: 0), marksEmptyStream: true) { output }
            for index in [2, 0, 1] { _ = writer.deposit(encoded[index], at: index) }
            try writer.commit(attributes: FileStatus.newFile(), replacingExisting: false)
            writer.discard()
        }
        #expect(kept.bytes == replaceable.bytes)
        #expect(try Self.readersAccept(kept.bytes) == [true, true, true])
        #expect(try BlockEncoderTests.gunzip(kept.bytes) == input)
    }

    /// Nothing written yet: a stream's writer still marks it, so that what went before on the
    /// same output does not read as all; a file's (which would have to make its output) does not.
    @Test func anEmptyStreamIsMarkedOnlyWhenAsked() throws {
        let (_, _, encoder) = try Self.blocks(.libdeflate)
        let stream = KeptOutput(), file = KeptOutput()
        var streamWriter = OrderedGzipWriter(encoder: encoder, origin: GzipOrigin(name: [], modificationTime: 0), marksEmptyStream: true) { stream }
        streamWriter.discard()
        var made = false
        var fileWriter = OrderedGzipWriter(encoder: encoder, origin: GzipOrigin(name: [], modificationTime: 0)) {
            made = true
            return file
        }
        fileWriter.discard()
        #expect(stream.bytes == GzipHeader.truncationMark)
        #expect(file.bytes.isEmpty && !made)
    }

    /// The output itself failed (full, or its reader gone): the mark cannot go either, and its
    /// failure is not the writer's to report again.
    @Test func anOutputThatFailedTakesNoMark() throws {
        let (_, encoded, encoder) = try Self.blocks(.libdeflate)
        let output = KeptOutput(failAfter: encoded[0].bytes.count + 4)
        var writer = OrderedGzipWriter(encoder: encoder, origin: GzipOrigin(name: [], modificationTime: 0)) { output }
        _ = writer.deposit(encoded[0], at: 0)
        _ = writer.deposit(encoded[1], at: 1)
        #expect(writer.failure != nil)
        writer.discard()
        #expect(output.bytes == encoded[0].bytes)
    }
}
