import Foundation
import SqueezeBench
import SqueezeKit
import SqueezeTestSupport
import Testing

@Suite struct SampleTreeLocatorTests {
    @Test func aBuildInsideTheSourceTreeFindsTestdata() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("x", to: scratch("repo/testdata/sample/a.txt"))
        let locator = SampleTreeLocator(executable: scratch("repo/.build/x86_64-unknown-linux-gnu/release/squeeze"), environment: [:])
        #expect(try locator.locate() == PathName(scratch("repo/testdata/sample")))
    }

    @Test func anInstalledBinaryFindsShare() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("x", to: scratch("usr/share/squeeze/sample/a.txt"))
        let locator = SampleTreeLocator(executable: scratch("usr/bin/squeeze"), environment: [:])
        #expect(try locator.locate() == PathName(scratch("usr/share/squeeze/sample")))
    }

    @Test func theEnvironmentComesFirst() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("x", to: scratch("elsewhere/a.txt"))
        try TreeBuilder.write("x", to: scratch("usr/share/squeeze/sample/a.txt"))
        let locator = SampleTreeLocator(executable: scratch("usr/bin/squeeze"), environment: ["SQUEEZE_SAMPLE_TREE": scratch("elsewhere")])
        #expect(try locator.locate() == PathName(scratch("elsewhere")))
    }

    @Test func nothingFoundSaysWhereItLooked() throws {
        let scratch = try TemporaryDirectory()
        let locator = SampleTreeLocator(executable: scratch("usr/bin/squeeze"), environment: [:])
        #expect {
            try locator.locate()
        } throws: { error in
            "\(error)".contains(scratch("usr/share/squeeze/sample")) && "\(error)".contains("name a directory")
        }
    }
}
