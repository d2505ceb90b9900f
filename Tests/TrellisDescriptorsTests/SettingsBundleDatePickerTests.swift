import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// InAppSettingsKit's date picker: its `DatePickerMode` picks the day, the time or both (both
/// unless it says otherwise), and its `MinuteInterval` steps the time.
@Suite("Settings bundles: date pickers")
struct SettingsBundleDatePickerTests {
  typealias Support = SettingsBundleSupport

  /// 2024-05-01 22:10 UTC.
  static let evening = Date(timeIntervalSince1970: 1_714_601_400)

  static let page = Support.page(
    "{ Type = IASKDatePickerSpecifier; Title = Day; Key = day; DatePickerMode = Date; }",
    "{ Type = IASKDatePickerSpecifier; Title = Alarm; Key = alarm; DatePickerMode = Time; "
      + "MinuteInterval = 15; DefaultValue = \"2024-05-01T22:10:00Z\"; }",
    "{ Type = IASKDatePickerSpecifier; Title = Meeting; Key = meeting; }")

  static func app() throws -> (HeadlessApp, SettingsBundleObject) {
    let bundle = try SettingsBundle(at: try Support.makeBundle(["Root.plist": page]))
    let values = bundle.values(over: DocumentObject(.dictionary(bundle.initialValues)))
    return (HeadlessApp(navigator: try bundle.makeNavigator(values: values)), values)
  }

  @Test func theModePicksTheDayTheTimeOrBoth() throws {
    let (app, _) = try Self.app()
    let day = try #require(app.row("Day")).attributes
    #expect(day.showsDay && !day.showsTime)
    let alarm = try #require(app.row("Alarm")).attributes
    #expect(!alarm.showsDay && alarm.showsTime)
    #expect(alarm.minuteInterval == 15)
    // No mode is InAppSettingsKit's default: the day and its time.
    let meeting = try #require(app.row("Meeting")).attributes
    #expect(meeting.showsDay && meeting.showsTime)
    #expect(meeting.minuteInterval == nil)
  }

  @Test func aTimeEnteredKeepsTheDayTheSettingHolds() throws {
    let (app, values) = try Self.app()
    let alarm = try #require(app.row("Alarm"))
    #expect(alarm.fieldText == "22:10")
    try app.enter(try alarm.value(for: .text("06:45")), at: "Alarm")
    let stored = try #require(try values.storedValue(forKey: "alarm").dateValue)
    #expect(stored == Self.evening - 22 * 3_600 - 10 * 60 + 6 * 3_600 + 45 * 60)
    #expect(try #require(app.row("Alarm")).fieldText == "06:45")
    try app.host.verifyFresh()
  }

  @Test func aMinuteIntervalThatDoesNotDivideAnHourIsAWarning() throws {
    let (problems, read) = try Support.problems([
      "Root.plist": Support.page(
        "{ Type = IASKDatePickerSpecifier; Title = Alarm; Key = alarm; DatePickerMode = Time; "
          + "MinuteInterval = 7; }")
    ])
    #expect(read)
    #expect(problems.count == 1)
    #expect(problems.first?.contains("warning: 'MinuteInterval' must divide an hour") == true)
  }

  @Test func theSampleBundlesTimePickersPickTimesInQuarterHours() throws {
    let bundle = try SettingsBundle(
      at: SettingsBundleInAppSettingsKitTests.sample, options: .init(inApp: true),
      choices: SettingsBundleInAppSettingsKitTests.choices)
    let rows = try #require(bundle.panes["Advanced"]).sections.flatMap(\.rows)
    let times = rows.filter { $0.kind == .date && $0.dateFormat == "HH:mm" }
    #expect(times.count == 3)
    #expect(times.allSatisfy { $0.minuteInterval == 15 })
  }
}
