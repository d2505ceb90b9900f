import Foundation
import Testing
import TrellisValues

@Suite struct DateTextLayoutTests {
  /// 2024-05-01 12:30:45 UTC, and a quarter of a second more.
  static let noon = Date(timeIntervalSince1970: 1_714_566_645)
  static let later = noon.addingTimeInterval(0.25)

  @Test func eachLayoutIsReadAndWrittenAsItWasFound() throws {
    let samples = [
      "2024-05-01", "2024-05-01 12:30:45", "2024-05-01T12:30:45", "2024-05-01T12:30:45Z",
      "2024-05-01 12:30", "2024-05-01 12:30:45.250000", "2024-05-01T12:30:45.250Z",
      "2024-05-01T12:30:45.250+00:00",
    ]
    for sample in samples {
      let layout = try #require(DateTextLayout(sample: sample), "\(sample)")
      let date = try #require(DateTextLayout.date(from: sample))
      #expect(layout.text(from: date) == sample, "\(sample) is written back as it was")
    }
    #expect(DateTextLayout.date(from: "2024-05-01 12:30:45") == Self.noon)
    #expect(DateTextLayout.date(from: "2024-05-01 12:30:45.250000") == Self.later)
    #expect(DateTextLayout.date(from: "2024-05-01T14:30:45+02:00") == Self.noon)
    #expect(DateTextLayout.date(from: "2024-05-01T07:30:45-0500") == Self.noon)
  }

  @Test func aDateIsWrittenInTheColumnsLayout() throws {
    let rails = try #require(DateTextLayout(sample: "2020-01-01 00:00:00.000000"))
    #expect(rails.text(from: Self.later) == "2024-05-01 12:30:45.250000")
    #expect(DateTextLayout.day.text(from: Self.later) == "2024-05-01")
    #expect(DateTextLayout.sqlite.text(from: Self.later) == "2024-05-01 12:30:45")
    let iso = try #require(DateTextLayout(sample: "2020-01-01T00:00:00Z"))
    #expect(iso.text(from: Self.noon) == "2024-05-01T12:30:45Z")
    // A fraction that rounds to a whole second carries into it.
    let milliseconds = try #require(DateTextLayout(sample: "2020-01-01 00:00:00.000"))
    #expect(
      milliseconds.text(from: Self.noon.addingTimeInterval(0.9996))
        == "2024-05-01 12:30:46.000")
  }

  @Test func aColumnWithoutDatesTakesItsLayoutFromItsType() {
    #expect(DateTextLayout(declaredType: "DATE") == .day)
    #expect(DateTextLayout(declaredType: "datetime(6)") == .sqlite)
    #expect(DateTextLayout(declaredType: "TIMESTAMP") == .sqlite)
  }

  @Test func textThatIsNoDateIsRefused() {
    for text in [
      "", "2024", "2024-02-30", "2023-02-29", "0000-01-01", "2024-13-01", "2024-05-01x",
      "2024-05-01 24:00", "2024-05-01 12:60", "2024-05-01 12:30:61", "2024-05-01 12:30:45.",
      "2024-05-01T12:30:45+25:00", "yesterday", "2024-05-01 12",
    ] {
      #expect(DateTextLayout.date(from: text) == nil, "\(text)")
    }
    #expect(DateTextLayout.date(from: "2024-02-29") != nil)
  }

  @Test func anyTextIsReadWithoutACrash() {
    var random = SeededRandom(seed: 37)
    let alphabet = Array("0123456789-: T.Z+x")
    for _ in 0..<20_000 {
      let length = Int.random(in: 0...32, using: &random)
      let text = String((0..<length).map { _ in alphabet.randomElement(using: &random) ?? "0" })
      if let date = DateTextLayout.date(from: text), let layout = DateTextLayout(sample: text) {
        // What is read is written back to the same date.
        #expect(DateTextLayout.date(from: layout.text(from: date)) == date, "\(text)")
      }
    }
  }

  /// Days before 15 October 1582 are counted as ISO 8601, SQLite and PostgreSQL count them,
  /// in the proleptic Gregorian calendar, not switched to the Julian calendar as Foundation's
  /// Gregorian calendar is.
  @Test func daysBeforeTheGregorianReformAreCountedProleptically() throws {
    let samples: [(String, TimeInterval)] = [
      ("1500-06-15", -14_817_513_600), ("0001-01-01", -62_135_596_800),
      ("1582-10-10", -12_219_724_800), ("1582-10-15", -12_219_292_800),
      ("1200-02-29", -24_293_779_200), ("9999-12-31", 253_402_214_400),
    ]
    for (text, seconds) in samples {
      #expect(DateTextLayout.date(from: text)?.timeIntervalSince1970 == seconds, "\(text)")
      let date = Date(timeIntervalSince1970: seconds)
      #expect(DateTextLayout.day.text(from: date) == text)
      #expect(Value.isoText(date) == text + "T00:00:00Z")
      #expect(Value.isoDate(text + "T00:00:00Z") == date)
    }
    // Julian 1500-02-29 is no Gregorian day.
    #expect(DateTextLayout.date(from: "1500-02-29") == nil)
    #expect(
      Value.isoText(Date(timeIntervalSince1970: -14_817_513_600 + 3_661.75))
        == "1500-06-15T01:01:01Z")
  }
}
