import Foundation
import SqueezeKit

/// Owners for squeeze's temporaries made by hand, to test what a later run does with what an
/// earlier one left: a process that is gone, one still running, this process before a reboot or
/// on another machine.
public enum TemporaryOwners {
    /// A process that ran and is gone (`true`, waited for): its pid is free, or another's.
    public static func gone() throws -> TemporaryOwner {
        let process = try CommandRunner.start("true", [], scratch: TemporaryDirectory("squeeze-gone-owner"))
        process.waitUntilExit()
        var owner = TemporaryOwner.current
        owner.pid = process.processIdentifier
        return owner
    }

    /// A process still running, as squeeze names it.
    public static func running(_ process: Process) -> TemporaryOwner {
        var owner = TemporaryOwner.current
        owner.pid = process.processIdentifier
        owner.startTime = TemporaryOwner.startTime(ofProcess: process.processIdentifier) ?? 0
        return owner
    }

    /// This very process, as if it had run before the machine last booted.
    public static var beforeReboot: TemporaryOwner {
        var owner = TemporaryOwner.current
        owner.boot = owner.boot == "00000001" ? "00000002" : "00000001"
        return owner
    }

    /// This very process's pid and start, as another machine (or container) would name them.
    public static var elsewhere: TemporaryOwner {
        var owner = TemporaryOwner.current
        owner.origin = owner.origin == "00000001" ? "00000002" : "00000001"
        return owner
    }

    /// The name of a temporary `owner` would write for `path`.
    public static func temporary(for path: String, owner: TemporaryOwner) -> String {
        "\(TemporaryName.candidate(for: PathName(path), owner: owner))"
    }
}
