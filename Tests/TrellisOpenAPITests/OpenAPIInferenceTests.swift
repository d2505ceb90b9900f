import Foundation
import Testing
import Trellis
import TrellisDescriptors
import TrellisListSources
import TrellisOpenAPI
import TrellisTesting

/// The inference rules, one fixture per feature: controls from types and formats, validation
/// rules, paging, security, read-only properties and missing operations.
@Suite("OpenAPI documents as lists and forms")
struct OpenAPIInferenceTests {
  typealias Fixture = OpenAPIFixture

  @Test func typesAndFormatsPickTheControls() throws {
    let descriptors = try Fixture.descriptors("types.yaml")
    let list = try Fixture.list(descriptors, "events")
    let settings = try Fixture.settings(list)
    #expect(settings["baseURL"] == "http://127.0.0.1:9/v1/")
    #expect(settings["fetchObjectsAPI"] == "events")
    #expect(settings["idKeyName"] == "eventId")
    #expect(
      settings["valueKinds"]
        == [
          "eventId": "string?", "title": "string", "seats": "int", "price": "double?",
          "public": "bool", "day": "date?", "starts": "date?", "kind": "string?",
          "notes": "string?",
        ])
    #expect(settings["conversions"] == ["day": "iso8601Day", "starts": "iso8601Date"])
    // Arrays and objects are no one value a form edits.
    #expect(
      settings["resultsDictionaryKeyNamesString"]
        == "eventId;title;seats;price;public;day;starts;kind;notes")
    #expect(try Fixture.rules(list, "kind")["choices"] == ["talk", "workshop", "party"])
    #expect(settings["updateObject"] == ["method": "PATCH", "path": "events/{id}"])
    #expect(settings["deleteObject"] == ["method": "DELETE", "path": "events/{id}"])
    #expect(settings["createObject"] == ["method": "POST", "path": "events"])
    // No GET of one event: the form's Done checks nothing first.
    #expect(settings["readObject"] == false)
    let section = try Fixture.section(list)
    #expect(section["addItem"] == "New Event")
    #expect(section["title"] == "title")
    #expect(section["footer"] == nil)
  }

  @Test func schemaKeywordsBecomeRules() throws {
    let list = try Fixture.list(try Fixture.descriptors("validation.yaml"), "members")
    #expect(try Fixture.rules(list, "id") == ["readOnly": true])
    #expect(try Fixture.rules(list, "name") == ["minLength": 2, "maxLength": 20, "required": true])
    #expect(try Fixture.rules(list, "email") == ["format": "email", "required": true])
    #expect(try Fixture.rules(list, "homepage") == ["format": "uri"])
    #expect(try Fixture.rules(list, "code") == ["pattern": "^[A-Z]{3}[0-9]+$"])
    #expect(try Fixture.rules(list, "age") == ["minimum": 18.0, "maximum": 120.0])
    #expect(try Fixture.rules(list, "score") == ["minimum": 0.0, "exclusiveMinimum": true])
    #expect(try Fixture.rules(list, "level") == ["choices": ["bronze", "silver", "gold"]])
    #expect(try Fixture.rules(list, "meets") == ["format": "time"])
    let settings = try Fixture.settings(list)
    #expect(settings["updateObject"] == ["method": "PUT", "path": "members/{id}"])
    let footer = try Fixture.section(list)["footer"]?.stringValue ?? ""
    #expect(footer == "The API has no DELETE for /members/{id}.")
    #expect(try Fixture.section(list)["allowDeletingItems"] == false)
  }

  @Test func pagingFollowsTheParametersAndTheResponse() throws {
    let descriptors = try Fixture.descriptors("paging.yaml")
    let pages = try Fixture.settings(try Fixture.list(descriptors, "pages"))
    #expect(pages["paging"] == ["page": "page", "first": 1])
    #expect(pages["batchSizeParameterName"] == "page_size")
    #expect(pages["searchParameterName"] == "q")
    #expect(pages["resultsKeyName"] == "data")
    #expect(pages["totalCountKeyName"] == "total")
    let offsets = try Fixture.settings(try Fixture.list(descriptors, "offsets"))
    #expect(offsets["paging"] == ["offset": "offset"])
    #expect(offsets["batchSizeParameterName"] == "limit")
    #expect(offsets["resultsKeyName"] == "items")
    let links = try Fixture.settings(try Fixture.list(descriptors, "links"))
    #expect(links["paging"] == "nextLink")
    #expect(links["nextBatchURLKeyName"] == "next")
    #expect(links["totalCountKeyName"] == "count")
    #expect(links["resultsKeyName"] == "results")
    // Lists without an operation that changes them say so.
    let footer = try Fixture.section(try Fixture.list(descriptors, "links"))["footer"]
    #expect(footer?.stringValue?.hasPrefix("Read-only: the API has no POST for /links") == true)
  }

  @Test func securitySchemesNameTheVariableNotTheSecret() throws {
    let bearer = try Fixture.settings(
      try Fixture.list(try Fixture.descriptors("security-bearer.yaml"), "notes"))
    #expect(bearer["credential"] == ["variable": "TRELLIS_TOKEN", "scheme": "bearer"])
    #expect(bearer["bearerToken"] == nil)
    let key = try Fixture.settings(
      try Fixture.list(try Fixture.descriptors("security-apikey.yaml"), "notes"))
    #expect(key["credential"] == ["variable": "TRELLIS_TOKEN", "header": "X-API-Key"])
    let home = try Fixture.text(try Fixture.descriptors("security-bearer.yaml").home.document)
    #expect(home.contains("TRELLIS_TOKEN"))
  }

  @Test func readOnlyPropertiesAndMissingOperations() throws {
    let descriptors = try Fixture.descriptors("read-only.yaml")
    let list = try Fixture.list(descriptors, "reports")
    let settings = try Fixture.settings(list)
    #expect(settings["createObject"] == false)
    #expect(settings["updateObject"] == false)
    #expect(settings["deleteObject"] == false)
    // Without an update, every property is shown and not edited.
    #expect(try Fixture.rules(list, "title") == ["readOnly": true])
    #expect(try Fixture.rules(list, "created") == ["readOnly": true])
    let section = try Fixture.section(list)
    #expect(section["allowAddingItems"] == false)
    #expect(
      section["footer"]
        == "Read-only: the API has no POST for /reports; the API has no PATCH or PUT for /reports/{id}; the API has no DELETE for /reports/{id}."
    )
    #expect(list.dictionaryValue?["editable"] == false)
    // The home screen lists the resources, and says why /uploads is not one.
    let home = try Fixture.text(descriptors.home.document)
    #expect(home.contains("/uploads: the API has no GET for it, so it cannot be listed."))
    #expect(home.contains(#""push": "reports""#))
  }

  @Test func readOnlyServingTurnsOffEveryWrite() throws {
    let list = try Fixture.list(try Fixture.descriptors("types.yaml", readOnly: true), "events")
    let settings = try Fixture.settings(list)
    #expect(settings["createObject"] == false)
    #expect(settings["updateObject"] == false)
    #expect(try Fixture.section(list)["footer"] == "Served read-only.")
  }

  @Test func theBaseURLComesFromTheOptionElseTheServers() throws {
    #expect(throws: DiagnosticList.self) { try Fixture.descriptors("no-server.yaml") }
    do {
      _ = try Fixture.descriptors("no-server.yaml")
    } catch {
      #expect("\(error)".contains("--base-url"))
    }
    let given = try Fixture.descriptors("no-server.yaml", baseURL: "http://127.0.0.1:8000")
    let settings = try Fixture.settings(try Fixture.list(given, "things"))
    #expect(settings["baseURL"] == "http://127.0.0.1:8000/")
    // No servers: the address of the document, fetched.
    let document = try OpenAPIDocumentReader.read(try Fixture.data("no-server.yaml"), file: "x")
    let fetched = try OpenAPIDescriptors.make(
      document, file: "x", title: "x", baseURL: nil,
      documentURL: URL(string: "http://127.0.0.1:8123/schema/openapi.yaml"), readOnly: false)
    #expect(
      try Fixture.settings(try Fixture.list(fetched, "things"))["baseURL"]
        == "http://127.0.0.1:8123/")
  }

  @Test func theDjangoRESTFrameworkSchemaDescribesItsPagingAndRules() throws {
    let descriptors = try Fixture.descriptors(
      "drf-contacts.json", baseURL: "http://127.0.0.1:8000/")
    #expect(descriptors.home.document.dictionaryValue?["title"] == "Contacts API")
    let list = try Fixture.list(descriptors, "contacts")
    let settings = try Fixture.settings(list)
    #expect(settings["fetchObjectsAPI"] == "api/contacts/")
    #expect(settings["resultsKeyName"] == "results")
    #expect(settings["nextBatchURLKeyName"] == "next")
    #expect(settings["batchSizeParameterName"] == "page_size")
    #expect(settings["searchParameterName"] == "search")
    #expect(settings["updateObject"] == ["method": "PATCH", "path": "api/contacts/{id}/"])
    #expect(settings["resultsDictionaryKeyNamesString"] == "id;name;email;city;position")
    #expect(try Fixture.rules(list, "name") == ["maxLength": 100, "required": true])
    #expect(try Fixture.rules(list, "email") == ["format": "email", "maxLength": 254])
    #expect(try Fixture.rules(list, "id") == ["readOnly": true])
    #expect(try Fixture.section(list)["addItem"] == "New Contact")
  }

  @Test func thePetstoreExampleMergesItsAllOf() throws {
    let descriptors = try Fixture.descriptors("petstore-expanded.yaml")
    #expect(descriptors.home.document.dictionaryValue?["title"] == "Swagger Petstore")
    let list = try Fixture.list(descriptors, "pets")
    let settings = try Fixture.settings(list)
    #expect(settings["baseURL"] == "https://petstore.swagger.io/v2/")
    #expect(settings["resultsDictionaryKeyNamesString"] == "name;tag;id")
    #expect(settings["batchSizeParameterName"] == "limit")
    #expect(try Fixture.rules(list, "name") == ["required": true])
    // The body that creates a pet has no id: the service sets it.
    #expect(try Fixture.rules(list, "id") == ["readOnly": true])
    #expect(
      try Fixture.section(list)["footer"] == "The API has no PATCH or PUT for /pets/{id}.")
    #expect(try Fixture.section(list)["addItem"] == "New Pet")
  }

  @Test func theDescriptorsReadAsCanonicalDescriptors() throws {
    for name in [
      "types.yaml", "validation.yaml", "paging.yaml", "security-bearer.yaml",
      "security-apikey.yaml", "read-only.yaml", "drf-contacts.json", "petstore-expanded.yaml",
    ] {
      let descriptors = try Fixture.descriptors(name, baseURL: "http://127.0.0.1:9/")
      var library = DescriptorLibrary()
      library.registerStoreSources()
      let (home, diagnostics) = descriptors.read(into: &library)
      #expect(diagnostics.isEmpty, "\(name): \(diagnostics)")
      #expect(home != nil, "\(name)")
      #expect(library.descriptors.count == descriptors.all.count, "\(name)")
    }
  }
}
