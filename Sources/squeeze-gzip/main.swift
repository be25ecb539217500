import SqueezeCommandLine
import SqueezeKit

// gzip, gunzip, zcat, pigz and unpigz (links to this binary), as `squeeze` is under those names,
// in a binary that links neither ArgumentParser nor Foundation proper (Package.swift): a script
// that starts one process per file pays for a small binary's start. Under any other name, gzip.
StandardStreams.reserveClosedDescriptors()
FreedMemory.keepForReuse()
let argument0 = CommandLine.unsafeArgv[0].map { String(cString: $0) } ?? "gzip"
GzipStandIn.main(GzipStandIn.Tool(calledAs: argument0) ?? .gzip, arguments: GzipStandIn.arguments(from: 1), argument0: argument0)
