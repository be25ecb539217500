import Glibc
@testable import SqueezeKit
import Testing

/// Only the signals not inherited as ignored are watched, and `stop()` puts back exactly what it
/// found. On SIGUSR1, which nothing in squeeze or its tests uses, and without touching SIGPIPE:
/// the tests run beside others that start programs, which inherit any signal ignored meanwhile
/// (a child started with SIGTERM or SIGPIPE ignored would not stop as its test expects).
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
        var original = Self.action(of: SIGUSR1)
        defer { sigaction(SIGUSR1, &original, nil) }
        signal(SIGUSR1, SIG_IGN)
        let monitor = InterruptMonitor(signals: [SIGUSR1], ignoresBrokenPipes: false) { _, _ in Issue.record("an ignored signal was watched") }
        raise(SIGUSR1)
        monitor.stop()
        #expect(Self.handlerAddress(Self.action(of: SIGUSR1)) == unsafeBitCast(SIG_IGN, to: Int.self))
    }

    @Test func stopPutsBackTheHandlerItFound() {
        var original = Self.action(of: SIGUSR1)
        defer { sigaction(SIGUSR1, &original, nil) }
        var own = sigaction()
        own.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&own.sa_mask)
        sigaddset(&own.sa_mask, SIGURG)
        own.sa_flags = SA_RESTART
        sigaction(SIGUSR1, &own, nil)
        let installed = Self.action(of: SIGUSR1)
        let monitor = InterruptMonitor(signals: [SIGUSR1], ignoresBrokenPipes: false) { _, _ in }
        #expect(Self.handlerAddress(Self.action(of: SIGUSR1)) != Self.handlerAddress(installed), "not watched while running")
        monitor.stop()
        let restored = Self.action(of: SIGUSR1)
        #expect(Self.handlerAddress(restored) == Self.handlerAddress(installed))
        #expect(restored.sa_flags & SA_RESTART != 0)
        var mask = restored.sa_mask
        #expect(sigismember(&mask, SIGURG) == 1)
    }

    /// `.exit` installs a handler (which would end the test process: no signal is sent here),
    /// takes the signal in the calling thread though it was blocked there, and puts both back.
    @Test func exitingAtOnceTakesABlockedSignalAndPutsBackTheMask() {
        var original = Self.action(of: SIGUSR1)
        defer { sigaction(SIGUSR1, &original, nil) }
        signal(SIGUSR1, SIG_DFL)
        var usr1 = sigset_t(), before = sigset_t()
        sigemptyset(&usr1)
        sigaddset(&usr1, SIGUSR1)
        pthread_sigmask(SIG_BLOCK, &usr1, &before)
        defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
        func isBlocked() -> Bool {
            var mask = sigset_t()
            pthread_sigmask(SIG_BLOCK, nil, &mask)
            return sigismember(&mask, SIGUSR1) == 1
        }
        let monitor = InterruptMonitor(signals: [SIGUSR1], ignoresBrokenPipes: false, response: .exit)
        #expect(!isBlocked())
        #expect(Self.handlerAddress(Self.action(of: SIGUSR1)) > 1, "no handler installed")
        monitor.stop()
        #expect(isBlocked())
        #expect(Self.handlerAddress(Self.action(of: SIGUSR1)) == 0)
    }

    @Test func aDefaultActionIsPutBackAsDefault() {
        var original = Self.action(of: SIGUSR1)
        defer { sigaction(SIGUSR1, &original, nil) }
        signal(SIGUSR1, SIG_DFL)
        let monitor = InterruptMonitor(signals: [SIGUSR1], ignoresBrokenPipes: false) { _, _ in }
        monitor.stop()
        #expect(Self.handlerAddress(Self.action(of: SIGUSR1)) == 0)
    }
}
