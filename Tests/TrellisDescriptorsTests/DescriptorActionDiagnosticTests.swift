import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// Selectors nobody registered, selectors that cannot be built-in actions, and what the
/// descriptor says for the app's code alone.
@Suite("Descriptor actions: diagnostics and user info")
struct DescriptorActionDiagnosticTests {
  @Test func anUnknownSelectorIsALocatedWarningAndADisabledRowThatSaysWhy() throws {
    let text = """
      {"schemaVersion": 1, "sections": [{"rows": [
        {"text": "Launch", "kind": "button", "action": "launchRockets"},
        {"text": "Greet", "kind": "button", "action": "greet"}
      ]}]}
      """
    let descriptor = try TableDescriptor(data: Data(text.utf8), file: "U.json")
    let library = DescriptorLibrary(actions: ["greet": { _ in }])
    let bound = descriptor.bind(root: DocumentObject([:]), library: library)
    #expect(
      bound.diagnostics.map(\.description) == [
        "U.json:2:50: warning: no action named 'launchRockets' is registered"
      ])
    let screen = try #require(bound.screen)
    let app = HeadlessApp(navigator: Navigator(root: screen))
    library.install(on: app.navigator)
    let launch = try #require(app.row("Launch"))
    #expect(!launch.isEnabled)
    #expect(launch.attributes.unavailableReason == "no action named 'launchRockets' is registered")
    #expect(app.row("Greet")?.isEnabled == true)
    #expect(throws: ScreenError.notApplicable("no action named 'launchRockets' is registered")) {
      try app.tap("Launch")
    }
  }

  @Test func everyFormatNamesBuiltInActionsAsSelectors() throws {
    let rcs = """
      { displaySections = (main);
        sections = { main = { displayRows = (back, later);
          rows = { back = { text = Back; "action:sel" = pop; };
                   later = { text = Later; "action:sel" = "set:done=true"; }; }; }; }; }
      """
    let read = try TableDescriptor(data: Data(rcs.utf8), file: "R.plist")
    let rows = read.sections[0].rows
    if case .builtIn(.pop, _)? = rows[0].action {
    } else {
      Issue.record("not a pop: \(String(describing: rows[0].action))")
    }
    if case .builtIn(.set(let keyPath, let value), _)? = rows[1].action {
      #expect(keyPath == "done" && value == .bool(true))
    } else {
      Issue.record("not a set: \(String(describing: rows[1].action))")
    }
    let rms = """
      [{"className": "RMSFormSection", "rows": [
        {"className": "RMSButtonCell", "properties": {"labelText": "Again",
         "selectorString": "reload"}}]}]
      """
    let rmsRead = try TableDescriptor(data: Data(rms.utf8), file: "M.json")
    if case .builtIn(.reload, _)? = rmsRead.sections[0].rows[0].action {
    } else {
      Issue.record("not a reload: \(String(describing: rmsRead.sections[0].rows[0].action))")
    }
  }

  @Test func aSelectorThatCannotBeABuiltInActionIsALocatedError() {
    #expect(
      DescriptorTestSupport.problems(
        #"{"schemaVersion": 1, "sections": [{"rows": [{"action": "set:done"}]}]}"#) == [
          "T.json:1:56: error: 'set:done' needs a key path and a value: set:KEYPATH=VALUE"
        ])
    #expect(
      DescriptorTestSupport.problems(
        #"{"schemaVersion": 1, "sections": [{"rows": [{"action": "relaod"}]}]}"#) == [
          "T.json:1:56: warning: 'relaod' is not a built-in action (did you mean 'reload'?); "
            + "the app must register it"
        ])
    // The app's own names are left alone, and so are Objective-C selectors.
    for name in ["sayHi", "stop", "save:", "signOut"] {
      #expect(
        DescriptorTestSupport.problems(
          #"{"schemaVersion": 1, "sections": [{"rows": [{"action": ""# + name + #""}]}]}"#
        )
        .isEmpty)
    }
    #expect(
      DescriptorTestSupport.problems(
        #"{"schemaVersion": 1, "sections": [{"rows": [{"action": {"set": {"keyPath": "a"}}}]}]}"#
      ) == ["T.json:1:64: error: missing required key 'value' in 'set'"])
  }

  @Test func keysOfTheAppsOwnReachItsActions() throws {
    let text = """
      {"schemaVersion": 1, "userInfo": {"screen": 1}, "sections": [
        {"id": "s", "userInfo": {"topic": "greetings"}, "rows": [
          {"id": "hi", "text": "Hi", "action": "greet", "userInfo": {"greeting": "Hello"}}]}]}
      """
    let descriptor = try TableDescriptor(data: Data(text.utf8), file: "I.json")
    #expect(descriptor.userInfo == ["screen": .int(1)])
    final class Heard: @unchecked Sendable { var what: [String] = [] }
    let heard = Heard()
    let library = DescriptorLibrary(actions: [
      "greet": { context in
        heard.what.append(context.userInfo["greeting"]?.stringValue ?? "none")
        heard.what.append(context.sectionUserInfo["topic"]?.stringValue ?? "none")
      }
    ])
    let app = HeadlessApp(
      navigator: try library.makeNavigator(showing: descriptor, root: DocumentObject([:])))
    try app.tap("Hi")
    #expect(heard.what == ["Hello", "greetings"])
    #expect(app.top.boundRow(named: "hi")?.userInfo == ["greeting": "Hello"])
    #expect(app.top.boundSection(named: "s")?.userInfo == ["topic": "greetings"])
  }

  @Test func otherFormatsKeepTheAppsKeysForIt() throws {
    let rcs = """
      { displaySections = (main); myOwnSetting = 7;
        sections = { main = { displayRows = (a); sectionColour = blue;
          rows = { a = { text = A; phoneNumber = "555"; }; }; }; }; }
      """
    let read = try TableDescriptor(data: Data(rcs.utf8), file: "R.plist")
    #expect(read.userInfo == ["myOwnSetting": "7"])
    #expect(read.sections[0].userInfo == ["sectionColour": "blue"])
    #expect(read.sections[0].rows[0].userInfo == ["phoneNumber": "555"])
    let rms = """
      [{"className": "RMSFormSection", "rows": [
        {"className": "MyCell", "properties": {"labelText": "Mine", "sparkle": 3}}]}]
      """
    let rmsRead = TableDescriptor.read(data: Data(rms.utf8), file: "M.json")
    #expect(rmsRead.descriptor?.sections[0].rows[0].userInfo == ["sparkle": .int(3)])
  }
}
