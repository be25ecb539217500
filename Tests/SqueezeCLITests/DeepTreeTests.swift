import Foundation
import SqueezeTestSupport
import Testing

/// A tree deeper than `PATH_MAX`: the walk goes down it relative to each directory, so every file
/// is found; a file whose path is too long to open fails on its own, with a message naming it,
/// and the rest of the batch is done.
@Suite struct DeepTreeTests {
    @Test func compressFindsEveryFileAndFailsCleanlyWhereAPathIsTooLong() throws {
        let scratch = try TemporaryDirectory()
        let tree = scratch("tree")
        defer { DeepTree.remove(tree) }
        try TreeBuilder.write("top\n", to: "\(tree)/top.txt")
        _ = try DeepTree.make(under: tree)
        let result = try Squeeze.run(["compress", tree, "--progress", "never"])
        #expect(result.status == 0 || result.status == 1, "\(result.standardError.prefix(500))")
        #expect(try String(contentsOfFile: "\(tree)/top.txt.gz", encoding: .isoLatin1).isEmpty == false)
        let files = try DeepTree.files(under: tree)
        if result.status == 1 {
            // Not opened: said so, naming the file, and nothing left beside it.
            #expect(result.standardError.contains(DeepTree.bottomName))
            #expect(result.standardError.contains("too long"))
            #expect(result.output.contains("1 file done") && result.output.contains("1 failed"))
            #expect(files == [DeepTree.bottomName, "top.txt", "top.txt.gz"])
        } else {
            #expect(result.output.contains("2 files done"))
            #expect(files == [DeepTree.bottomName, DeepTree.bottomName + ".gz", "top.txt", "top.txt.gz"])
        }
    }
}
