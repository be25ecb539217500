import ArgumentParser
import Foundation

/// Writing what a command made (a JSON report, a chart) where the user asked: a file, replaced
/// atomically, or standard output for `-`. A file that cannot be written is an error (exit 1)
/// with a message naming it.
enum ReportFile {
    static func write(_ data: Data, to destination: String, what: String) throws {
        if destination == "-" {
            FileHandle.standardOutput.write(data)
            return
        }
        do {
            try data.write(to: URL(fileURLWithPath: destination), options: .atomic)
        } catch {
            FileHandle.standardError.write(Data("squeeze: cannot write \(what) to '\(destination)': \(error.localizedDescription)\n".utf8))
            throw ExitCode.failure
        }
    }

    /// `value` as pretty, key-sorted JSON, ending with a newline.
    static func writeJSON(_ value: some Encodable, to destination: String, what: String = "the JSON report") throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var json = try encoder.encode(value)
        json.append(UInt8(ascii: "\n"))
        try write(json, to: destination, what: what)
    }
}
