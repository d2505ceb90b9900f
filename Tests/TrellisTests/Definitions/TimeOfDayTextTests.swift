import Testing
import TrellisValues

/// Times of day as `TIME` columns and APIs write them, and what is no time.
@Suite struct TimeOfDayTextTests {
  @Test func timesAreReadWithTheirPartsAndZones() throws {
    let time = try #require(TimeOfDayText("17:45:30.250"))
    #expect(time.hour == 17 && time.minute == 45 && time.second == 30.25)
    for text in [
      "00:00", "09:30", "23:59:59", "23:59:60", "24:00", "24:00:00", "09:30:15.123456",
      "09:30Z", "09:30:15z", "09:30:15+02", "09:30:15+02:00", "09:30-0530",
    ] {
      #expect(TimeOfDayText(text) != nil, "\(text)")
    }
  }

  @Test func textThatIsNoTimeIsRefused() {
    for text in [
      "", "9:30", "0930", "09", "09:3", "09:300", "25:00", "24:01", "24:00:01", "09:60",
      "09:30:61", "09:30:5", "09:30:15.", "09:30 pm", " 09:30", "09:30 ", "09:30+2",
      "09:30+16:00", "09:30+02:60", "09:30+02:00x", "2024-05-01 09:30", "noon", "٠٩:٣٠",
    ] {
      #expect(TimeOfDayText(text) == nil, "\(text)")
    }
  }

  @Test func anyTextIsReadWithoutACrash() {
    var random = SeededRandom(seed: 41)
    let alphabet = Array("0123456789012:::.+-Z ")
    var times = 0
    for _ in 0..<20_000 {
      let length = Int.random(in: 0...12, using: &random)
      let text = String((0..<length).map { _ in alphabet.randomElement(using: &random) ?? "0" })
      guard let time = TimeOfDayText(text) else { continue }
      times += 1
      #expect((0...24).contains(time.hour) && (0..<60).contains(time.minute), "\(text)")
      #expect(time.second >= 0 && time.second < 61, "\(text)")
    }
    #expect(times > 0)
  }
}
