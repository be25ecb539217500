import Foundation
import SqueezeTestSupport
import Testing

/// `squeeze compress` on a tree with every awkward kind of entry, in every mode, checked with gzip.
@Suite struct CompressModesTests {
    static let modes = ["sequential", "group", "apply", "operation"]

    /// Nested directories, an empty file, names with spaces and non-ASCII letters, a file split
    /// into blocks (300 KB at 64 KiB blocks), a FIFO and a dangling symbolic link.
    static func makeTree(in root: String) throws {
        var data = TestData(seed: 1)
        try TreeBuilder.write(data.text(10_000), to: "\(root)/a.txt")
        try TreeBuilder.write([], to: "\(root)/empty")
        try TreeBuilder.write(data.text(5_000), to: "\(root)/with space/naïve café.txt")
        try TreeBuilder.write(data.randomBytes(3_000), to: "\(root)/deep/er/still/random.bin")
        try TreeBuilder.write(data.text(300_000), to: "\(root)/deep/large.txt")
        try TreeBuilder.makeFIFO("\(root)/deep/fifo")
        try TreeBuilder.makeSymlink("\(root)/dangling", to: "\(root)/nowhere")
    }

    @Test(arguments: modes)
    func everyOutputDecompressesToItsSource(mode: String) throws {
        let scratch = try TemporaryDirectory()
        try Self.makeTree(in: scratch("tree"))
        let result = try Squeeze.run(["compress", scratch("tree"), "--mode", mode, "--block-size", "64KiB", "-j", "2"])
        #expect(result.status == 0, "\(result.standardError)")
        let sources = TreeBuilder.files(under: scratch("tree")).filter { !$0.hasSuffix(".gz") }
        #expect(sources.count == 5)
        for source in sources {
            let gunzip = try CommandRunner.run("gzip", ["-dc", scratch("tree/\(source).gz")])
            #expect(gunzip.status == 0, "gzip -d \(source): \(gunzip.standardError)")
            #expect(Array(gunzip.standardOutput) == (try TreeBuilder.read(scratch("tree/\(source)"))), "\(source)")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch("tree/deep/fifo.gz")))
        #expect(!FileManager.default.fileExists(atPath: scratch("tree/dangling.gz")))
        #expect(result.output.contains("2 skipped"))
    }

    @Test func allModesWriteIdenticalBytes() throws {
        let scratch = try TemporaryDirectory()
        try Self.makeTree(in: scratch("tree"))
        for mode in Self.modes {
            for codec in ["libdeflate", "zlib"] {
                let result = try Squeeze.run([
                    "compress", scratch("tree"), "--mode", mode, "--codec", codec, "--block-size", "64KiB",
                    "-o", scratch("out-\(codec)-\(mode)"), "-q",
                ])
                #expect(result.status == 0, "\(mode) \(codec): \(result.standardError)")
            }
        }
        for codec in ["libdeflate", "zlib"] {
            let baseline = scratch("out-\(codec)-sequential")
            let files = TreeBuilder.files(under: baseline)
            #expect(files.count == 5)
            for mode in Self.modes.dropFirst() {
                #expect(TreeBuilder.files(under: scratch("out-\(codec)-\(mode)")) == files)
                for file in files {
                    #expect(try TreeBuilder.read("\(baseline)/\(file)") == TreeBuilder.read(scratch("out-\(codec)-\(mode)/\(file)")),
                            "\(codec) \(mode) \(file)")
                }
            }
        }
    }
}
