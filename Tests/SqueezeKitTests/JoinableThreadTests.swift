import CSystem
import Foundation
@testable import SqueezeKit
import Testing

@Suite struct JoinableThreadTests {
    /// The body runs on a thread of its own, which the kernel knows by the name given (cut to what
    /// it keeps), and `join` gives back what it returned.
    @Test func joinReturnsTheResultOfABodyRunOnANamedThreadOfItsOwn() throws {
        let caller = squeeze_thread_id()
        let thread = JoinableThread(name: "squeeze.a-long-thread-name") { () -> (tid: Int32, name: String) in
            let tid = squeeze_thread_id()
            let name = (try? String(contentsOfFile: "/proc/self/task/\(tid)/comm", encoding: .utf8)) ?? ""
            return (tid, name.trimmingCharacters(in: .newlines))
        }
        let seen = thread.join()
        #expect(seen.tid != caller)
        #expect(seen.name == "squeeze.a-long-")
    }

    /// Once joined, the thread is gone: the kernel no longer lists it among the process's tasks.
    @Test func aJoinedThreadHasEnded() {
        let tid = JoinableThread(name: "squeeze.test") { squeeze_thread_id() }.join()
        #expect(!FileManager.default.fileExists(atPath: "/proc/self/task/\(tid)"))
    }

    @Test func joiningTwiceStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            let thread = JoinableThread(name: "squeeze.test") {}
            thread.join()
            thread.join()
        }
    }

    @Test func aThreadNeverJoinedStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            _ = JoinableThread(name: "squeeze.test") {}
        }
    }
}
