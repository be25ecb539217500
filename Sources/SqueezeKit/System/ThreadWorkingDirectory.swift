import CSystem
import Glibc

/// A working directory for the calling thread alone (Linux `unshare(CLONE_FS)`, then `chdir`):
/// paths relative to it work on this thread while the rest of the process stays where it was.
///
/// Only for a thread created for the purpose, which ends when its work is done: a pooled thread
/// (GCD, Swift concurrency) would carry the directory into work that does not expect it.
enum ThreadWorkingDirectory {
    /// Makes `directory` the calling thread's working directory; false, with nothing changed, when
    /// the kernel or a seccomp filter refuses the thread a working directory of its own.
    static func enter(_ directory: PathName) -> Bool {
        guard squeeze_unshare_file_system_attributes() == 0 else { return false }
        // From here on only this thread moves.
        return directory.withCString { chdir($0) } == 0
    }
}
