import Foundation
import Testing
import Trellis
import TrellisDescriptors
import TrellisWebService

@testable import TrellisListSources

/// A `webService` source's settings become the web-service definition they name.
@Suite("Descriptor sources: web-service settings")
struct WebServiceSettingsTests {
  /// The settings of the one source of `section`.
  static func settings(_ section: String) throws -> [String: Value] {
    let text = #"{"schemaVersion": 1, "sections": [\#(section)]}"#
    let descriptor = try TableDescriptor(data: Data(text.utf8), file: "T.json")
    guard case .webService(let settings)? = descriptor.sections.first?.source?.source else {
      throw DiagnosticList([Diagnostic("no web-service source")])
    }
    return settings
  }

  @Test func everyNameOfTheDefinitionIsASetting() {
    let definition = WebServiceDefinition(
      baseURL: "http://h/", fetchObjectsAPI: "a/", resultsKeyName: nil,
      resultsDictionaryKeyNamesString: "name")
    let names = Mirror(reflecting: definition).children.compactMap(\.label)
    #expect(names.count > 20)
    for name in names {
      #expect(WebServiceSourceSettings.allNames.contains(name), "\(name)")
    }
    for name in WebServiceSourceSettings.conversionNames {
      #expect(WebServiceDefinition.conversion(name) != nil, "\(name)")
    }
    for name in WebServiceSourceSettings.valueKindNames {
      #expect(WebServiceDefinition.valueKind(name) != nil, "\(name)")
    }
  }

  @Test func aPresetWithEverySettingOverIt() throws {
    let definition = WebServiceDefinition(
      sourceSettings: try Self.settings(
        #"""
        {"source": {"webService": {
          "preset": "djangoREST", "baseURL": "http://127.0.0.1:8000/",
          "fetchObjectsAPI": "api/contacts/", "resultsDictionaryKeyNamesString": "firstName;age",
          "fetchObjectsParameters": {"ordering": "lastName"}, "headers": {"X-Client": "t"},
          "idKeyName": "pk", "searchParameterName": "q", "bearerToken": "secret", "timeout": 2.5,
          "retry": {"attempts": 3, "delay": 0.5}, "paging": {"page": "p", "first": 0},
          "errors": {"message": "error"}, "deleteObject": false,
          "updateObject": {"method": "put", "path": "{list}{id}", "bodyKeyName": "item",
            "extraBody": {"return": true}},
          "conversions": {"born": "unixDate"}, "valueKinds": {"age": "int?"}, "name": "Contact"}}}
        """#))
    #expect(definition.baseURL == "http://127.0.0.1:8000/")
    #expect(definition.fetchObjectsAPI == "api/contacts/")
    #expect(definition.resultsKeyName == "results")
    #expect(definition.nextBatchURLKeyName == "next")
    #expect(definition.fetchObjectsParameters == ["ordering": "lastName"])
    #expect(definition.headers == ["X-Client": "t"])
    #expect(definition.idKeyName == "pk")
    #expect(definition.searchParameterName == "q")
    #expect(definition.bearerToken == "secret")
    #expect(definition.timeout == .milliseconds(2500))
    #expect(definition.retry == .init(attempts: 3, delay: .milliseconds(500)))
    #expect(definition.paging == .page(parameter: "p", first: 0))
    #expect(definition.errors == .message(key: "error"))
    #expect(definition.deleteObject == nil)
    #expect(
      definition.updateObject
        == .init(
          method: "PUT", path: "{list}{id}", bodyKeyName: "item", extraBody: ["return": true]))
    #expect(definition.createObject == .init(method: "POST", path: "{list}"))
    #expect(definition.conversions == ["born": .unixDate])
    #expect(definition.valueKinds == ["age": .optional(.int)])
    #expect(definition.name == "Contact")
  }

  @Test func datasetteAndParseTakeTheirOwnSettings() throws {
    let datasette = WebServiceDefinition(
      sourceSettings: try Self.settings(
        #"""
        {"source": {"webService": {"preset": "datasette", "baseURL": "http://h/",
          "database": "db", "table": "people", "resultsDictionaryKeyNamesString": "name",
          "bearerToken": "tok", "fetchObjectsParameters": {"_sort": "name"}}}}
        """#))
    #expect(datasette.fetchObjectsAPI == "db/people.json")
    #expect(datasette.bearerToken == "tok")
    // The source's parameters are added to the preset's.
    let preset = WebServiceDefinition.datasette(
      baseURL: "http://h/", database: "db", table: "people", keys: "name")
    #expect(!preset.fetchObjectsParameters.isEmpty)
    #expect(
      datasette.fetchObjectsParameters
        == preset.fetchObjectsParameters.merging(["_sort": "name"]) { $1 })
    let parse = WebServiceDefinition(
      sourceSettings: try Self.settings(
        #"""
        {"source": {"webService": {"preset": "parse", "baseURL": "http://h/parse/",
          "className": "Task", "applicationID": "app", "restAPIKey": "key",
          "resultsDictionaryKeyNamesString": "title"}}}
        """#))
    #expect(parse.fetchObjectsAPI == "classes/Task")
    #expect(parse.idKeyName == "objectId")
    #expect(parse.headers["X-Parse-Application-Id"] == "app")
    #expect(parse.paging == .offset(parameter: "skip"))
    #expect(parse.name == "Task")
  }

  @Test func withoutAPresetTheResponseMayBeTheList() throws {
    let plain = WebServiceDefinition(
      sourceSettings: try Self.settings(
        #"""
        {"source": {"webService": {"baseURL": "http://h/", "fetchObjectsAPI": "items",
          "resultsDictionaryKeyNamesString": "name", "paging": "nextLink"}}}
        """#))
    #expect(plain.resultsKeyName == nil)
    #expect(plain.batchSizeParameterName == nil)
    #expect(plain.paging == .nextLink)
  }
}
