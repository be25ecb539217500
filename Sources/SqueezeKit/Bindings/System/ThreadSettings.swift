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

/// Runs code with the calling thread's character set switched to UTF-8.
///
/// libarchive converts entry names between the locale's character set and the UTF-8 that pax
/// headers hold. Under the C locale (what a process has unless it calls `setlocale`) every
/// non-ASCII name would be stored as raw bytes flagged `hdrcharset=BINARY`, which GNU tar warns
/// about; under UTF-8, UTF-8 names are stored as standard pax names, and names that are not UTF-8
/// are still stored byte for byte. `uselocale` changes the calling thread only, so archives do not
/// depend on the user's locale and other threads keep theirs.
enum UTF8ThreadLocale {
    /// Created once and never freed; `uselocale` only reads it. nil if the C library has no
    /// UTF-8 locale (names then fall back to raw bytes: nothing is lost).
    private nonisolated(unsafe) static let locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)

    static func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard let locale else { return try body() }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return try body()
    }
}
