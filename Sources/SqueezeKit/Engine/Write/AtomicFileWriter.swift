import CSystem
import Glibc
import Synchronization

/// Writes a file that appears under its final name only once it is complete, so no reader ever
/// sees half a file under the final name.
///
/// Where the file system allows, the file is made nameless (`O_TMPFILE`) in its destination's
/// directory and named at commit with `linkat` of its descriptor (`LinkingMethod`): nothing to
/// name, register or remove, and nothing left behind by a run that is killed. Elsewhere (a file
/// system that refuses `O_TMPFILE`, no `/proc`), it is written under a temporary name
/// (`TemporaryName`, mode 0600 until commit), registered with the run's `TemporaryFileRegistry`
/// for as long as it exists, and removed by `discard()` or `deinit` on every path that does not
/// commit.
///
/// Given the destination's directory held open (`PinnedDirectory`, where the walk found the
/// source), every call names the file by its last component relative to it: the kernel looks up
/// one name instead of walking the path, and the output lands in that directory even if it was
/// renamed meanwhile. Paths still name the file in messages and in the registry.
final class AtomicFileWriter: OutputFile {
    let destination: PathName
    /// The path messages name: the one the user asked for (a symbolic link, when `destination`
    /// is its target).
    let reportedPath: PathName
    /// The temporary's name; nil while the file has none (`O_TMPFILE`).
    private(set) var temporaryPath: PathName?
    private let registry: TemporaryFileRegistry
    /// The destination's directory, when held open; nil: paths are looked up whole.
    private let directory: PinnedDirectory?
    private var descriptor: Int32
    private var isFinished = false

    /// How the file is made before its commit.
    enum Creation: Sendable {
        /// Nameless when the file system and `/proc` allow it, else under a temporary name.
        case automatic
        /// Under a temporary name: what file systems without `O_TMPFILE` get (tests force it).
        case named
    }

