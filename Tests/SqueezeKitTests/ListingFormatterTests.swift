import Testing
@testable import SqueezeKit

@Suite struct ListingFormatterTests {
    @Test func printsATimestampInUTC() {
        #expect(ListingFormatter.timestamp(0) == "1970-01-01 00:00:00")
        #expect(ListingFormatter.timestamp(1_700_000_000) == "2023-11-14 22:13:20")
        #expect(ListingFormatter.timestamp(UInt32.max) == "2106-02-07 06:28:15")
    }

    @Test func alignsNumbersRightAndTextLeft() {
        let table = ListingFormatter.aligned([["compressed", "uncompressed", "ratio", "members", "name", "file"],
                                              ["1", "22", "3.00x", "4", "n", "f"]])
        #expect(table == """
            compressed  uncompressed  ratio  members  name  file
                     1            22  3.00x        4  n     f

            """)
    }
}
