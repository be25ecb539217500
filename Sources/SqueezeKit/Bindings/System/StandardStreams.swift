import Glibc
import Synchronization

/// The one writer of squeeze's standard output and standard error. Decompressed data, reports,
/// tables, messages and the progress line all go through it, so that a closed pipe, a full disk
/// or a closed descriptor is met in one place, as an error, and never traps (`FileHandle.write`
/// does).
///
/// SIGPIPE is ignored while a command runs (`InterruptMonitor`), so a reader that went away shows
/// here as EPIPE: the first one is remembered, for the command line to end the run quietly, as
/// gzip does when SIGPIPE kills it.
public enum StandardStreams {
    public enum Stream: Sendable {
        case output
        case error

        var descriptor: Int32 { self == .output ? STDOUT_FILENO : STDERR_FILENO }
        var name: PathName { self == .output ? "standard output" : "standard error" }
    }

    private static let outputReaderGone = Atomic<Bool>(false)

    /// Whether a write to standard output found its reader gone (EPIPE).
    public static var outputReaderIsGone: Bool { outputReaderGone.load(ordering: .acquiring) }

    /// Writes every byte, or throws a `SystemError` naming the stream.
    public static func write(_ bytes: UnsafeRawBufferPointer, to stream: Stream) throws(SystemError) {
        let thread = pthread_self()
        // Dispatch's worker threads block every signal; this one must reach the write.
        var wake = sigset_t(), previous = sigset_t()
        sigemptyset(&wake)
        sigaddset(&wake, wakeSignal)
        pthread_sigmask(SIG_UNBLOCK, &wake, &previous)
        blockedWriters.withLock { $0[thread] = false }
        defer {
            _ = blockedWriters.withLock { $0.removeValue(forKey: thread) }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(stream.descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written >= 0 {
                offset += written
                continue
            }
            let code = errno
            if code == EINTR && !blockedWriters.withLock({ $0[thread] ?? false }) { continue }
            if code == EPIPE && stream == .output { outputReaderGone.store(true, ordering: .releasing) }
            throw SystemError("write to", stream.name, code: code)
        }
    }

    /// The threads inside `write`, and whether an interrupt has asked each to give up.
    private static let blockedWriters = Locked<[pthread_t: Bool]>([:])

    /// Makes the writes in progress give up with EINTR: an interrupted run must not wait for a
    /// reader that does not read (a pipe nobody drains). Later writes are not affected: the report
    /// of the interrupted run is still written, if the stream takes it.
    ///
    /// Each writer is sent `wakeSignal`, whose handler does nothing and does not restart the call,
    /// so the blocked `write` returns. A writer that was about to enter `write` when the signal came
    /// would miss it, so the signal is sent again, a few times, until every such writer has left.
    public static func interruptWrites() {
        _ = installWakeHandler
        for _ in 0..<100 {
            let writers = blockedWriters.withLock { writers in
                for thread in writers.keys { writers[thread] = true }
                return Array(writers.keys)
            }
            if writers.isEmpty { return }
            for thread in writers { pthread_kill(thread, wakeSignal) }
            usleep(10_000)
        }
    }

    private static let wakeSignal = SIGUSR2

    /// Installed once, on first use: an empty handler without SA_RESTART.
    private static let installWakeHandler: Void = {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(wakeSignal, &action, nil)
    }()

    public static func write(_ bytes: [UInt8], to stream: Stream) throws(SystemError) {
        var failure: SystemError?
        bytes.withUnsafeBytes { buffer in
            do throws(SystemError) {
                try write(buffer, to: stream)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    public static func write(_ text: String, to stream: Stream) throws(SystemError) {
        try write(Array(text.utf8), to: stream)
    }

    /// Gives each of descriptors 0, 1 and 2 that was closed (`>&-`) a stand-in that fails every
    /// transfer: /dev/null opened the wrong way round, so that a write to standard output fails
    /// with EBADF, as a closed descriptor would, and no file squeeze opens later can take the
    /// number and receive the report. Call before anything else opens a file.
    public static func reserveClosedDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            let standIn = open("/dev/null", descriptor == STDIN_FILENO ? O_WRONLY : O_RDONLY)
            if standIn >= 0 && standIn != descriptor {
                dup2(standIn, descriptor)
                close(standIn)
            }
        }
    }

    /// A message on standard error, as best it can: when standard error itself cannot be written,
    /// there is nowhere left to say so.
    public static func message(_ text: String) {
        try? write(text, to: .error)
    }
}