    init(
        destination: PathName, reportedAs reportedPath: PathName? = nil, in directory: PinnedDirectory? = nil,
        registry: TemporaryFileRegistry, creation: Creation = .automatic
    ) throws(SystemError) {
        self.destination = destination
        let reportedPath = reportedPath ?? destination
        self.reportedPath = reportedPath
        self.registry = registry
        self.directory = directory
        if creation == .automatic, Self.canNameNamelessFiles,
            let opened = try Self.openNameless(inParentOf: destination, in: directory, for: reportedPath) {
            descriptor = opened
            return
        }
        while true {
            // O_EXCL settles the rare collision.
            let candidate = TemporaryName.candidate(for: destination)
            let opened = Self.locate(candidate, in: directory) { openat($0, $1, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
            if opened >= 0 {
                temporaryPath = candidate
                descriptor = opened
                registry.register(candidate)
                return
            }
            let code = errno
            if code == EEXIST || code == EINTR { continue }
            throw SystemError("create a temporary file for", reportedPath, code: code)
        }
    }

    deinit { discard() }

    /// Calls `body` with where `path` (the destination, or a temporary beside it) is reached:
    /// its last component in `directory` when held, else the whole path from the working directory.
    private static func locate<Result>(
        _ path: PathName, in directory: PinnedDirectory?, _ body: (Int32, UnsafePointer<CChar>) -> Result
    ) -> Result {
        if let directory { return directory.withName(of: path, body) }
        return path.withCString { body(AT_FDCWD, $0) }
    }

    private func locate<Result>(_ path: PathName, _ body: (Int32, UnsafePointer<CChar>) -> Result) -> Result {
        Self.locate(path, in: directory, body)
    }

    private static let effectiveUser = geteuid()
    private static let effectiveGroup = getegid()
    private static let isSuperuser = effectiveUser == 0

    /// Whether a nameless file can surely be given a name: `linkat` through `/proc/self/fd`, the way
    /// that needs no privilege and is left when the other is refused (`LinkingMethod`). That needs
    /// `/proc/self/fd/N` to be descriptor N itself: not so when /proc is not mounted, or something
    /// else is mounted over it.
    static let canNameNamelessFiles: Bool = {
        let descriptor = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var opened = stat()
        var named = stat()
        guard fstat(descriptor, &opened) == 0, stat("/proc/self/fd/\(descriptor)", &named) == 0 else { return false }
        return opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
    }()

    /// A nameless file (`O_TMPFILE`, mode 0600) in the directory of `destination`, or nil when its
    /// file system refuses them (EOPNOTSUPP; EISDIR or EINVAL from kernels or file systems that do
    /// not know the flag).
    private static func openNameless(
        inParentOf destination: PathName, in directory: PinnedDirectory?, for reportedPath: PathName
    ) throws(SystemError) -> Int32? {
        while true {
            let opened = if let directory {
                squeeze_open_nameless(directory.descriptor, ".")
            } else {
                destination.withParentCString { squeeze_open_nameless(AT_FDCWD, $0) }
            }
            if opened >= 0 { return opened }
            let code = errno
            if code == EINTR { continue }
            if refusesNamelessFiles(code) { return nil }
            throw SystemError("create a temporary file for", reportedPath, code: code)
        }
    }

    /// Whether `code`, from an `O_TMPFILE` open, says the file system cannot make nameless files.
    static func refusesNamelessFiles(_ code: Int32) -> Bool {
        code == EOPNOTSUPP || code == EISDIR || code == EINVAL
    }

    // Errors name the file the user asked for: the temporary is squeeze's own business, and is
    // gone by the time the message is read.

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        precondition(!isFinished, "write after commit or discard")
        var offset = 0
        while offset < bytes.count {
            offset += try systemCall("write", reportedPath) {
                Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            }
        }
    }

    func commit(attributes: FileStatus, replacingExisting: Bool) throws {
        precondition(!isFinished, "commit after commit or discard")
        do {
            if Self.isSuperuser && (attributes.owner != Self.effectiveUser || attributes.group != Self.effectiveGroup) {
                // As gzip does: keep the owner when we can. chown first: it clears setuid bits.
                _ = fchown(descriptor, attributes.owner, attributes.group)
            }
            try systemCall("set permissions of", reportedPath) { fchmod(descriptor, attributes.permissions) }
            var times = (attributes.accessTime.timespec, attributes.modificationTime.timespec)
            try systemCall("set times of", reportedPath) {
                withUnsafePointer(to: &times) { $0.withMemoryRebound(to: timespec.self, capacity: 2) { futimens(descriptor, $0) } }
            }
            if temporaryPath == nil {
                try nameNamelessFile(replacingExisting: replacingExisting)
            } else {
                try closeDescriptor()
                try moveIntoPlace(replacingExisting: replacingExisting)
            }
        } catch {
            discard()
            throw error
        }
        isFinished = true
        if let temporaryPath { registry.unregister(temporaryPath) }
    }

    func discard() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        guard !isFinished else { return }
        isFinished = true
        guard let temporaryPath else { return }
        _ = locate(temporaryPath) { unlinkat($0, $1, 0) }
        registry.unregister(temporaryPath)
    }

    /// Closes the file once, never retried: on Linux the descriptor is released even when close()
    /// says EINTR, and a retry could close another worker's file. EINTR loses nothing here.
    private func closeDescriptor() throws(SystemError) {
        let closing = descriptor
        descriptor = -1
        if close(closing) != 0 && errno != EINTR { throw SystemError("finish writing", reportedPath, code: errno) }
    }

    /// Gives the nameless file its name: `linkat`, which fails with EEXIST atomically when the
    /// destination exists. To replace it, the file is linked under a temporary name first and
    /// renamed over the destination, which is atomic too.
    private func nameNamelessFile(replacingExisting: Bool) throws(SystemError) {
        if link(to: destination) { return try closeLinked(destination) }
        var code = errno
        guard code == EEXIST else { throw SystemError("put in place", reportedPath, code: code) }
        guard replacingExisting else { throw SystemError("write", reportedPath, code: EEXIST) }
        while true {
            let candidate = TemporaryName.candidate(for: destination)
            if link(to: candidate) {
                temporaryPath = candidate
                registry.register(candidate)
                try closeLinked(candidate)
                return try moveIntoPlace(replacingExisting: true)
            }
            code = errno
            if code != EEXIST { throw SystemError("put in place", reportedPath, code: code) }
        }
    }

    /// How a nameless file is given a name. `linkat` of the descriptor itself (`AT_EMPTY_PATH`)
    /// skips the lookup of `/proc/self/fd/N` (a path walk through procfs, a fifth of a tiny file's
    /// time in the kernel), but the kernel allows it only with CAP_DAC_READ_SEARCH (before Linux
    /// 6.10: root, many containers) or to the opener of the file (from 6.10). It is tried first;
    /// once refused, every later file goes through `/proc` (learned once per process).
    enum LinkingMethod: UInt8, Sendable {
        /// Not tried yet: the next link tries the descriptor and learns from the answer.
        case untried
        /// `linkat(descriptor, "", ..., AT_EMPTY_PATH)`.
        case descriptor
        /// `linkat(AT_FDCWD, "/proc/self/fd/N", ..., AT_SYMLINK_FOLLOW)`: needs no privilege.
        case procPath
    }

