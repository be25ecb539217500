import Glibc
import Synchronization

/// The one writer of squeeze's standard output and standard error. Decompressed data, reports,
/// tables, messages and the progress line all go through it, so that a closed pipe, a full disk
/// or a closed descriptor is met in one place, as an error, and never traps (`FileHandle.write`
/// does).
///
/// SIGPIPE is ignored once a command runs (`InterruptMonitor`), so a reader that went away shows
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

    /// Writes every byte, or throws a `SystemError` naming the stream. A write that waits for a
    /// reader ends after an interrupt (`InterruptibleCalls`): a pipe nobody drains cannot hold
    /// an interrupted run, and what comes after the interrupt (its report) is still written if
    /// the stream takes it.
    public static func write(_ bytes: UnsafeRawBufferPointer, to stream: Stream) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            do throws(SystemError) {
                offset += try interruptibleCall("write to", stream.name, .delivering) {
                    Glibc.write(stream.descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                }
            } catch {
                if error.code == EPIPE && stream == .output { outputReaderGone.store(true, ordering: .releasing) }
                throw error
            }
        }
    }

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
