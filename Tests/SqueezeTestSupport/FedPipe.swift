import Foundation
import Glibc

/// A pipe whose write end a thread of its own fills with `bytes`, then closes: the read end acts
/// as a real pipe (no seeking, reads that may come short) for code that reads standard input.
public enum FedPipe {
    /// The read end; the caller closes it.
    public static func readEnd(feeding bytes: [UInt8]) -> Int32 {
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0, "pipe failed: errno \(errno)")
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let writer = Thread {
            bytes.withUnsafeBytes { buffer in
                var written = 0
                while written < buffer.count {
                    let count = write(writeEnd, buffer.baseAddress! + written, buffer.count - written)
                    if count <= 0 { break }
                    written += count
                }
            }
            close(writeEnd)
        }
        writer.start()
        return readEnd
    }
}
