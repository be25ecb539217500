import SqueezeKit
import Testing

@Suite struct ProgressModeTests {
    @Test func autoIsOnOnlyOnATerminalAndNotQuiet() {
        #expect(ProgressMode.auto.isEnabled(standardErrorIsTerminal: true, quiet: false))
        #expect(!ProgressMode.auto.isEnabled(standardErrorIsTerminal: false, quiet: false))
        #expect(!ProgressMode.auto.isEnabled(standardErrorIsTerminal: true, quiet: true))
    }

    @Test func alwaysAndNeverIgnoreTheTerminal() {
        for terminal in [false, true] {
            for quiet in [false, true] {
                #expect(ProgressMode.always.isEnabled(standardErrorIsTerminal: terminal, quiet: quiet))
                #expect(!ProgressMode.never.isEnabled(standardErrorIsTerminal: terminal, quiet: quiet))
            }
        }
    }
}
