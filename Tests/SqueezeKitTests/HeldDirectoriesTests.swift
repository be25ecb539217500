import Foundation
import Glibc
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// `HeldDirectories`: directories entered through descriptors opened without following a
/// symbolic link, forgotten when the extraction replaces them, bounded in number.
@Suite struct HeldDirectoriesTests {
    /// Runs `body` on a thread whose working directory (its own) is `directory`, as the
    /// extraction thread's is the destination.
    static func inside<Result: Sendable>(_ directory: String, _ body: @escaping @Sendable (HeldDirectories) -> Result) -> Result? {
        JoinableThread(name: "held-directories-test") { () -> Result? in
            guard ThreadWorkingDirectory.enter(PathName(directory)), let held = HeldDirectories() else { return nil }
            return body(held)
        }.join()
    }

    static func create(_ name: String) -> Bool {
        let descriptor = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        return descriptor >= 0 && close(descriptor) == 0
    }

    @Test func entersADirectoryAndReturnsToTheDestination() throws {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: scratch("dest/a/b"), withIntermediateDirectories: true)
        let results = Self.inside(scratch("dest")) { held in
            var results = [held.enter("a/b"), Self.create("inside")]
            results.append((try? held.leave()) != nil)
            results.append(Self.create("at-the-top"))
            results += [held.isHeld("a"), held.isHeld("a/b")]
            return results
        }
        #expect(results == [true, true, true, true, true, true])
        #expect(FileManager.default.fileExists(atPath: scratch("dest/a/b/inside")))
        #expect(FileManager.default.fileExists(atPath: scratch("dest/at-the-top")))
    }

    /// What is at a path is looked up from its directory's descriptor; a directory that cannot be
    /// held (a symbolic link) is left to the caller, and one the extraction replaced is looked up
    /// again, not answered from the descriptor asked for last.
    @Test func looksUpANameFromItsHeldDirectory() throws {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: scratch("dest/a/b"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch("dest/link"), withDestinationPath: scratch("dest/a"))
        let results = Self.inside(scratch("dest")) { held in
            func seen(_ relative: PathName) -> String {
                switch held.status(of: relative) {
                case .status(let found): "\(found.kind)"
                case .nothing: "nothing"
                case .notHeld: "not held"
                }
            }
            var results = [seen("a/b"), seen("a/file"), seen("top"), seen("link"), seen("link/b"), seen("missing/x")]
            _ = Self.create("a/file")
            results.append(seen("a/file"))
            // The extraction replaces `a` with a directory that holds something else.
            held.forget("a")
            let replaced = rename("a", "a-old") == 0 && mkdir("a", 0o755) == 0 && Self.create("a/other")
            results += ["\(replaced)", seen("a/file"), seen("a/other")]
            return results
        }
        #expect(results == [
            "\(FileKind.directory)", "nothing", "nothing", "\(FileKind.symbolicLink)", "not held", "not held",
            "\(FileKind.regular)", "true", "nothing", "\(FileKind.regular)",
        ])
    }

    /// A symbolic link on the way is never followed, whether it was there first or took the place
    /// of a directory held before (which the extraction forgets when it removes it).
    @Test func aSymbolicLinkIsRefusedEvenWhereADirectoryWasHeld() throws {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: scratch("outside/b"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch("dest/a/b"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch("dest/link"), withDestinationPath: scratch("outside"))
        let outside = scratch("outside")
        let dest = scratch("dest")
        let results = Self.inside(dest) { held in
            var results = [held.enter("link"), held.enter("link/b")]
            results.append(held.enter("a/b"))
            _ = try? held.leave()
            // The extraction removes `a` (with what is in it) and an entry puts a link there.
            held.forget("a")
            results += [held.isHeld("a"), held.isHeld("a/b")]
            let replaced = rename("a", "a-old") == 0 && symlink(outside, "a") == 0
            results += [replaced, held.enter("a"), held.enter("a/b")]
            return results
        }
        #expect(results == [false, false, true, false, false, true, false, false])
    }

    @Test func holdsAtMostItsLimit() throws {
        let scratch = try TemporaryDirectory()
        let count = HeldDirectories.limit + 1
        for index in 0..<count {
            try FileManager.default.createDirectory(atPath: scratch("dest/d\(index)"), withIntermediateDirectories: true)
        }
        let results = Self.inside(scratch("dest")) { held in
            let entered = (0..<count).allSatisfy { held.enter(PathName("d\($0)")) }
            let kept = (0..<count).filter { held.isHeld(PathName("d\($0)")) }
            _ = try? held.leave()
            return (entered, kept)
        }
        #expect(results?.0 == true)
        #expect(results?.1 == Array(1..<count), "the least recently used is closed first")
    }
}
