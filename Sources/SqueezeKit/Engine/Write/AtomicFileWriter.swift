import Glibc

/// Writes a file under a temporary name in its destination's directory and gives it the final name
/// only once it is complete, so no reader ever sees half a file under the final name.
///
/// The temporary is named by `TemporaryName`, after its run (mode 0600 until commit). It is registered with the
/// run's `TemporaryFileRegistry` for as long as it exists, and removed by `discard()` or `deinit`
/// on every path that does not commit.
final class AtomicFileWriter: OutputFile {
    let destination: PathName
    /// The path messages name: the one the user asked for (a symbolic link, when `destination`
    /// is its target).
    let reportedPath: PathName
    let temporaryPath: PathName
    private let registry: TemporaryFileRegistry
    private var descriptor: Int32
    private var isFinished = false

    init(destination: PathName, reportedAs reportedPath: PathName? = nil, registry: TemporaryFileRegistry) throws(SystemError) {
        self.destination = destination
        let reportedPath = reportedPath ?? destination
        self.reportedPath = reportedPath
        self.registry = registry
        while true {
            // O_EXCL settles the rare collision.
            let candidate = TemporaryName.candidate(for: destination)
            let opened = candidate.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
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

    private static let effectiveUser = geteuid()
    private static let effectiveGroup = getegid()
    private static let isSuperuser = effectiveUser == 0

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
            var times = [attributes.accessTime.timespec, attributes.modificationTime.timespec]
            try systemCall("set times of", reportedPath) { futimens(descriptor, &times) }
            let closing = descriptor
            descriptor = -1
            // Once, never retried: on Linux the descriptor is released even when close() says
            // EINTR, and a retry could close another worker's file. EINTR loses nothing here.
            if close(closing) != 0 && errno != EINTR { throw SystemError("finish writing", reportedPath, code: errno) }
            try moveIntoPlace(replacingExisting: replacingExisting)
        } catch {
            discard()
            throw error
        }
        isFinished = true
        registry.unregister(temporaryPath)
    }

    func discard() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        guard !isFinished else { return }
        isFinished = true
        _ = temporaryPath.withCString { unlink($0) }
        registry.unregister(temporaryPath)
    }

    /// `rename`, or when an existing destination must survive, `link` (which fails with EEXIST
    /// atomically) and then `unlink` of the temporary.
    private func moveIntoPlace(replacingExisting: Bool) throws(SystemError) {
        let operation = "put in place"
        if replacingExisting {
            try systemCall(operation, reportedPath) {
                temporaryPath.withCString { from in destination.withCString { to in rename(from, to) } }
            }
            return
        }
        let linked = temporaryPath.withCString { from in destination.withCString { to in link(from, to) } }
        if linked == 0 {
            _ = temporaryPath.withCString { unlink($0) }
            return
        }
        let code = errno
        if code == EEXIST { throw SystemError("write", reportedPath, code: EEXIST) }
        // File systems without hard links: check, then rename (a narrow race, as gzip has).
        if FileStatus.exists(destination) { throw SystemError("write", reportedPath, code: EEXIST) }
        try systemCall(operation, reportedPath) {
            temporaryPath.withCString { from in destination.withCString { to in rename(from, to) } }
        }
    }
}
