import Glibc

/// A line on standard error that is redrawn in place and erased before anything else is printed.
enum StatusLine {
    /// Columns the line may take: one short of the terminal's width, as a full line wraps on
    /// some terminals.
    static var width: Int { max(TerminalSize.columns(of: STDERR_FILENO) - 1, 0) }

    /// Replaces the line with `text`, cut to `width`.
    static func show(_ text: String) {
        write("\r\(String(text.prefix(width)))\u{1B}[K")
    }

    /// Erases the line and leaves the cursor at its start.
    static func erase() { write("\r\u{1B}[K") }

    /// One `write` per call, so a frame is never split by other output.
    private static func write(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}
