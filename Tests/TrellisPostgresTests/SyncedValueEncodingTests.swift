import Foundation
import Testing
import TrellisSettings

@testable import TrellisPostgres

/// The text synced settings store values as reads back as the same value, case for case.
@Suite("Synced settings' value encoding")
struct SyncedValueEncodingTests {
  @Test(arguments: [
    Value.null, true, false, 0, -42, .int(Int.max), .int(Int.min), .double(50), .double(-0.0),
    .double(1e300), .double(.leastNonzeroMagnitude), .double(.infinity),
    .double(-.infinity), "", "Zoë \"\\\" \u{0} \u{1F} ☃", .date(Date(timeIntervalSince1970: 0)),
    .date(Date(timeIntervalSinceReferenceDate: -1234.000_001)), .data(Data()),
    .data(Data([0, 255, 7])), [], [1, [2, [3]], .null],
    .dictionary([:]), .dictionary(["z": 1, "a": 2, "m": .dictionary(["$date": 3])]),
    .dictionary(["$data": "not data"]), .dictionary(["$dictionary": .dictionary([:])]),
  ])
  func roundTrips(_ value: Value) throws {
    let text = try SyncedValueEncoding.encode(value)
    let read = try SyncedValueEncoding.decode(text)
    #expect(read == value, "\(text)")
    #expect(read.type == value.type)
    #expect(read.dictionaryValue?.keys == value.dictionaryValue?.keys)
    #expect(try SyncedValueEncoding.encode(read) == text, "stable")
  }

  @Test func notANumberReadsBackAsNotANumber() throws {
    let read = try SyncedValueEncoding.decode(try SyncedValueEncoding.encode(.double(.nan)))
    #expect(read.doubleValue?.isNaN == true)
  }

  @Test func objectReferencesAreRefused() {
    #expect(throws: StoreError.self) {
      try SyncedValueEncoding.encode(.object(ObjectReference(DocumentObject(.null))))
    }
  }

  @Test func iCloudsLimitsNameTheKeyTheLimitAndTheSize() {
    let limits = SyncedKeyValueLimits.iCloud
    let long = limits.violation(
      key: String(repeating: "k", count: 65), valueBytes: 1, otherKeys: 0, otherBytes: 0)
    #expect(long?.message.contains("65 bytes long") == true)
    let many = limits.violation(key: "k", valueBytes: 1, otherKeys: 1024, otherBytes: 0)
    #expect(many?.message.contains("1,024") == true)
    #expect(limits.violation(key: "k", valueBytes: 1, otherKeys: 1023, otherBytes: 0) == nil)
    let full = limits.violation(key: "k", valueBytes: 10, otherKeys: 1, otherBytes: 1_048_570)
    #expect(full?.found == "1,048,581 bytes in all")
    #expect(
      limits.violation(key: "k", valueBytes: nil, otherKeys: 5000, otherBytes: 1 << 30) == nil)
  }
}
