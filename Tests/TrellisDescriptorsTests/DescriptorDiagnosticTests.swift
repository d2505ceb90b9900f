import Foundation
import Testing
import Trellis

@testable import TrellisDescriptors

/// Every kind of mistake in a descriptor gets a located, specific message, and nothing renders.
@Suite("Descriptor diagnostics")
struct DescriptorDiagnosticTests {
  @Test func unknownKeySuggestsTheClosest() {
    let text = """
      {
        "schemaVersion": 1,
        "sections": [
          {"rowz": []}
        ]
      }
      """
    #expect(
      DescriptorTestSupport.problems(text) == [
        "T.json:4:6: error: unknown key 'rowz' in a section (did you mean 'rows'?)",
        "T.json:4:5: error: missing required key 'rows' in a section",
      ])
  }

  /// Other formats' words suggest Trellis's; a key like no allowed one lists them all.
  @Test func anUnknownKeySuggestsTheWordForItOrListsTheKeys() {
    let text = """
      {"schemaVersion": 1, "sections": [{"rows": [
        {"type": "textField", "key": "name", "title": "Name"}, {"zork": 1}]}]}
      """
    let problems = DescriptorTestSupport.problems(text)
    #expect(
      problems.contains("T.json:2:4: error: unknown key 'type' in a row (did you mean 'kind'?)"))
    #expect(
      problems.contains("T.json:2:25: error: unknown key 'key' in a row (did you mean 'value'?)"))
    #expect(
      problems.contains("T.json:2:40: error: unknown key 'title' in a row (did you mean 'text'?)"))
    let listed = problems.first { $0.contains("'zork'") } ?? ""
    #expect(
      listed.hasSuffix(
        "unknown key 'zork' in a row; it takes "
          + CanonicalDescriptorReader.rowKeys.map { "'\($0)'" }.joined(separator: ", ")),
      "\(listed)")
  }

  @Test func wrongTypesNameWhatWasExpected() {
    let text = """
      {"schemaVersion": 1, "editable": "maybe",
       "sections": [{"rows": [{"text": ["a"], "height": "tall", "kind": "swich"}]}]}
      """
    #expect(
      DescriptorTestSupport.problems(text) == [
        "T.json:1:34: error: 'editable' must be a Boolean (YES or NO), not the string \"maybe\"",
        "T.json:2:67: error: 'swich' is not a valid kind (did you mean 'switch'?)",
        "T.json:2:34: error: 'text' must be a string, not a list",
        "T.json:2:51: error: 'height' must be a number, not the string \"tall\"",
      ])
  }

  @Test func missingSchemaVersionAndUnsupportedVersion() {
    #expect(
      DescriptorTestSupport.problems(#"{"sections": []}"#) == [
        "T.json:1:1: error: missing required key 'schemaVersion' in the descriptor"
      ])
    #expect(
      DescriptorTestSupport.problems(#"{"schemaVersion": 7, "sections": []}"#) == [
        "T.json:1:19: error: unsupported schemaVersion 7; this version of Trellis reads schemaVersion 1"
      ])
  }

  @Test func badPredicateIsLocatedInsideTheString() {
    let text = """
      {"schemaVersion": 1, "sections": [
        {"visible": "count > ", "rows": []}]}
      """
    let problems = DescriptorTestSupport.problems(text)
    // The string's text starts at column 16; the problem is at its end, 8 characters in.
    #expect(
      problems == [
        "T.json:2:24: error: bad predicate in 'visible': expected a value after '>' but found "
          + "end of input"
      ])
  }

  @Test func rcsTableKitMistakes() {
    let text = """
      {
          nib = RCSTableViewPlain;
          displaySections = (first, second);
          sections = {
              first = {
                  displayRows = (a);
                  rows = { a = { txt = "hello"; accessoryType = disclosure; myOwnKey = 1; }; };
              };
          };
      }
      """
    #expect(
      DescriptorTestSupport.problems(text, file: "M.plist") == [
        "M.plist:7:28: error: unknown key 'txt' in row 'a' (did you mean 'text'?)",
        "M.plist:7:71: warning: unknown key 'myOwnKey' in row 'a' is left to the app, in its "
          + "userInfo",
        "M.plist:7:59: error: 'disclosure' is not a valid accessoryType; expected one of none, "
          + "disclosureIndicator, detailDisclosureButton, checkmark, detailButton",
        "M.plist:3:31: error: displaySections names 'second', which 'sections' does not define",
      ])
  }

  @Test func rmsUnknownClassNameAndMissingKeys() {
    let text = """
      [{"properties": {"headerTitle": "A"}, "rows": [
        {"className": "RMSSwitchCel", "properties": {"keyPath": "x"}},
        {"className": "RMSTextEntryCell", "properties": {"labelText": "Name"}},
        {"properties": {}}
      ]}]
      """
    #expect(
      DescriptorTestSupport.problems(text, file: "F.json") == [
        "F.json:2:17: error: unknown class name 'RMSSwitchCel' (did you mean 'RMSSwitchCell'?)",
        "F.json:3:51: error: missing required key 'keyPath' in RMSTextEntryCell",
        "F.json:4:3: error: missing required key 'className' in a row",
      ])
  }

  @Test func unknownSubstitutionIsFoundWhenBinding() throws {
    let text = """
      [{"rows": [
        {"className": "RMSArrayPickerCell",
         "properties": {"keyPath": "gender", "representedObject": ":profle", "choices": ":genders"}}
      ]}]
      """
    let descriptor = try TableDescriptor(data: Data(text.utf8), file: "F.json")
    let data = DocumentObject(["profile": ["gender": "Male"], "genders": ["Male"]])
    #expect {
      try descriptor.makeScreen(root: data)
    } throws: { error in
      (error as? DiagnosticList)?.description
        == "F.json:3:61: error: unknown substitution ':profle' (did you mean ':profile'?)"
    }
  }

  @Test func unknownPushActionAndKeyPathNeverHalfRender() throws {
    let text = """
      {"schemaVersion": 1, "sections": [{"rows": [
        {"text": "a", "push": "Detial"},
        {"text": "b", "action": "sayHello"},
        {"text": {"keyPath": "nme"}},
        {"text": "d", "kind": "textField", "value": "name"}
      ]}]}
      """
    let descriptor = try TableDescriptor(data: Data(text.utf8), file: "P.json")
    let library = DescriptorLibrary(
      descriptors: ["Detail": descriptor], actions: ["sayHi": { _ in }])
    #expect {
      try descriptor.makeScreen(root: DocumentObject(["name": "Ken"]), library: library)
    } throws: { error in
      let lines = (error as? DiagnosticList)?.diagnostics.map(\.description) ?? []
      return lines.count == 3
        && lines[0]
          == "P.json:2:25: error: pushes 'Detial', which is not a known descriptor (did you mean 'Detail'?)"
        && lines[1] == "P.json:3:27: warning: no action named 'sayHello' is registered"
        && lines[2].hasPrefix("P.json:4:24: error: cannot read 'nme'")
    }
  }

  @Test func notADescriptorAndSyntaxErrors() {
    #expect(
      DescriptorTestSupport.problems(#"{"hello": 1}"#) == [
        "T.json:1:1: error: not a table descriptor: expected a Trellis descriptor (with 'schemaVersion'), an RCSTableKit definition (with 'displaySections'), an RMSTableViews list of sections or a Settings bundle page (with 'PreferenceSpecifiers')"
      ])
    // A list of records is data, not sections whose every key is left to the app.
    let records = #"[{"name": "Ada"}, {"name": "Alan", "age": 41}]"#
    #expect(
      DescriptorTestSupport.problems(records) == [
        "T.json:1:1: error: not a table descriptor: a list of records, none with a section's 'rows', 'className' or 'properties'; expected a Trellis descriptor (with 'schemaVersion'), an RCSTableKit definition (with 'displaySections'), an RMSTableViews list of sections or a Settings bundle page (with 'PreferenceSpecifiers')"
      ])
    // Asked for as RMSTableViews, it is read as sections.
    let asSections = TableDescriptor.read(
      data: Data(records.utf8), file: "T.json", format: .rmsTableViews)
    #expect(asSections.descriptor?.sections.count == 2)
    #expect(asSections.errors.isEmpty)
    let syntax = DescriptorTestSupport.problems("{\"schemaVersion\": 1,\n  \"sections\": [}")
    #expect(syntax.count == 1)
    #expect(syntax.first?.hasPrefix("T.json:2:16: error:") == true)
  }

  /// An id names one section or row: the screen and every host tell them apart by it.
  @Test func aRepeatedSectionOrRowNameIsALocatedError() {
    let canonical = """
      {"schemaVersion": 1, "sections": [
        {"id": "a", "rows": [{"id": "r", "text": "One"}, {"id": "r", "text": "Two"}]},
        {"id": "a", "rows": []}]}
      """
    #expect(
      DescriptorTestSupport.problems(canonical) == [
        "T.json:2:59: error: another row of the section before this one has the id 'r'",
        "T.json:3:10: error: another section before this one has the id 'a'",
      ])
    let rcs = """
      {
          displaySections = (a, a);
          sections = { a = { displayRows = (r, r); rows = { r = { text = One; }; }; }; };
      }
      """
    let read = TableDescriptor.read(data: Data(rcs.utf8), file: "R.plist")
    #expect(
      read.errors.map(\.description) == [
        "R.plist:3:42: error: displayRows names 'r' twice",
        "R.plist:2:27: error: displaySections names 'a' twice",
      ])
  }

  @Test func pushCyclesAcrossDescriptors() throws {
    let a = try TableDescriptor(
      data: Data(#"{"schemaVersion": 1, "sections": [{"rows": [{"push": "B"}]}]}"#.utf8),
      file: "A.json")
    let b = try TableDescriptor(
      data: Data(#"{"schemaVersion": 1, "sections": [{"rows": [{"push": "A"}]}]}"#.utf8),
      file: "B.json")
    let cycles = DescriptorLibrary(descriptors: ["B": b]).pushCycles(from: "A", a)
    #expect(cycles.map(\.description) == ["B.json:1:54: warning: push cycle: A → B → A"])
  }

  @Test func unreadableBoundKeyPathIsLocatedAtTheKeyPath() throws {
    let text = """
      {"schemaVersion": 1, "sections": [{"rows": [
        {"kind": "textField", "text": "Name", "value": "profile.nmae"}]}]}
      """
    let descriptor = try TableDescriptor(data: Data(text.utf8), file: "V.json")
    #expect {
      try descriptor.makeScreen(root: DocumentObject(["profile": ["name": "Ken"]]))
    } throws: { error in
      (error as? DiagnosticList)?.diagnostics.map(\.description) == [
        "V.json:2:50: error: cannot bind 'profile.nmae': unknown key 'nmae' on Dictionary in key "
          + "path 'profile.nmae'"
      ]
    }
  }
}
