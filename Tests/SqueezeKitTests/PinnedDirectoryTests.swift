import Foundation
import Glibc
@testable import SqueezeKit
import SqueezeOperationQueue
import SqueezeTestSupport
import Testing

/// `PinnedDirectory`: the walk hands each file with its directory held open, within a bound, and
/// the file's source and output are then reached through it, wherever its path points by then.
@Suite struct PinnedDirectoryTests {
    /// Every finding of a walk that pins directories, in walk order.
    static func pinningScan(_ root: String, follow: Bool = false) -> [ScannedFile] {
        var options = ScanOptions(selection: .uncompressed, followSymlinks: follow)
        options.pinsDirectories = true
        var files: [ScannedFile] = []
        TreeScanner(options: options).scan([PathName(root)]) { finding in
            if case .file(let file) = finding { files.append(file) }
        }
        return files
    }

    static func identity(ofDescriptor descriptor: Int32) -> FileIdentity? {
        (try? FileStatus.of(descriptor: descriptor, path: "held")).map(FileIdentity.init)
    }

    static func identity(of path: String) throws -> FileIdentity {
        FileIdentity(try FileStatus.of(PathName(path), followingSymlinks: false))
    }

    @Test func eachWalkedFileComesWithItsOwnDirectoryOpenANamedOneWithout() throws {
        let root = try TemporaryDirectory()
        try TreeBuilder.write("a", to: root("a.txt"))
        try TreeBuilder.write("b", to: root("sub/b.txt"))
        try TreeBuilder.write("c", to: root("sub/c.txt"))
        let files = Self.pinningScan(root.path)
        #expect(files.map { "\($0.relativePath)" } == ["a.txt", "sub/b.txt", "sub/c.txt"])
        #expect(files.map { $0.directory.flatMap { Self.identity(ofDescriptor: $0.descriptor) } }
            == [try Self.identity(of: root.path), try Self.identity(of: root("sub")), try Self.identity(of: root("sub"))])
        // One descriptor a directory, shared by its files.
        #expect(files[1].directory === files[2].directory)
        // A file named as a root is looked up by its path, as before.
        #expect(Self.pinningScan(root("a.txt")).map { $0.directory == nil } == [true])
        // Following links, a file may be reached through a link to another directory: none pinned.
        #expect(Self.pinningScan(root.path, follow: true).allSatisfy { $0.directory == nil })
        // A plain walk pins nothing.
        #expect(TreeScanner(options: ScanOptions(selection: .uncompressed)).scan([PathName(root.path)]).files.count == 3)
    }

    /// However many directories have files in flight, at most `limit` are held; the files of the
    /// others come by their paths alone, and a directory given back can be held again.
    @Test func theBudgetBoundsTheDirectoriesHeld() throws {
        let root = try TemporaryDirectory()
        let count = PinnedDirectory.Budget().limit + 6
        for index in 0..<count { try TreeBuilder.write("x", to: root(String(format: "d%03d/f", index))) }
        // The caller keeps every file (and so every directory handed with one) until the walk ends.
        let files = Self.pinningScan(root.path)
        #expect(files.count == count)
        let pinned = files.compactMap(\.directory)
        #expect(pinned.count == count - 6)
        #expect(Set(pinned.map(ObjectIdentifier.init)).count == pinned.count)

        // A low limit on open files lowers the bound: the walk's and the jobs' descriptors must fit.
        #expect(PinnedDirectory.Budget.limit(forOpenFiles: 1_024) == 64)
        #expect(PinnedDirectory.Budget.limit(forOpenFiles: 256) == 16)
        #expect(PinnedDirectory.Budget.limit(forOpenFiles: 40) == 2)
        #expect(PinnedDirectory.Budget.limit(forOpenFiles: rlim_t.max) == 64)

        let budget = PinnedDirectory.Budget(limit: 2)
        let descriptor = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(descriptor) }
        #expect(PinnedDirectory.Budget(limit: 0).hold(descriptor) == nil)
        var first = budget.hold(descriptor)
        let second = budget.hold(descriptor)
        #expect(first != nil && second != nil && budget.hold(descriptor) == nil)
        #expect(budget.openCount == 2)
        let held = try #require(first?.descriptor)
        first = nil
        // Closed with its last reference, and its place in the budget given back.
        #expect(fcntl(held, F_GETFD) == -1 && errno == EBADF)
        #expect(budget.openCount == 1)
        #expect(budget.hold(descriptor) != nil)
        _ = second
    }

    /// A directory renamed while its file is in flight, and another put at its old path holding a
    /// file of the same name: the file the walk found is read, and its output made and named in
    /// the directory it was found in (now under its new name); nothing is written at the old path.
    @Test(arguments: [false, true])
    func aRenamedDirectorysFileIsReadAndWrittenWhereItWasFound(force: Bool) throws {
        let root = try TemporaryDirectory()
        try TreeBuilder.write("the file the walk found", to: root("dir/f"))
        if force { try TreeBuilder.write("an older output", to: root("dir/f.gz")) }
        let file = try #require(Self.pinningScan(root("dir")).first { $0.path.lastComponent == "f" })
        #expect(file.directory != nil)
        #expect(rename(root("dir"), root("moved")) == 0)
        try TreeBuilder.write("another file, put at the old path", to: root("dir/f"))

        let (collector, registry) = CompressionTaskTests.run(
            file, destination: PathName(root("dir/f.gz")), output: OutputOptions(force: force))
        let outcome = try #require(collector.outcomes().first)
        #expect(outcome.status == .done)
        #expect(TreeBuilder.files(under: root("dir")) == ["f"])
        #expect(TreeBuilder.files(under: root("moved")) == ["f", "f.gz"])
        #expect(try BlockEncoderTests.gunzip(TreeBuilder.read(root("moved/f.gz"))) == Array("the file the walk found".utf8))
        #expect(registry.count == 0)
    }

    /// A file replaced by a symbolic link since the walk is not read through it.
    @Test func aSourceReplacedByALinkIsNotFollowed() throws {
        let root = try TemporaryDirectory()
        try TreeBuilder.write("secret", to: root("elsewhere"))
        try TreeBuilder.write("walked", to: root("dir/f"))
        let file = try #require(Self.pinningScan(root("dir")).first)
        #expect(unlink(root("dir/f")) == 0)
        try TreeBuilder.makeSymlink(root("dir/f"), to: root("elsewhere"))
        let (collector, _) = CompressionTaskTests.run(file, destination: PathName(root("dir/f.gz")))
        let outcome = try #require(collector.outcomes().first)
        guard case .failed(let message) = outcome.status else {
            Issue.record("expected a failure, got \(outcome.status)")
            return
        }
        #expect(message.contains("dir/f"))
        // Nothing written: the link is all there is.
        #expect(TreeBuilder.files(under: root("dir")).isEmpty)
    }

    /// Both ways of making an output (nameless, or named then moved into place), in a pinned
    /// directory since renamed: the output appears there, its temporary (if any) is gone.
    @Test(arguments: AtomicFileWriterTests.creations, [false, true])
    func aWriterInAPinnedDirectoryCommitsThere(creation: AtomicFileWriter.Creation, replacing: Bool) throws {
        let root = try TemporaryDirectory()
        try TreeBuilder.write("old", to: root("dir/out.gz"))
        if !replacing { #expect(unlink(root("dir/out.gz")) == 0) }
        let descriptor = open(root("dir"), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(descriptor) }
        let pinned = try #require(PinnedDirectory.Budget().hold(descriptor))
        let registry = TemporaryFileRegistry()
        let writer = try AtomicFileWriter(
            destination: PathName(root("dir/out.gz")), in: pinned, registry: registry, creation: creation)
        #expect(rename(root("dir"), root("moved")) == 0)
        try writer.write(Array("new".utf8))
        try writer.commit(
            attributes: AtomicFileWriterTests.attributes(permissions: 0o644, seconds: 1_600_000_000), replacingExisting: replacing)
        #expect(!FileManager.default.fileExists(atPath: root("dir")))
        #expect(TreeBuilder.files(under: root("moved")) == ["out.gz"])
        #expect(try TreeBuilder.read(root("moved/out.gz")) == Array("new".utf8))
        #expect(registry.count == 0)
    }

    /// The walk pins directories while the workers compress their files and let them go, on
    /// other threads (run under ThreadSanitizer too): every file of many directories is done,
    /// its output whole, in every mode that overlaps the walk.
    @Test(arguments: [SchedulingMode.apply, .group, .operation])
    func aRunOverManyDirectoriesMakesEveryOutput(mode: SchedulingMode) throws {
        let root = try TemporaryDirectory()
        var data = TestData(seed: 32)
        var contents: [String: [UInt8]] = [:]
        for directory in 0..<(PinnedDirectory.Budget.defaultLimit + 20) {
            for file in 0..<2 {
                let name = "d\(directory)/f\(file)"
                contents[name] = data.text(200 + directory)
                try TreeBuilder.write(contents[name]!, to: root(name))
            }
        }
        let report = CompressionRun(request: CompressionRequest(
            roots: [PathName(root.path)], scheduling: SchedulingOptions(mode: mode, jobs: 2, operationScheduler: .operationQueue))).run()
        #expect(report.filesDone == contents.count)
        // The outputs, one after another, are one gzip stream of the sources in the same order.
        let names = contents.keys.sorted()
        let outputs = try names.flatMap { try TreeBuilder.read(root($0 + ".gz")) }
        #expect(try BlockEncoderTests.gunzip(outputs) == names.flatMap { contents[$0]! })
    }
}
