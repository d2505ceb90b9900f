import Foundation
import Testing
import Trellis
import TrellisDescriptors
import TrellisListSources
import TrellisOpenAPI

/// An API root that publishes no OpenAPI document, described from its answers: the document
/// made of them reads as a published one does.
@Suite("An API root described by its answers")
struct APIRootDescriptionTests {
  typealias Fixture = OpenAPIFixture

  static let root = URL(string: "http://127.0.0.1:8000/api/")!

  /// Django REST framework's answers for a list of contacts, as its test app gives them.
  static func contacts(itemAllows: Set<String> = ["GET", "PUT", "PATCH", "DELETE"])
    -> APIRootDescription.List
  {
    let options: Value = [
      "name": "Contact List",
      "actions": [
        "POST": [
          "id": ["type": "integer", "required": false, "read_only": true, "label": "ID"],
          "name": ["type": "string", "required": true, "read_only": false, "max_length": 100],
          "email": ["type": "email", "required": false, "read_only": false, "max_length": 254],
          "kind": [
            "type": "choice", "required": false, "read_only": false,
            "choices": [["value": "home", "display_name": "Home"], ["value": "work"]],
          ],
          "score": ["type": "integer", "required": false, "min_value": 0, "max_value": 10],
          "owner": ["type": "field", "required": false, "read_only": true],
        ]
      ],
    ]
    let page: Value = [
      "count": 40, "next": "http://127.0.0.1:8000/api/contacts/?page=2&page_size=20",
      "previous": .null, "results": [["id": 1, "name": "Ann"]],
    ]
    return APIRootDescription.List(
      name: "contacts", url: URL(string: "http://127.0.0.1:8000/api/contacts/")!,
      options: options, allows: ["GET", "POST", "HEAD", "OPTIONS"], page: page,
      itemAllows: itemAllows)
  }

  static func descriptors(_ lists: [APIRootDescription.List]) throws -> InferredDescriptors {
    let data = APIRootDescription.document(title: "api", root: root, lists: lists)
    let document = try OpenAPIDocumentReader.read(data, file: "api")
    return try OpenAPIDescriptors.make(
      document, file: "api", title: "api", baseURL: nil, documentURL: nil, readOnly: false)
  }

  @Test func aRootIsAnObjectOfItsServersAddresses() {
    let lists = APIRootDescription.lists(
      inRoot: ["contacts": "http://127.0.0.1:8000/api/contacts/"], at: Self.root)
    #expect(lists?.map(\.name) == ["contacts"])
    // Anything else is no root: another server's address, a value that is no address.
    for other: Value in [
      ["contacts": "http://elsewhere.test/api/contacts/"], ["count": 3], ["x": "ftp://a/"], [],
      [1, 2], "text",
    ] {
      #expect(APIRootDescription.lists(inRoot: other, at: Self.root) == nil, "\(other)")
    }
  }

  @Test func aListsOptionsGiveItsFieldsRulesAndMethods() throws {
    let descriptors = try Self.descriptors([Self.contacts()])
    let list = try Fixture.list(descriptors, "contacts")
    let settings = try Fixture.settings(list)
    #expect(settings["resultsKeyName"] == "results")
    #expect(settings["nextBatchURLKeyName"] == "next")
    #expect(settings["totalCountKeyName"] == "count")
    #expect(settings["updateObject"]?.dictionaryValue?["method"] == "PATCH")
    #expect(settings["deleteObject"] != nil)
    #expect(settings["createObject"] != nil)
    #expect(try Fixture.rules(list, "name")["maxLength"] == 100)
    #expect(try Fixture.rules(list, "name")["required"] == true)
    #expect(try Fixture.rules(list, "email")["format"] == "email")
    #expect(try Fixture.rules(list, "id")["readOnly"] == true)
    #expect(try Fixture.rules(list, "score")["maximum"]?.doubleValue == 10)
    let kinds = try #require(settings["valueKinds"]?.dictionaryValue)
    #expect(kinds["owner"] == nil, "a field that names others is left out")
    #expect(kinds["kind"] != nil)
  }

  @Test func anItemThatTakesNoChangesMakesAListThatOnlyShows() throws {
    let descriptors = try Self.descriptors([Self.contacts(itemAllows: ["GET"])])
    let settings = try Fixture.settings(try Fixture.list(descriptors, "contacts"))
    #expect(settings["updateObject"]?.dictionaryValue == nil)
    #expect(settings["deleteObject"]?.dictionaryValue == nil)
  }

  /// Answers a server may give, however odd, make a document that reads, or none: never a
  /// crash.
  @Test func oddAnswersMakeADocumentThatReads() throws {
    let odd: [Value] = [
      .null, "text", [], ["actions": "none"], ["actions": ["POST": ["a": "b", "c": 1]]],
      ["actions": ["POST": ["x": ["type": "choice", "choices": "no"]]]],
      ["actions": ["PUT": ["y": ["type": "integer", "max_value": "ten"]]]],
    ]
    for options in odd {
      var list = Self.contacts()
      list.options = options
      list.page = options
      _ = try? Self.descriptors([list])
    }
  }
}
