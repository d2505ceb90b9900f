import Foundation
import Testing
import Trellis

@testable import TrellisDescriptors

/// A section's `source`: each kind read into a ``ListSource``, and every mistake located, with
/// a suggestion where one exists.
@Suite("Descriptor sources: reading")
struct SourceReadingTests {
  /// The diagnostics of a descriptor with one section, `section`.
  static func problems(_ section: String) -> [String] {
    DescriptorTestSupport.problems(#"{"schemaVersion": 1, "sections": [\#(section)]}"#)
  }

  /// The source section of a descriptor with one section, `section`.
  static func source(_ section: String) throws -> SectionSource {
    let text = #"{"schemaVersion": 1, "sections": [\#(section)]}"#
    let descriptor = try TableDescriptor(data: Data(text.utf8), file: "T.json")
    return try #require(descriptor.sections.first?.source)
  }

  @Test func anSQLiteSourceWithItsListKeys() throws {
    let section = try Self.source(
      #"""
      {"id": "tasks", "source": {"sqlite": {"file": "tasks.sqlite", "table": "task",
        "keys": "Task:(name,notes)", "name": "Task"}},
       "batchSize": 20, "title": "name", "detail": ["notes", "done"], "search": ["name"],
       "placeholder": "Nothing to do", "addItem": "New Task"}
      """#)
    #expect(
      section.source
        == .sqlite(file: "tasks.sqlite", table: "task", keys: "Task:(name,notes)", name: "Task"))
    #expect(section.batchSize == 20)
    #expect(section.titleKeys == ["name"])
    #expect(section.detailKeys == ["notes", "done"])
    #expect(section.searchKeys == ["name"])
    #expect(section.placeholder == "Nothing to do")
    #expect(section.addItem == "New Task")
    #expect(section.location?.line == 1)
    #expect(section.settingLocations["table"]?.line == 1)
    #expect(section.keyLocations["detail"]?.line == 3)
  }

  @Test func aDocumentSourceDefaultsToTheDocumentItself() throws {
    let section = try Self.source(#"{"source": {"document": {"file": "list.json"}}}"#)
    #expect(section.source == .document(file: "list.json", keyPath: "", keys: nil, name: nil))
    let nested = try Self.source(
      #"{"source": {"document": {"file": "book.json", "keyPath": "pages", "keys": "title"}}}"#)
    #expect(
      nested.source == .document(file: "book.json", keyPath: "pages", keys: "title", name: nil))
  }

  @Test func aWebServiceSourceKeepsEverySetting() throws {
    let section = try Self.source(
      #"""
      {"source": {"webService": {
        "preset": "djangoREST", "baseURL": "http://127.0.0.1:8000/",
        "fetchObjectsAPI": "api/contacts/", "resultsDictionaryKeyNamesString": "firstName;email",
        "fetchObjectsParameters": {"ordering": "lastName", "limit": 7},
        "headers": {"X-Client": "trellis"}, "timeout": 5, "retry": {"attempts": 3, "delay": 0.5},
        "paging": {"page": "p", "first": 0}, "errors": {"messageList": "errors"},
        "updateObject": {"method": "put", "path": "{list}{id}"}, "deleteObject": false,
        "conversions": {"born": "iso8601Date"}, "valueKinds": {"age": "int?"}, "name": "Contact"}}}
      """#)
    guard case .webService(let settings) = section.source else {
      Issue.record("not a web service: \(section.source)")
      return
    }
    #expect(settings["preset"] == "djangoREST")
    #expect(settings["baseURL"] == "http://127.0.0.1:8000/")
    #expect(settings["fetchObjectsParameters"] == ["ordering": "lastName", "limit": "7"])
    #expect(settings["headers"] == ["X-Client": "trellis"])
    #expect(settings["timeout"] == .double(5))
    #expect(settings["retry"] == ["attempts": 3, "delay": 0.5])
    #expect(settings["paging"] == ["page": "p", "first": 0])
    #expect(settings["errors"] == ["messageList": "errors"])
    #expect(settings["updateObject"] == ["method": "PUT", "path": "{list}{id}"])
    #expect(settings["deleteObject"] == false)
    #expect(settings["conversions"] == ["born": "iso8601Date"])
    #expect(settings["valueKinds"] == ["age": "int?"])
    #expect(section.settingLocations["baseURL"]?.line == 2)
  }

  @Test func presetsTakeTheirOwnSettings() throws {
    let section = try Self.source(
      #"""
      {"source": {"webService": {"preset": "datasette", "baseURL": "http://127.0.0.1:8001/",
        "database": "fixtures", "table": "people", "resultsDictionaryKeyNamesString": "name",
        "bearerToken": "dstok_123"}}}
      """#)
    guard case .webService(let settings) = section.source else {
      Issue.record("not a web service: \(section.source)")
      return
    }
    #expect(settings["database"] == "fixtures")
    #expect(settings["table"] == "people")
  }

  @Test func aMisspeltWebServiceKeySuggestsTheDefinitionsName() {
    #expect(
      Self.problems(
        #"""
        {"source": {"webService": {"baseURL": "http://h/", "fetchObjectsAPI": "a/",
          "resultsDictionaryKeyNamesString": "name", "resultKeyName": "results"}}}
        """#) == [
          "T.json:2:46: error: unknown key 'resultKeyName' in a web service source "
            + "(did you mean 'resultsKeyName'?)"
        ])
  }

  @Test func webServiceMistakesAreLocatedWithSuggestions() {
    #expect(
      Self.problems(
        #"""
        {"source": {"webService": {"preset": "djangoRest", "baseURL": "http://h/",
          "fetchObjectsAPI": "a/", "resultsDictionaryKeyNamesString": "name;(",
          "database": "x", "timeout": -1, "paging": "next",
          "conversions": {"born": "iso8601"}, "valueKinds": {"age": "integer"},
          "createObject": {"method": "GET", "path": "{list}"},
          "updateObject": {"method": "PATCH", "path": "{list}"}, "errors": {}}}}
        """#) == [
          // With a preset that is not one, its settings are not checked ('database').
          "T.json:1:72: error: 'djangoRest' is not a web service preset (did you mean 'djangoREST'?)",
          "T.json:2:69: error: bad names string in 'resultsDictionaryKeyNamesString': expected "
            + "':' before '('; a group without a header is written ':(...)'",
          "T.json:2:70: error: bad names string in 'resultsDictionaryKeyNamesString': expected "
            + "')' to close the group opened at column 6",
          "T.json:3:45: error: 'paging' is \"nextLink\", {\"offset\": PARAMETER} or {\"page\": "
            + "PARAMETER}, not \"next\"",
          "T.json:5:30: error: 'GET' is not a method a write uses (did you mean 'PUT'?)",
          "T.json:6:47: error: the path '{list}' has no {id} to name the object",
          "T.json:3:31: error: 'timeout' must be a number of seconds above 0",
          "T.json:6:68: error: 'errors' needs one of 'messageList' or 'message'",
          "T.json:4:27: error: 'iso8601' is not one of the conversions of a web service; expected "
            + "one of iso8601Date, iso8601Day, unixDate, numericText, text, bool",
          "T.json:4:61: error: 'integer' is not one of the valueKinds of a web service; expected "
            + "one of string, string?, int, int?, double, double?, bool, bool?, date, date?",
        ])
  }

  @Test func aPresetsSettingsNeedThatPreset() {
    #expect(
      Self.problems(
        #"""
        {"source": {"webService": {"preset": "parse", "baseURL": "http://h/", "className": "T",
          "applicationID": "a", "restAPIKey": "k", "resultsDictionaryKeyNamesString": "name",
          "table": "people", "database": "db"}}}
        """#) == [
          "T.json:3:22: error: 'database' is a setting of the datasette preset; add \"preset\": "
            + "\"datasette\"",
          "T.json:3:3: error: 'table' is a setting of the datasette preset; add \"preset\": "
            + "\"datasette\"",
        ])
  }

  @Test func requiredSettingsDependOnThePreset() {
    #expect(
      Self.problems(#"{"source": {"webService": {"preset": "parse", "baseURL": "http://h/"}}}"#)
        == [
          "T.json:1:61: error: missing required key 'className' in a web service source",
          "T.json:1:61: error: missing required key 'applicationID' in a web service source",
          "T.json:1:61: error: missing required key 'restAPIKey' in a web service source",
          "T.json:1:61: error: missing required key 'resultsDictionaryKeyNamesString' in a web "
            + "service source",
        ])
  }

  @Test func sourceShapeMistakes() {
    #expect(
      Self.problems(#"{"source": {"sqlit": {"file": "a.sqlite"}}}"#) == [
        "T.json:1:47: error: unknown key 'sqlit' in a 'source' (did you mean 'sqlite'?)"
      ])
    #expect(
      Self.problems(#"{"source": {}}"#) == [
        "T.json:1:46: error: a 'source' names one kind of source: 'sqlite', 'postgres', "
          + "'document' or 'webService'"
      ])
    #expect(
      Self.problems(
        #"{"source": {"document": {"file": "a.json"}, "sqlite": {"file": "b", "table": "t"}}}"#)
        == [
          "T.json:1:79: error: a 'source' names one kind of source, not both 'document' and "
            + "'sqlite'"
        ])
    #expect(
      Self.problems(#"{"source": {"sqlite": {"file": "", "tabel": "t"}}}"#) == [
        "T.json:1:70: error: unknown key 'tabel' in an SQLite source (did you mean 'table'?)",
        "T.json:1:66: error: 'file' must not be empty",
        "T.json:1:57: error: missing required key 'table' in an SQLite source",
      ])
    #expect(
      Self.problems(#"{"source": {"document": {"keyPath": "pages", "keys": "a;;"}}}"#) == [
        "T.json:1:59: error: missing required key 'file' in a document source"
      ])
  }

  @Test func listKeysBelongToASourceAndRowsDoNot() {
    #expect(
      Self.problems(#"{"rows": [], "batchSize": 5, "addItem": "New"}"#) == [
        "T.json:1:48: error: 'batchSize' applies to a section with a 'source'; this section has rows",
        "T.json:1:64: error: 'addItem' applies to a section with a 'source'; this section has rows",
      ])
    #expect(
      Self.problems(
        #"{"source": {"document": {"file": "a.json"}}, "rows": [], "list": "x", "batchSize": 0, "title": [1]}"#
      ) == [
        "T.json:1:80: error: a section with a 'source' lists the source's items: it has no 'rows'",
        "T.json:1:92: error: a section with a 'source' lists the source's items: it has no 'list'",
        "T.json:1:118: error: 'batchSize' must be 1 or more, not 0",
        "T.json:1:131: error: each element of 'title' must be a string, not the number 1",
      ])
  }
}
