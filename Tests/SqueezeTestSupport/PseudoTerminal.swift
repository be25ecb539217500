import Foundation

/// Runs a program with a pseudo-terminal as its standard input, output and error (as an
/// interactive shell would), through python3's `pty` module, and returns everything it wrote.
public enum PseudoTerminal {
    /// Runs `executable arguments…` on a new pseudo-terminal. With `interruptOn`, sends SIGINT to
    /// the program as soon as its output contains that text.
    public static func run(_ executable: String, _ arguments: [String], interruptOn: String? = nil) throws -> CommandResult {
        try CommandRunner.run("python3", ["-c", script, interruptOn ?? "", executable] + arguments)
    }

    /// Whether python3 (with `pty`) is there to run this.
    public static var isAvailable: Bool { CommandRunner.isInstalled("python3") }

    private static let script = """
        import os, pty, signal, sys
        trigger, argv = sys.argv[1].encode(), sys.argv[2:]
        pid, fd = pty.fork()
        if pid == 0:
            os.execv(argv[0], argv)
        output, sent = b"", False
        while True:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            output += chunk
            if trigger and not sent and trigger in output:
                os.kill(pid, signal.SIGINT)
                sent = True
        _, status = os.waitpid(pid, 0)
        sys.stdout.buffer.write(output)
        sys.exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status))
        """
}
