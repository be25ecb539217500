import Foundation
import Glibc

extension FileStatus {
    /// The attributes of a file this process creates now, as `open(..., 0666)` would give it:
    /// owned by the process, mode 0666 less the umask, modified now.
    static func newFile() -> FileStatus {
        var raw = stat()
        raw.st_mode = S_IFREG | (0o666 & ~creationMask)
        raw.st_nlink = 1
        raw.st_uid = geteuid()
        raw.st_gid = getegid()
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        raw.st_mtim = now
        raw.st_atim = now
        return FileStatus(raw)
    }

    /// The process's umask, read from /proc: `umask()` can only be read by setting it, which would
    /// race with files other threads create meanwhile. 022 if /proc does not say.
    private static var creationMask: mode_t {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
              let mask = mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8)
        else { return 0o022 }
        return mask
    }
}
