import Foundation

/// Runs a program with a pseudo-terminal as its standard input, output and error (as an
/// interactive shell would), through python3's `pty` module, and returns everything it wrote; one
/// still running after two minutes is killed (SIGKILL: status 137).
public enum PseudoTerminal {
    /// Runs `executable arguments…` on a new pseudo-terminal. With `interruptOn`, sends SIGINT to
    /// the program as soon as its output contains that text. `typing` is typed on the terminal
    /// once the program has started (`\u{4}`, Ctrl-D, for an end of file).
    public static func run(
        _ executable: String, _ arguments: [String], interruptOn: String? = nil, typing: String = ""
    ) throws -> CommandResult {
        try CommandRunner.run("python3", ["-c", script, interruptOn ?? "", typing, executable] + arguments)
    }

    /// Whether python3 (with `pty`) is there to run this.
    public static var isAvailable: Bool { CommandRunner.isInstalled("python3") }

    private static let script = """
        import os, pty, select, signal, sys, time
        trigger, typing, argv = sys.argv[1].encode(), sys.argv[2].encode(), sys.argv[3:]
        pid, fd = pty.fork()
        if pid == 0:
            os.execv(argv[0], argv)
        if typing:
            time.sleep(0.2)
            os.write(fd, typing)
        output, sent = b"", False
        deadline = time.monotonic() + 120
        while True:
            # A program that waits on the terminal for ever (reading it) is killed, not waited for.
            if not select.select([fd], [], [], max(0, deadline - time.monotonic()))[0]:
                os.kill(pid, signal.SIGKILL)
                output += b"<killed: still running after 120 s>"
                break
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
