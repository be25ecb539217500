import Glibc
@testable import SqueezeKit
import Testing

/// Only the signals not inherited as ignored are watched, and `stop()` puts back exactly what it
/// found. (SIGHUP, which nothing else in the test process touches.)
@Suite(.serialized) struct InterruptMonitorTests {
    static func action(of signal: Int32) -> sigaction {
        var found = sigaction()
        sigaction(signal, nil, &found)
        return found
    }

    static func handlerAddress(_ action: sigaction) -> Int {
        action.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) } ?? 0
    }

    @Test func aSignalInheritedAsIgnoredStaysIgnoredAndUnwatched() {
        var original = Self.action(of: SIGHUP)
        defer { sigaction(SIGHUP, &original, nil) }
        signal(SIGHUP, SIG_IGN)
        let monitor = InterruptMonitor { _, _ in Issue.record("an ignored signal was watched") }
        raise(SIGHUP)
        monitor.stop()
        #expect(Self.handlerAddress(Self.action(of: SIGHUP)) == unsafeBitCast(SIG_IGN, to: Int.self))
    }

    @Test func stopPutsBackTheHandlerItFound() {
        var original = Self.action(of: SIGHUP)
        defer { sigaction(SIGHUP, &original, nil) }
        var own = sigaction()
        own.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&own.sa_mask)
        sigaddset(&own.sa_mask, SIGUSR1)
        own.sa_flags = SA_RESTART
        sigaction(SIGHUP, &own, nil)
        let installed = Self.action(of: SIGHUP)
        let monitor = InterruptMonitor { _, _ in }
        #expect(Self.handlerAddress(Self.action(of: SIGHUP)) != Self.handlerAddress(installed), "not watched while running")
        monitor.stop()
        let restored = Self.action(of: SIGHUP)
        #expect(Self.handlerAddress(restored) == Self.handlerAddress(installed))
        #expect(restored.sa_flags & SA_RESTART != 0)
        var mask = restored.sa_mask
        #expect(sigismember(&mask, SIGUSR1) == 1)
    }

    @Test func aDefaultActionIsPutBackAsDefault() {
        var original = Self.action(of: SIGHUP)
        defer { sigaction(SIGHUP, &original, nil) }
        signal(SIGHUP, SIG_DFL)
        let monitor = InterruptMonitor { _, _ in }
        monitor.stop()
        #expect(Self.handlerAddress(Self.action(of: SIGHUP)) == 0)
    }
}
