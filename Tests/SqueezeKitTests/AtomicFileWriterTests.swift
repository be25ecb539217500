import Foundation
import Glibc
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

@Suite struct AtomicFileWriterTests {
    static func attributes(permissions: mode_t, seconds: Int64) throws -> FileStatus {
        var status = try FileStatus.of("/", followingSymlinks: false)
        status.permissions = permissions
        status.modificationTime = FileTime(seconds: seconds, nanoseconds: 123_456_789)
        status.accessTime = FileTime(seconds: seconds)
        status.owner = geteuid()
        status.group = getegid()
        return status
    }

    @Test func theFinalNameAppearsOnlyAtCommitWithTheSourcesAttributes() throws {
        let directory = try TemporaryDirectory()
        let registry = TemporaryFileRegistry()
        let destination = PathName(directory("out.gz"))
        let writer = try AtomicFileWriter(destination: destination, registry: registry)
        try writer.write(Array("part one ".utf8))
        #expect(!FileStatus.exists(destination))
        #expect(registry.count == 1)
        #expect(TemporaryName.isTemporary(writer.temporaryPath.lastComponent))
        try writer.write(Array("part two".utf8))
        try writer.commit(attributes: Self.attributes(permissions: 0o640, seconds: 1_600_000_000), replacingExisting: false)
        #expect(try TreeBuilder.read(directory("out.gz")) == Array("part one part two".utf8))
        let status = try FileStatus.of(destination, followingSymlinks: false)
        #expect(status.permissions == 0o640)
        #expect(status.modificationTime == FileTime(seconds: 1_600_000_000, nanoseconds: 123_456_789))
        #expect(registry.count == 0)
        #expect(TreeBuilder.files(under: directory.path) == ["out.gz"])
    }

    @Test func discardLeavesNothing() throws {
        let directory = try TemporaryDirectory()
        let registry = TemporaryFileRegistry()
        let writer = try AtomicFileWriter(destination: PathName(directory("out.gz")), registry: registry)
        try writer.write([1, 2, 3])
        writer.discard()
        #expect(TreeBuilder.files(under: directory.path).isEmpty)
        #expect(registry.count == 0)
    }

    @Test func anExistingFileSurvivesUnlessReplacingIsAsked() throws {
        let directory = try TemporaryDirectory()
        let registry = TemporaryFileRegistry()
        try TreeBuilder.write("precious", to: directory("out.gz"))
        let writer = try AtomicFileWriter(destination: PathName(directory("out.gz")), registry: registry)
        try writer.write([1])
        #expect(throws: SystemError.self) {
            try writer.commit(attributes: Self.attributes(permissions: 0o644, seconds: 1), replacingExisting: false)
        }
        #expect(try TreeBuilder.read(directory("out.gz")) == Array("precious".utf8))
        #expect(TreeBuilder.files(under: directory.path) == ["out.gz"])
        let replacing = try AtomicFileWriter(destination: PathName(directory("out.gz")), registry: registry)
        try replacing.write([9])
        try replacing.commit(attributes: Self.attributes(permissions: 0o644, seconds: 1), replacingExisting: true)
        #expect(try TreeBuilder.read(directory("out.gz")) == [9])
    }

    @Test func registryRemovesEveryLiveTemporary() throws {
        let directory = try TemporaryDirectory()
        let registry = TemporaryFileRegistry()
        let writers = try (0..<5).map { try AtomicFileWriter(destination: PathName(directory("f\($0).gz")), registry: registry) }
        #expect(TreeBuilder.files(under: directory.path).count == 5)
        #expect(registry.removeAll() == 5)
        #expect(TreeBuilder.files(under: directory.path).isEmpty)
        withExtendedLifetime(writers) {}
    }

    /// A destination name near NAME_MAX still gets a temporary that fits.
    @Test func longNamesFit() throws {
        let directory = try TemporaryDirectory()
        let name = String(repeating: "n", count: 250) + ".gz"
        let writer = try AtomicFileWriter(destination: PathName(directory(name)), registry: TemporaryFileRegistry())
        try writer.commit(attributes: Self.attributes(permissions: 0o600, seconds: 5), replacingExisting: false)
        #expect(TreeBuilder.files(under: directory.path) == [name])
    }
}
