import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisSettings
import TrellisTesting

/// A temporary directory for user defaults. Foundation reads `XDG_CONFIG_HOME` once per
/// process (XCTest may already have), so the tests also name their suites by absolute paths
/// inside it: such a suite is stored at `<path>.plist` and never touches real defaults.
enum TemporaryConfigHome {
  static let url: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trellis-defaults-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    setenv("XDG_CONFIG_HOME", url.path, 1)
    return url
  }()
}

@Suite("UserDefaultsStore", .serialized)
struct UserDefaultsStoreTests {
  init() { _ = TemporaryConfigHome.url }

  static func suiteName() -> String {
    TemporaryConfigHome.url.appendingPathComponent("suite-\(UUID().uuidString)").path
  }

  @Test func keepsTheStoreContract() throws {
    let definition = try DataDefinition.dictionary(keys: "name;rank")
    let failures = StoreContract.check { records in
      let store = try UserDefaultsStore(suiteName: Self.suiteName(), definition: definition)
      for record in records {
        try store.insert(.object(ObjectReference(DocumentObject(record.dictionary))), at: nil)
      }
      return store
    }
    #expect(failures == [])
  }

  /// Foundation reads a suite's file that is not a property list as an empty suite, and
  /// replaces it at the first write: the store refuses to open it, naming the file, and leaves
  /// every byte of it.
  @Test func aSuiteWhoseFileIsNotAPropertyListIsRefusedAndLeftAlone() throws {
    for broken in [
      "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>username</key><string>keep",
      "<?xml version=\"1.0\"?><plist version=\"1.0\"><array><string>a</string></array></plist>",
    ] {
      let suite = Self.suiteName()
      let file = URL(fileURLWithPath: suite + ".plist")
      try Data(broken.utf8).write(to: file)
      #expect {
        _ = try UserDefaultsStore(suiteName: suite)
      } throws: { error in
        guard case .failed(let message) = error as? StoreError else { return false }
        return message.contains(file.path + " ") && message.contains("left as it is")
      }
      #expect(try Data(contentsOf: file) == Data(broken.utf8))
    }
    // An empty file is a new suite's.
    let suite = Self.suiteName()
    try Data().write(to: URL(fileURLWithPath: suite + ".plist"))
    #expect(throws: Never.self) { _ = try UserDefaultsStore(suiteName: suite) }
  }

  @Test func theListIsReadBackFromTheSuite() throws {
    let suite = Self.suiteName()
    let definition = try DataDefinition.dictionary(keys: "name;rank")
    do {
      let store = try UserDefaultsStore(suiteName: suite, definition: definition)
      for (name, rank) in [("Ann", 1), ("Bo", 2)] {
        try store.insert(
          .object(ObjectReference(DocumentObject(["name": .string(name), "rank": .int(rank)]))),
          at: nil)
      }
      try store.move(at: 1, to: 0)
      #expect(store.synchronize())
    }
    let reopened = try UserDefaultsStore(suiteName: suite, definition: definition)
    let items = try reopened.fetch(FetchOptions())
    #expect(items.map { definition.reader(for: $0).value("name") } == ["Bo", "Ann"])
    #expect(items.map { definition.reader(for: $0).value("rank") } == [2, 1])
  }

  @Test func theSettingsFormPersists() throws {
    let suite = Self.suiteName()
    do {
      let (screen, store) = try SettingsApp.screen(suiteName: suite)
      let app = HeadlessApp(navigator: Navigator(root: screen))
      let kinds = app.host.table.visible.flatMap { $0.items.map(\.kind) }
      #expect(
        kinds == [
          .textField, .textField, .textView, .slider, .selection, .switch, .segmented,
          .numericTextField, .date, .imagePicker, .textView,
          // The About section's Acknowledgements row, folded.
          .plain,
        ])
      #expect(app.row("Password")?.attributes.isSecure == true)
      #expect(app.row("Volume")?.value == .double(50))
      try app.enter("alice", at: "Username")
      try app.enter("s3cret", at: "Password")
      try app.enter("Back at five", at: "Message")
      try? app.enter(.double(130), at: "Volume")
      #expect(app.row("Volume")?.validationMessage != nil, "out of range stays in the form")
      try app.enter(.double(75), at: "Volume")
      #expect(app.row("Volume")?.validationMessage == nil)
      try app.tap("Ringtone")
      try app.tap("Sonar")
      #expect(store.synchronize())
    }
    // What another process reads: the suite's file on disk.
    let file = URL(fileURLWithPath: suite + ".plist")
    let data = try Data(contentsOf: file)
    let plist = try #require(
      try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    #expect(plist["username"] as? String == "alice")
    #expect(plist["ringtone"] as? String == "Sonar")
    #expect((plist["volume"] as? NSNumber)?.doubleValue == 75)
    // And a new screen over the suite shows the values.
    let (again, _) = try SettingsApp.screen(suiteName: suite)
    let app = HeadlessApp(navigator: Navigator(root: again))
    #expect(app.row("Username")?.value == "alice")
    #expect(app.row("Message")?.value == "Back at five")
    #expect(app.row("Volume")?.value == .double(75))
    #expect(app.row("Ringtone")?.detail == "Sonar")
  }

  /// The same test, run again in a second process by the first: the child reads what the
  /// parent entered, reports it, and enters a message of its own.
  @Test func settingsSurviveASecondProcess() async throws {
    let environment = ProcessInfo.processInfo.environment
    if let suite = environment["TRELLIS_SETTINGS_CHILD_SUITE"],
      let report = environment["TRELLIS_SETTINGS_CHILD_REPORT"]
    {
      let (screen, _) = try SettingsApp.screen(suiteName: suite)
      let app = HeadlessApp(navigator: Navigator(root: screen))
      let seen = [
        app.row("Username")?.value?.displayText ?? "-",
        app.row("Volume")?.value?.doubleValue.map { String($0) } ?? "-",
        app.row("Ringtone")?.detail ?? "-",
      ]
      try app.enter("from the child", at: "Message")
      try seen.joined(separator: "\n").write(toFile: report, atomically: true, encoding: .utf8)
      return
    }
    let suite = Self.suiteName()
    let report = TemporaryConfigHome.url.appendingPathComponent("report-\(UUID().uuidString)")
    do {
      // No explicit synchronize, here or in the child: every setting is written as it is set.
      let (screen, _) = try SettingsApp.screen(suiteName: suite)
      let app = HeadlessApp(navigator: Navigator(root: screen))
      try app.enter("bob", at: "Username")
      try app.enter(.double(20), at: "Volume")
      try app.tap("Ringtone")
      try app.tap("Marimba")
    }
    var childEnvironment = environment
    childEnvironment["XDG_CONFIG_HOME"] = TemporaryConfigHome.url.path
    childEnvironment["TRELLIS_SETTINGS_CHILD_SUITE"] = suite
    childEnvironment["TRELLIS_SETTINGS_CHILD_REPORT"] = report.path
    let child = try await ChildProcess.run(
      URL(fileURLWithPath: "/proc/self/exe"),
      arguments: [
        "--testing-library", "swift-testing", "--filter", "settingsSurviveASecondProcess",
      ],
      environment: childEnvironment, timeout: 120)
    #expect(!child.timedOut, "the second process did not end in time")
    #expect(child.status == 0, "\(child.errors)")
    let seen = try String(contentsOf: report, encoding: .utf8).split(separator: "\n")
    #expect(seen == ["bob", "20.0", "Marimba"], "the second process sees the first one's settings")
    let data = try Data(contentsOf: URL(fileURLWithPath: suite + ".plist"))
    let plist = try #require(
      try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    #expect(plist["message"] as? String == "from the child")
    #expect(plist["username"] as? String == "bob")
  }

  /// What a setting reads is what its file keeps: the value does not change at a later save,
  /// and a value the file cannot hold is refused rather than making the file unreadable. (Found
  /// by the UI fuzzer: a date that is no time lost every setting at the next save, and a text
  /// starting with U+FEFF lost that character then, under a row still showing it.)
  @Test func aSettingReadsTheSameBeforeAndAfterTheNextSave() throws {
    let store = try UserDefaultsStore(suiteName: Self.suiteName())
    let settings = store.settings(defaults: [
      "name": "", "birthday": .date(Date(timeIntervalSince1970: 0)), "count": 1,
    ])
    try settings.setValue("Ada", forKey: "name")
    #expect(throws: BindingError.self) {
      try settings.setValue(.date(Date(timeIntervalSince1970: .nan)), forKey: "birthday")
    }
    #expect(throws: BindingError.self) {
      try settings.setValue(.date(Date(timeIntervalSince1970: .infinity)), forKey: "birthday")
    }
    for value: Value in ["\u{FEFF}bom", "a\u{FEFF}b", "plain"] {
      try settings.setValue(value, forKey: "name")
      let before = try settings.value(forKey: "name")
      try settings.setValue(2, forKey: "count")
      #expect(try settings.value(forKey: "name") == before, "\(value)")
    }
    try settings.setValue(.date(Date(timeIntervalSince1970: 1.5)), forKey: "birthday")
    let before = try settings.value(forKey: "birthday")
    try settings.setValue(3, forKey: "count")
    #expect(try settings.value(forKey: "birthday") == before)
    // The file still reads, with every setting in it.
    #expect(store.synchronize())
    let again = try UserDefaultsStore(suiteName: store.suiteName).settings(
      defaults: settings.initial)
    #expect(try again.value(forKey: "name") == "plain")
    #expect(try again.value(forKey: "count") == 3)
  }

  @Test func registeredDefaultsBelongToTheirSuiteAlone() throws {
    let suite = Self.suiteName()
    let bundleSuite = try UserDefaultsStore(suiteName: suite)
    let otherSuite = try UserDefaultsStore(suiteName: Self.suiteName())
    bundleSuite.registerDefaults(["ringtone": "marimba", "volume": .int(40)])
    let initial: ValueDictionary = ["ringtone": .null, "volume": .double(50)]
    let bundle = bundleSuite.settings(defaults: initial)
    let other = otherSuite.settings(defaults: initial)
    #expect(try bundle.value(forKey: "ringtone") == "marimba")
    #expect(try bundle.value(forKey: "volume") == .double(40), "read as the key's type")
    #expect(try other.value(forKey: "ringtone") == .null, "another suite's default")
    #expect(try other.value(forKey: "volume") == .double(50))
    // What is stored wins over the registered default, and is all that reaches the file.
    try bundle.setValue("sonar", forKey: "ringtone")
    #expect(try bundle.value(forKey: "ringtone") == "sonar")
    #expect(bundleSuite.synchronize())
    #expect(UserDefaults(suiteName: suite)?.object(forKey: "volume") == nil)
  }
}
