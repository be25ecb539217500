import Foundation
import SqueezeTestSupport
import Testing

/// Tab completion of file names wherever a path is expected: bash's programmable completion driven
/// as bash drives it (the generated script sourced, `COMP_WORDS`/`COMP_CWORD` set, the function
/// called, `COMPREPLY` read) in a directory of files and directories; zsh's and fish's scripts
/// checked to ask their shells for files and directories in the same places.
@Suite struct CompletionTests {
    /// What bash offers for the last word of `words`, in `directory`, with the completion script
    /// at `script`.
    static func bashCompletes(_ words: [String], in directory: String, script: String) throws -> Set<String> {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let driver = """
            source '\(script)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
            _squeeze squeeze "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try CommandRunner.run("bash", ["-c", driver], currentDirectory: directory)
        #expect(result.status == 0, "\(result.standardError)")
        return Set(result.output.split(separator: "\n").map(String.init))
    }

    @Test func bashCompletesFileNamesWhereverAPathIsExpected() throws {
        let scratch = try TemporaryDirectory()
        let script = try TemporaryDirectory()
        try TreeBuilder.write(try Squeeze.run(["--generate-completion-script", "bash"]).output, to: script("squeeze.bash"))
        for file in ["tree-notes.txt", "report.json", "outfile", "list.txt", "a.tar.gz", "plan-notes"] {
            try TreeBuilder.write("x", to: scratch(file))
        }
        for directory in ["tree/sub", "out", "plan"] {
            try FileManager.default.createDirectory(atPath: scratch(directory), withIntermediateDirectories: true)
        }
        let cases: [([String], Set<String>)] = [
            (["squeeze", "compress", "tr"], ["tree", "tree-notes.txt"]),
            (["squeeze", "compress", "--json", "rep"], ["report.json"]),
            (["squeeze", "compress", "-o", "ou"], ["out"]),
            (["squeeze", "compress", "--files-from", "li"], ["list.txt"]),
            (["squeeze", "compress", "--plan", "pl"], ["plan"]),
            (["squeeze", "decompress", "a."], ["a.tar.gz"]),
            (["squeeze", "extract", "a.tar.gz", "-C", "ou"], ["out"]),
            (["squeeze", "archive", "tree", "-o", "a."], ["a.tar.gz"]),
            (["squeeze", "plan", "tree", "-o", "pl"], ["plan"]),
            (["squeeze", "report", "merge", "rep"], ["report.json"]),
            (["squeeze", "bench", "tr"], ["tree", "tree-notes.txt"]),
        ]
        for (words, expected) in cases {
            #expect(try Self.bashCompletes(words, in: scratch.path, script: script("squeeze.bash")) == expected, "\(words.joined(separator: " "))")
        }
    }

    /// zsh's script completes files (`_files`) and directories (`_files -/`), fish's files (`-F`)
    /// and directories, for the same options.
    @Test func zshAndFishScriptsAskForFilesAndDirectories() throws {
        let zsh = try Squeeze.run(["--generate-completion-script", "zsh"]).output
        #expect(zsh.contains("--json[") && zsh.contains(":path:_files"), "zsh: --json completes files")
        #expect(zsh.contains(":dir:_files -/"), "zsh: -o and -C complete directories")
        let fish = try Squeeze.run(["--generate-completion-script", "fish"]).output
        let fishLines = fish.split(separator: "\n")
        #expect(fishLines.contains { $0.contains("\"squeeze compress\" json'") && $0.hasSuffix("-rF") }, "fish: --json completes files")
        #expect(fishLines.contains { $0.contains("\"squeeze compress\" o output-dir'") && $0.hasSuffix("-rfa '(__squeeze_complete_directories)'") },
                "fish: -o completes directories")
    }
}
