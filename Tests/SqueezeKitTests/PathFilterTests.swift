@testable import SqueezeKit
import Testing

@Suite struct PathFilterTests {
    @Test func patternsWithoutSlashMatchTheName() {
        #expect(PathFilter.matches("*.log", "a/b/c.log"))
        #expect(!PathFilter.matches("*.log", "a/b/c.txt"))
        #expect(PathFilter.matches("build", "x/build"))
    }

    @Test func patternsWithSlashMatchTheRelativePath() {
        #expect(PathFilter.matches("src/*.c", "src/a.c"))
        #expect(PathFilter.matches("src/*.c", "src/deep/a.c"))
        #expect(!PathFilter.matches("src/*.c", "lib/a.c"))
    }

    @Test func excludesWinOverIncludes() {
        let filter = PathFilter(includes: ["*.log"], excludes: ["secret*"])
        #expect(filter.skipReason(forFile: "app.log") == nil)
        #expect(filter.skipReason(forFile: "secret.log") == .excluded(pattern: "secret*"))
        #expect(filter.skipReason(forFile: "app.txt") == .notIncluded)
        #expect(filter.skipReason(forDirectory: "logs") == nil)
    }
}
