import Foundation
import Glibc
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// Temporaries carry their owner in their name, and a later run can tell a live owner from one
/// that is gone.
@Suite struct TemporaryNameTests {
    @Test func aNameCarriesItsOwnerAndIsRecognised() throws {
        let owner = TemporaryOwner.current
        let name = TemporaryName.candidate(for: "dir/data.csv.gz", random: 12345)
        #expect(name.parent == "dir")
        let text = "\(name.lastComponent)"
        #expect(text.hasPrefix(".data.csv.gz.squeeze-\(owner.pid)-\(owner.startTime)-\(owner.boot)-\(owner.origin)-"))
        #expect(TemporaryName.recognise(name.lastComponent) == .owned(by: owner))
        #expect(owner.startTime > 0)
        #expect(owner.boot.count == 8 && owner.boot != TemporaryOwner.unknownBoot)
    }

    @Test func olderNamesAreRecognisedWithoutAnOwner() {
        #expect(TemporaryName.recognise(".x.gz.squeeze-Ab12Cd") == .unowned)
        #expect(TemporaryName.recognise(".x.gz.squeeze-") == nil)
        #expect(TemporaryName.recognise("x.gz.squeeze-Ab12Cd") == nil)
        #expect(TemporaryName.recognise(".x.gz.squeeze-12-34-abcdefgh-0123abcd-Ab12Cd") == nil, "not hex")
        #expect(TemporaryName.recognise(".x.gz.squeeze-12-34-abcdef01-0123abcd") == nil, "no random part")
        #expect(TemporaryName.recognise(".notes.txt") == nil)
    }

    @Test func aNameStaysWithinNameMaxAndMayHoldTheMarkerItself() {
        let long = PathName(String(repeating: "n", count: 255))
        var owner = TemporaryOwner.current
        owner.pid = 4_194_304
        owner.startTime = .max
        let name = TemporaryName.candidate(for: long, owner: owner).lastComponent
        #expect(name.bytes.count <= 255)
        #expect(TemporaryName.recognise(name) == .owned(by: owner))
        let odd = TemporaryName.candidate(for: ".a.squeeze-Ab12Cd", owner: owner).lastComponent
        #expect(TemporaryName.recognise(odd) == .owned(by: owner))
    }

    @Test func thisProcessAndARunningOneAreAlive() throws {
        #expect(TemporaryOwner.current.liveness == .running)
        let scratch = try TemporaryDirectory()
        let sleeper = try CommandRunner.start("sleep", ["30"], scratch: scratch)
        defer { kill(sleeper.processIdentifier, SIGKILL); sleeper.waitUntilExit() }
        #expect(TemporaryOwners.running(sleeper).liveness == .running)
    }

    @Test func aProcessThatEndedOrAnEarlierBootIsGone() throws {
        #expect(try TemporaryOwners.gone().liveness == .gone)
        #expect(TemporaryOwners.beforeReboot.liveness == .gone)
        // The pid of a live process, reused: another start time is another process.
        var reused = TemporaryOwner.current
        reused.startTime -= 1
        #expect(reused.liveness == .gone)
    }

    @Test func aTemporaryFromAnotherMachineOrContainerIsNeverJudgedHere() throws {
        #expect(TemporaryOwners.elsewhere.liveness == .elsewhere)
        var gone = try TemporaryOwners.gone()
        gone.origin = TemporaryOwners.elsewhere.origin
        #expect(gone.liveness == .elsewhere)
    }

    @Test func aScanThatMayCleanUpRemovesOnlyWhatDeadRunsLeft() throws {
        let root = try TemporaryDirectory()
        let sleeper = try CommandRunner.start("sleep", ["30"], scratch: TemporaryDirectory())
        defer { kill(sleeper.processIdentifier, SIGKILL); sleeper.waitUntilExit() }
        let dead = TemporaryOwners.temporary(for: root("a.gz"), owner: try TemporaryOwners.gone())
        let rebooted = TemporaryOwners.temporary(for: root("b.gz"), owner: TemporaryOwners.beforeReboot)
        let live = TemporaryOwners.temporary(for: root("c.gz"), owner: TemporaryOwners.running(sleeper))
        let foreign = TemporaryOwners.temporary(for: root("d.gz"), owner: TemporaryOwners.elsewhere)
        let older = root(".e.gz.squeeze-Ab12Cd")
        for path in [dead, rebooted, live, foreign, older] { try TreeBuilder.write("partial", to: path) }

        let looking = TreeScanner(options: ScanOptions(selection: .uncompressed)).scan([PathName(root.path)])
        #expect(looking.skipped.allSatisfy { $0.reason == .temporaryFile } && looking.skipped.count == 5)
        #expect(TreeBuilder.files(under: root.path).count == 5, "a scan that only reads removes nothing")

        let cleaning = TreeScanner(options: ScanOptions(selection: .uncompressed, removesLeftoverTemporaries: true))
            .scan([PathName(root.path)])
        let reasons = Dictionary(uniqueKeysWithValues: cleaning.skipped.map { ("\($0.path)", $0.reason) })
        #expect(reasons[dead] == .removedTemporaryFile)
        #expect(reasons[rebooted] == .removedTemporaryFile)
        #expect(reasons[live] == .temporaryFile)
        #expect(reasons[foreign]?.description.contains("another machine") == true)
        #expect(reasons[older]?.description.contains("remove it") == true)
        #expect(!FileManager.default.fileExists(atPath: dead) && !FileManager.default.fileExists(atPath: rebooted))
        for kept in [live, foreign, older] { #expect(FileManager.default.fileExists(atPath: kept)) }
        #expect(cleaning.files.isEmpty && cleaning.failures.isEmpty)
    }
}
