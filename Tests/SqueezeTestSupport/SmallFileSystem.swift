import Foundation
import Glibc

/// A disk that fills up: a tmpfs of a few KiB mounted over a directory in a private mount
/// namespace (`unshare -m`), so that a test can run out of space without touching the machine's
/// own mounts. The mount lives only as long as the command run on it, so the command runs inside
/// the namespace and what it left on the small disk is copied out for the test to check.
/// Needs root (CI runs as root); `isAvailable` says whether this machine allows it.
public struct SmallFileSystem {
    /// What the command printed and its exit status.
    public let result: CommandResult
    /// A copy of everything the command left on the small disk (empty when it left nothing).
    public let contents: String

    /// Whether private mounts work here: root, with `unshare` and `mount` allowed.
    public static let isAvailable: Bool = {
        guard geteuid() == 0, let scratch = try? TemporaryDirectory("squeeze-mount-probe") else { return false }
        let probe = try? CommandRunner.run(
            "unshare", ["-m", "sh", "-c", "mount -t tmpfs -o size=16k tmpfs \"$1\"", "probe", scratch.path])
        return probe?.status == 0
    }()

    /// `unshare`'s arguments to run `squeeze arguments` with an empty tmpfs mounted over its
    /// /proc/PID/fd, in a private mount namespace: /proc/self/fd then does not show its
    /// descriptors (as where /proc is not mounted; squeeze needs the rest of /proc to read its own
    /// command line). unshare and sh exec into squeeze: the process started is squeeze itself.
    public static func withoutProcessDescriptors(_ arguments: [String]) -> [String] {
        ["-m", "sh", "-c", #"mount -t tmpfs none "/proc/$$/fd" && exec "$@""#, "no-fd", Squeeze.binary] + arguments
    }

    /// Runs `squeeze arguments` with a tmpfs of `kibibytes` mounted at `mountPoint` (an empty
    /// directory the test made), then copies what is on it into `copyTo`. `prepare` is shell run
    /// on the new disk (`$1`) first: `mount -o remount,ro "$1"` makes it read-only, say.
    public static func runSqueeze(
        _ arguments: [String], mountPoint: String, kibibytes: Int, copyTo: String, prepare: String = ":"
    ) throws -> SmallFileSystem {
        // $1: the mount point, $2: the copy's directory, $3: squeeze; the rest are its arguments.
        let script = """
            mount -t tmpfs -o size=\(kibibytes)k tmpfs "$1" || exit 99
            { \(prepare); } || exit 99
            mountPoint=$1 copy=$2 squeeze=$3
            shift 3
            "$squeeze" "$@"
            status=$?
            cp -a "$mountPoint/." "$copy/"
            exit $status
            """
        try FileManager.default.createDirectory(atPath: copyTo, withIntermediateDirectories: true)
        let result = try CommandRunner.run(
            "unshare", ["-m", "sh", "-c", script, "small-disk", mountPoint, copyTo, Squeeze.binary] + arguments)
        precondition(result.status != 99, "could not mount or prepare a tmpfs: \(result.standardError)")
        return SmallFileSystem(result: result, contents: copyTo)
    }
}
