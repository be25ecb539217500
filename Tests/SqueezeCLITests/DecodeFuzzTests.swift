import Foundation
import SqueezeTestSupport
import Testing

/// The decoding fuzzer: seeded gzip files that make the block search work (`DecodeFuzzInput`),
/// each decoded by GNU gzip (`gzip -dc`, the reference), by squeeze from the file (split into
/// chunks decoded in parallel, or speculatively, when large enough) and by squeeze from a pipe
/// (the stream, which never speculates). Both give gzip's exit status and bytes, and from the file
/// squeeze costs at most `cpuFactor` times the CPU of the stream, plus `cpuAllowance` (see
/// `docs/PERFORMANCE.md`). Where the data is damaged, the bytes decoded up to the fault are
/// gzip's, but each decoder stops its own way: at a cut, zlib (squeeze from a file) hands out the
/// symbols the last bits hold, where gzip's lookahead keeps back a byte, and ISA-L (from a pipe,
/// which zlib cannot read again) keeps back a few more, as `igzip -dc` does; at a fault inside the
/// DEFLATE data, gzip leaves unwritten the last window of the member it had not yet flushed (it
/// writes a member's bytes 32 KiB at a time), where squeeze, like zlib and `pigz -dc`, writes every
/// byte before the fault. So there one output must begin with the other, and be at most
/// `gzipWindow` plus `cutSlack` bytes longer.
///
/// A run takes the seeds of `testdata/decode-fuzz-seeds.txt` (faults once found), then
/// `SQUEEZE_FUZZ_COUNT` (default 24) seeds from `SQUEEZE_FUZZ_SEED` (default 1);
/// `scripts/fuzz-decode` runs thousands. `SQUEEZE_FUZZ_KEEP=DIR` keeps each failing input there
/// (`seed-N.gz`), to try by hand. Inputs are decoded one at a time, so that each measure
/// of CPU has the machine to itself as far as this test goes.
@Suite(.serialized) struct DecodeFuzzTests {
    /// Three times the stream for speculation (`StretchBudget.factor`), and once more for the
    /// stream that takes over where it stops.
    static let cpuFactor = 4.0
    /// Start-up, the chunks in flight when the stream takes over (each may spend its budget on a
    /// stretch of up to 64 MiB), and a shared machine's noise.
    static let cpuAllowance = 0.5
    static let cutSlack: Int64 = 16
    static let gzipWindow: Int64 = 32 << 10

