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

    /// Both ways of making the output: nameless (`O_TMPFILE`, where the file system allows) and
    /// under a temporary name (the fallback, forced here).
    static let creations: [AtomicFileWriter.Creation] = [.automatic, .named]

    @Test(arguments: creations)
    func theFinalNameAppearsOnlyAtCommitWithTheSourcesAttributes(creation: AtomicFileWriter.Creation) throws {
        let directory = try TemporaryDirectory()
        let registry = TemporaryFileRegistry()
        let destination = PathName(directory("out.gz"))
        let writer = try AtomicFileWriter(destination: destination, registry: registry, creation: creation)
        try writer.write(Array("part one ".utf8))
        #expect(!FileStatus.exists(destination))
        if creation == .named {
            #expect(registry.count == 1)
            #expect(writer.temporaryPath.map { TemporaryName.isTemporary($0.lastComponent) } == true)
        } else {
            // Nameless: nothing in the directory to see, register, or leave behind.
            #expect(writer.temporaryPath == nil)
            #expect(registry.count == 0)
            #expect(TreeBuilder.files(under: directory.path).isEmpty)
        }
        try writer.write(Array("part two".utf8))
        try writer.commit(attributes: Self.attributes(permissions: 0o640, seconds: 1_600_000_000), replacingExisting: false)
        #expect(try TreeBuilder.read(directory("out.gz")) == Array("part one part two".utf8))
        let status = try FileStatus.of(destination, followingSymlinks: false)
        #expect(status.permissions == 0o640)
        #expect(status.modificationTime == FileTime(seconds: 1_600_000_000, nanoseconds: 123_456_789))
        #expect(status.linkCount == 1)
        #expect(registry.count == 0)
        #expect(TreeBuilder.files(under: directory.path) == ["out.gz"])
    }

    /// The premise of the nameless tests: where the tests run, the file system makes nameless files.
    @Test func theTestDirectoryTakesNamelessFiles() throws {
        let directory = try TemporaryDirectory()
        #expect(AtomicFileWriter.canNameNamelessFiles)
        let writer = try AtomicFileWriter(destination: PathName(directory("x")), registry: TemporaryFileRegistry())
        #expect(writer.temporaryPath == nil)
        writer.discard()
    }

    /// Both ways of naming a nameless file give the same output, refuse an existing destination
    /// alike, and replace one under `--force` alike. (Which one a process uses is learned from the
    /// kernel's first answer; setting it here, and leaving it set, only changes how later files
    /// are linked, never what tests running meanwhile see; none of them sets it back to untried.)
    @Test(arguments: [AtomicFileWriter.LinkingMethod.descriptor, .procPath])
    func bothWaysOfNamingANamelessFileGiveTheSameOutput(method: AtomicFileWriter.LinkingMethod) throws {
        let directory = try TemporaryDirectory()
        let registry = TemporaryFileRegistry()
        let attributes = try Self.attributes(permissions: 0o640, seconds: 1_700_000_000)
        try TreeBuilder.write("precious", to: directory("taken.gz"))
        for (name, replacing) in [("new.gz", false), ("taken.gz", false), ("taken.gz", true)] {
            AtomicFileWriter.linkingMethod = method
            let writer = try AtomicFileWriter(destination: PathName(directory(name)), registry: registry)
            #expect(writer.temporaryPath == nil)
            try writer.write(Array("fresh \(name)".utf8))
            if name == "taken.gz" && !replacing {
                #expect(throws: SystemError("write", PathName(directory(name)), code: EEXIST)) {
                    try writer.commit(attributes: attributes, replacingExisting: false)
                }
                #expect(try TreeBuilder.read(directory(name)) == Array("precious".utf8))
            } else {
                try writer.commit(attributes: attributes, replacingExisting: replacing)
                #expect(try TreeBuilder.read(directory(name)) == Array("fresh \(name)".utf8))
                #expect(try FileStatus.of(PathName(directory(name)), followingSymlinks: false).permissions == 0o640)
            }
        }
        #expect(TreeBuilder.files(under: directory.path) == ["new.gz", "taken.gz"])
        #expect(registry.count == 0)
    }

    /// Not tried yet, the first link asks the kernel and remembers: the descriptor where allowed,
    /// else /proc; either way the file is named.
    @Test func theFirstLinkLearnsTheWay() throws {
        let directory = try TemporaryDirectory()
        AtomicFileWriter.linkingMethod = .untried
        let writer = try AtomicFileWriter(destination: PathName(directory("out.gz")), registry: TemporaryFileRegistry())
        try writer.write([1, 2, 3])
        try writer.commit(attributes: Self.attributes(permissions: 0o600, seconds: 3), replacingExisting: false)
        #expect(try TreeBuilder.read(directory("out.gz")) == [1, 2, 3])
        #expect(AtomicFileWriter.linkingMethod != .untried)
    }

    /// What an `O_TMPFILE` open fails with on a file system without them falls back to a name; any
    /// other failure is the user's to see.
    @Test func onlyARefusalOfNamelessFilesFallsBack() {
        for code in [EOPNOTSUPP, EISDIR, EINVAL] { #expect(AtomicFileWriter.refusesNamelessFiles(code)) }
        for code in [ENOENT, EACCES, ENOSPC, EROFS, EDQUOT] { #expect(!AtomicFileWriter.refusesNamelessFiles(code)) }
    }

    @Test(arguments: creations)
    func discardLeavesNothing(creation: AtomicFileWriter.Creation) throws {
        let directory = try TemporaryDirectory()
        let registry = TemporaryFileRegistry()
        let writer = try AtomicFileWriter(destination: PathName(directory("out.gz")), registry: registry, creation: creation)
        try writer.write([1, 2, 3])
        writer.discard()
        #expect(TreeBuilder.files(under: directory.path).isEmpty)
        #expect(registry.count == 0)
    }

    @Test(arguments: creations)
    func anExistingFileSurvivesUnlessReplacingIsAsked(creation: AtomicFileWriter.Creation) throws {
        let directory = try TemporaryDirectory()
        let registry = TemporaryFileRegistry()
        try TreeBuilder.write("precious", to: directory("out.gz"))
        // A second name for the old file: replacing must give the destination a new file, never
        // rewrite the old one in place.
        #expect(link(directory("out.gz"), directory("old")) == 0)
        let writer = try AtomicFileWriter(destination: PathName(directory("out.gz")), registry: registry, creation: creation)
        try writer.write([1])
        #expect(throws: SystemError("write", PathName(directory("out.gz")), code: EEXIST)) {
            try writer.commit(attributes: Self.attributes(permissions: 0o644, seconds: 1), replacingExisting: false)
        }
        #expect(try TreeBuilder.read(directory("out.gz")) == Array("precious".utf8))
        #expect(TreeBuilder.files(under: directory.path) == ["old", "out.gz"])
        let replacing = try AtomicFileWriter(destination: PathName(directory("out.gz")), registry: registry, creation: creation)
        try replacing.write([9])
        try replacing.commit(attributes: Self.attributes(permissions: 0o644, seconds: 1), replacingExisting: true)
        #expect(try TreeBuilder.read(directory("out.gz")) == [9])
        #expect(try TreeBuilder.read(directory("old")) == Array("precious".utf8))
        #expect(TreeBuilder.files(under: directory.path) == ["old", "out.gz"])
        #expect(registry.count == 0)
    }

    /// Replacing where nothing is yet is a plain commit.
    @Test(arguments: creations)
    func replacingANameThatIsFreeCreatesIt(creation: AtomicFileWriter.Creation) throws {
        let directory = try TemporaryDirectory()
        let writer = try AtomicFileWriter(destination: PathName(directory("new.gz")), registry: TemporaryFileRegistry(), creation: creation)
        try writer.write([7])
        try writer.commit(attributes: Self.attributes(permissions: 0o600, seconds: 2), replacingExisting: true)
        #expect(try TreeBuilder.read(directory("new.gz")) == [7])
        #expect(TreeBuilder.files(under: directory.path) == ["new.gz"])
    }

    @Test func registryRemovesEveryLiveTemporary() throws {
        let directory = try TemporaryDirectory()
        let registry = TemporaryFileRegistry()
        let writers = try (0..<5).map {
            try AtomicFileWriter(destination: PathName(directory("f\($0).gz")), registry: registry, creation: .named)
        }
        #expect(TreeBuilder.files(under: directory.path).count == 5)
        #expect(registry.removeAll() == 5)
        #expect(TreeBuilder.files(under: directory.path).isEmpty)
        withExtendedLifetime(writers) {}
    }

    /// A missing directory is an error that names the output, whichever way it is made.
    @Test(arguments: creations)
    func aMissingDirectoryIsReported(creation: AtomicFileWriter.Creation) throws {
        let directory = try TemporaryDirectory()
        let destination = PathName(directory("gone/out.gz"))
        #expect(throws: SystemError("create a temporary file for", destination, code: ENOENT)) {
            _ = try AtomicFileWriter(destination: destination, registry: TemporaryFileRegistry(), creation: creation)
        }
    }

    /// A destination name near NAME_MAX still gets a temporary that fits, also when a nameless
    /// file takes one to replace an existing file.
    @Test(arguments: creations)
    func longNamesFit(creation: AtomicFileWriter.Creation) throws {
        let directory = try TemporaryDirectory()
        let name = String(repeating: "n", count: 250) + ".gz"
        try TreeBuilder.write("old", to: directory(name))
        let writer = try AtomicFileWriter(destination: PathName(directory(name)), registry: TemporaryFileRegistry(), creation: creation)
        try writer.commit(attributes: Self.attributes(permissions: 0o600, seconds: 5), replacingExisting: true)
        #expect(TreeBuilder.files(under: directory.path) == [name])
        #expect(try TreeBuilder.read(directory(name)).isEmpty)
    }

    /// A new file's attributes (what a report written whole is given) have the permissions a file
    /// created now gets: 0666 less the process's umask, as /proc says it.
    @Test func aNewFilesPermissionsAreWhatCreatingOneGives() throws {
        let scratch = try TemporaryDirectory()
        let descriptor = open(scratch("created"), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o666)
        #expect(descriptor >= 0)
        close(descriptor)
        var created = stat()
        #expect(stat(scratch("created"), &created) == 0)
        #expect(FileStatus.newFile().permissions == created.st_mode & 0o7777)
        #expect(FileStatus.newFile().kind == .regular)
    }
}
