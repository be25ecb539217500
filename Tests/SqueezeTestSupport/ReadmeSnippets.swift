import Foundation

/// The README's code blocks, read from the file itself, so that a test runs what a user pastes and
/// the two cannot drift apart.
public enum ReadmeSnippets {
    /// The text of README.md.
    public static func readme() throws -> String {
        try String(contentsOfFile: "\(Squeeze.repositoryRoot)/README.md", encoding: .utf8)
    }

    /// Every fenced block (between lines of ```), without its fences.
    public static func blocks() throws -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in try readme().split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let lines = current {
                    blocks.append(lines.joined(separator: "\n") + "\n")
                    current = nil
                } else {
                    current = []
                }
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The one block that holds `marker`; a test fails (throws) when there is none or several.
    public static func block(containing marker: String) throws -> String {
        let found = try blocks().filter { $0.contains(marker) }
        guard found.count == 1 else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "README.md has \(found.count) blocks holding '\(marker)', not one"])
        }
        return found[0]
    }
}