    private static let learnedLinking = Atomic<UInt8>(LinkingMethod.untried.rawValue)

    /// The way nameless files are linked now (what the process has learned).
    static var linkingMethod: LinkingMethod {
        get { LinkingMethod(rawValue: learnedLinking.load(ordering: .relaxed))! }
        // Tests choose a way, to see both work.
        set { learnedLinking.store(newValue.rawValue, ordering: .relaxed) }
    }

    /// `linkat` of the open nameless file to `path`, as `linkingMethod` says; false with `errno`.
    private func link(to path: PathName) -> Bool {
        let method = Self.linkingMethod
        if method == .procPath { return linkThroughProc(to: path) }
        if linkDescriptor(to: path) {
            if method == .untried { Self.linkingMethod = .descriptor }
            return true
        }
        // A refusal says ENOENT (EPERM from some security modules); ENOENT may also mean the
        // directory is gone, which the `/proc` link then reports as well, teaching nothing.
        guard method == .untried, errno == ENOENT || errno == EPERM else { return false }
        guard linkThroughProc(to: path) else { return false }
        Self.linkingMethod = .procPath
        return true
    }

    /// AT_EMPTY_PATH, which <fcntl.h> names only under _GNU_SOURCE.
    private static let atEmptyPath: Int32 = 0x1000

    private func linkDescriptor(to path: PathName) -> Bool {
        while true {
            let linked = locate(path) { linkat(descriptor, "", $0, $1, Self.atEmptyPath) }
            if linked == 0 { return true }
            if errno != EINTR { return false }
        }
    }

    private func linkThroughProc(to path: PathName) -> Bool {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 32) { buffer in
            var length = 0
            for byte in "/proc/self/fd/".utf8 {
                buffer[length] = CChar(bitPattern: byte)
                length += 1
            }
            var digits = descriptor
            let start = length
            repeat {
                buffer[length] = CChar(UInt8(ascii: "0") + UInt8(digits % 10))
                length += 1
                digits /= 10
            } while digits > 0
            var low = start
            var high = length - 1
            while low < high {
                buffer.swapAt(low, high)
                low += 1
                high -= 1
            }
            buffer[length] = 0
            while true {
                let linked = locate(path) { linkat(AT_FDCWD, buffer.baseAddress!, $0, $1, AT_SYMLINK_FOLLOW) }
                if linked == 0 { return true }
                if errno != EINTR { return false }
            }
        }
    }

    /// Closes the file just linked at `path`; if the close fails (a write error reported late),
    /// the name is taken back, so that it never stands for a file that may be incomplete.
    private func closeLinked(_ path: PathName) throws(SystemError) {
        do {
            try closeDescriptor()
        } catch {
            _ = locate(path) { unlinkat($0, $1, 0) }
            throw error
        }
    }

    /// `rename`, or when an existing destination must survive, `link` (which fails with EEXIST
    /// atomically) and then `unlink` of the temporary.
    private func moveIntoPlace(replacingExisting: Bool) throws(SystemError) {
        guard let temporaryPath else { preconditionFailure("a named temporary is moved into place") }
        let operation = "put in place"
        let rename = {
            self.locate(temporaryPath) { directory, from in self.locate(self.destination) { renameat(directory, from, directory, $1) } }
        }
        if replacingExisting {
            try systemCall(operation, reportedPath) { rename() }
            return
        }
        let linked = locate(temporaryPath) { directory, from in locate(destination) { linkat(directory, from, directory, $1, 0) } }
        if linked == 0 {
            _ = locate(temporaryPath) { unlinkat($0, $1, 0) }
            return
        }
        let code = errno
        if code == EEXIST { throw SystemError("write", reportedPath, code: EEXIST) }
        // File systems without hard links: check, then rename (a narrow race, as gzip has).
        var status = stat()
        if locate(destination, { fstatat($0, $1, &status, AT_SYMLINK_NOFOLLOW) }) == 0 {
            throw SystemError("write", reportedPath, code: EEXIST)
        }
        try systemCall(operation, reportedPath) { rename() }
    }
}
