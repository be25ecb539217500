@testable import SqueezeKit
import Testing

/// `HandedOffNames`: which entries must wait for the creator.
@Suite struct HandedOffNamesTests {
    @Test func anEntryConflictsWithAFileItNamesIsAboveOrGoesBeneath() {
        var names = HandedOffNames()
        let before = names.conflicts(with: "a/b/f")
        #expect(!before)
        names.insert("a/b/f")
        names.insert("a/b/g")
        names.insert("top")
        #expect(names.count == 3)
        for touching: PathName in ["a/b/f", "a/b/g", "a/b", "a", "top", "a/b/f/x", "a/b/f/x/y", "top/x"] {
            let conflicts = names.conflicts(with: touching)
            #expect(conflicts, "\(touching)")
        }
        for apart: PathName in ["a/b/h", "a/c", "a/bb", "a/b/ff", "b", "topper", "a/c/f", "", "a/b/h/i"] {
            let conflicts = names.conflicts(with: apart)
            #expect(!conflicts, "\(apart)")
        }
        names.removeAll()
        let (file, directory) = (names.conflicts(with: "a/b/f"), names.conflicts(with: "a"))
        #expect(names.count == 0 && !file && !directory)
    }

    /// A directory found clear of handed-off files is remembered: a file handed over at its name
    /// or above it afterwards must still be found.
    @Test func aFileHandedOverOnTheWayToADirectoryFoundClearIsFound() {
        var names = HandedOffNames()
        var found: [Bool] = []
        names.insert("x/f")
        found.append(names.conflicts(with: "d/e/one"))
        names.insert("d/e")
        found.append(names.conflicts(with: "d/e/two"))
        names.removeAll()
        names.insert("x/f")
        found.append(names.conflicts(with: "d/e/one"))
        names.insert("d")
        found.append(names.conflicts(with: "d/e/two"))
        found.append(names.conflicts(with: "dd/e/two"))
        #expect(found == [false, true, false, true, false])
    }
}