    static var regressionSeeds: [UInt64] {
        let text = (try? String(contentsOfFile: Squeeze.fixture("decode-fuzz-seeds.txt"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in line.hasPrefix("#") ? nil : UInt64(line.split(separator: " ").first ?? "") }
    }

    static var newSeeds: [UInt64] {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["SQUEEZE_FUZZ_COUNT"].flatMap { UInt64($0) } ?? 24
        let first = environment["SQUEEZE_FUZZ_SEED"].flatMap { UInt64($0) } ?? 1
        return Array(first..<(first + count))
    }

    /// Whether CPU is measured against the budget: only for an optimized binary (as
    /// `scripts/fuzz-decode` and `scripts/test` give in `SQUEEZE_BINARY`). A debug build's
    /// searches run many times slower than its C inflaters, and its figures say nothing.
    static var measuresCPU: Bool { !Squeeze.binary.contains("/debug/") }

    /// How `run` differs from gzip's: exit status, or bytes (on damaged data, more than where each
    /// stops, at a cut or at a fault in the DEFLATE data).
    static func differences(_ run: MeasuredCommand, from gzip: MeasuredCommand, named name: String) -> [String] {
        var found: [String] = []
        if run.status != gzip.status { found.append("\(name): exit \(run.status), gzip's \(gzip.status): \(run.standardError)") }
        let isSame: Bool
        if gzip.status == 1 && abs(run.outputLength - gzip.outputLength) <= gzipWindow + cutSlack {
            // The shorter is the longer's beginning.
            isSame = run.outputLength >= gzip.outputLength
                ? run.prefixChecksums[gzip.outputLength] == gzip.outputChecksum
                : gzip.prefixChecksums[run.outputLength] == run.outputChecksum
        } else {
            isSame = run.outputLength == gzip.outputLength && run.outputChecksum == gzip.outputChecksum
        }
        if !isSame { found.append("\(name): \(run.outputLength) bytes, gzip \(gzip.outputLength)") }
        return found
    }

    @Test func everyInputDecodesAsGzipDoesWithinItsBudget() throws {
        try #require(CommandRunner.isInstalled("gzip") && CommandRunner.isInstalled("time"), "scripts/bootstrap installs gzip and time")
        let scratch = try TemporaryDirectory()
        let seeds = Self.regressionSeeds + Self.newSeeds
        var large = 0, worst = (ratio: 0.0, seed: UInt64(0))
        for (index, seed) in seeds.enumerated() {
            let input = DecodeFuzzInput(seed: seed)
            if input.bytes.count >= 16 << 20 { large += 1 }
            try TreeBuilder.write(input.bytes, to: scratch("in.gz"))
            var gzip = try MeasuredCommand.run("gzip", ["-dc", scratch("in.gz")])
            // A decode that runs away is stopped, and fails: gzip decodes any of them in seconds.
            let deadline = 60 + 10 * gzip.cpuSeconds
            let file = try MeasuredCommand.run(
                Squeeze.binary, ["decompress", "-c", scratch("in.gz")], checksummingPrefixes: [gzip.outputLength], deadline: deadline)
            let pipe = try MeasuredCommand.run(
                Squeeze.binary, ["decompress", "-c", "-"], input: .pipe(fromFile: scratch("in.gz")), checksummingPrefixes: [gzip.outputLength],
                deadline: deadline)
            if gzip.status == 1 {
                gzip = try MeasuredCommand.run("gzip", ["-dc", scratch("in.gz")], checksummingPrefixes: [file.outputLength, pipe.outputLength])
            }
            let context = "seed \(seed) (\(input.bytes.count) bytes): \(input.recipe.joined(separator: " | "))"
            let failures = Self.differences(file, from: gzip, named: "file") + Self.differences(pipe, from: gzip, named: "pipe")
            for failure in failures { Issue.record("\(failure) — \(context)") }
            // From a file, a damaged member is decoded again by zlib, for its exact words and
            // bytes (a pipe cannot go back): that costs about what gzip spends.
            let budget = Self.cpuFactor * pipe.cpuSeconds + Self.cpuAllowance + (gzip.status == 1 ? gzip.cpuSeconds : 0)
            let isOverBudget = Self.measuresCPU && file.cpuSeconds > budget
            if isOverBudget { Issue.record("\(file.cpuSeconds) s of CPU, the stream \(pipe.cpuSeconds) s — \(context)") }
            if let keep = ProcessInfo.processInfo.environment["SQUEEZE_FUZZ_KEEP"], isOverBudget || !failures.isEmpty {
                try TreeBuilder.write(input.bytes, to: "\(keep)/seed-\(seed).gz")
            }
            let ratio = file.cpuSeconds / max(pipe.cpuSeconds, 0.01)
            if ratio > worst.ratio { worst = (ratio, seed) }
            print("decode fuzz \(index + 1)/\(seeds.count): seed \(seed), \(input.bytes.count) bytes, exit \(gzip.status),"
                + " CPU \(file.cpuSeconds) s from the file, \(pipe.cpuSeconds) s from a pipe, gzip \(gzip.cpuSeconds) s")
        }
        print("decode fuzz: \(seeds.count) inputs, \(large) of 16 MiB or more; worst CPU ratio \(worst.ratio) (seed \(worst.seed))"
            + (Self.measuresCPU ? "" : "; CPU not checked (a debug build)"))
        #expect(Self.newSeeds.count < 8 || large >= Self.newSeeds.count / 4, "too few inputs of 16 MiB or more: \(large)")
    }
}
