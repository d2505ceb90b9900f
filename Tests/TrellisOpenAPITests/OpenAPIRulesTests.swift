import Foundation
import Testing
import Trellis
import TrellisDescriptors
import TrellisSQL
import TrellisTesting

@testable import TrellisListSources
@testable import TrellisWebService

/// What a form checks before it sends, from a `webService` source's `rules`; and the secret a
/// `credential` names, read from the environment.
@Suite("Web-service rules and credentials")
struct OpenAPIRulesTests {
  @Test func patternsAndFormatsGiveMessagesOnTheField() {
    let code = ColumnCheck.pattern("^[A-Z]{3}[0-9]+$")
    #expect(code.problem(with: "ABC12", title: "Code") == nil)
    #expect(code.problem(with: "abc", title: "Code") == "Code must match ^[A-Z]{3}[0-9]+$")
    // Not anchored, as in JSON Schema.
    #expect(ColumnCheck.pattern("[0-9]").problem(with: "a1b", title: "X") == nil)
    #expect(code.problem(with: "", title: "Code") == nil)
    let email = ColumnCheck.format("email")
    #expect(email.problem(with: "ada@example.com", title: "Email") == nil)
    for bad in ["ada", "ada@", "@example.com", "ada@example", "a b@example.com"] {
      #expect(
        email.problem(with: .string(bad), title: "Email") == "Email must be an email address",
        "\(bad)")
    }
    let uri = ColumnCheck.format("uri")
    #expect(uri.problem(with: "https://example.com/a", title: "Home") == nil)
    #expect(uri.problem(with: "example.com", title: "Home") == "Home must be an address (URI)")
    let time = ColumnCheck.format("time")
    #expect(time.problem(with: "09:30:00", title: "Opens") == nil)
    #expect(
      time.problem(with: "9.30", title: "Opens")
        == "Opens must be a time of day, such as 09:30 or 17:45:30")
  }

  @Test func aTimeRuleMakesATimeOfDayField() throws {
    var definition = try DataDefinition.dictionary(keys: "opens;name")
    definition = definition.applyingRules(["opens": ["format": "time"], "name": ["maxLength": 5]])
    #expect(definition["opens"]?.attributes.holdsTimeOfDay == true)
    #expect(definition["opens"]?.attributes.placeholder == "hh:mm")
    #expect(definition["name"]?.attributes.holdsTimeOfDay == false)
  }

  /// An address is typed on the keyboard for it, as written; a date and time is edited with
  /// its time, on a new object too, whose value is still empty.
  @Test func formatsChooseTheKeyboardAndADateTimeKeepsItsTime() throws {
    var definition = try DataDefinition.dictionary(keys: "email;home;name")
    definition = definition.applyingRules(["email": ["format": "email"], "home": ["format": "uri"]])
    let email = try #require(definition["email"]).attributes
    #expect(email.keyboard == .emailAddress && email.autocapitalization == .none)
    #expect(email.autocorrects == false)
    #expect(definition["home"]?.attributes.keyboard == .url)
    #expect(definition["name"]?.attributes.keyboard == nil)
    #expect(definition["name"]?.attributes.autocapitalization == .sentences)
    var service = WebServiceDefinition(
      baseURL: "http://127.0.0.1:1/", fetchObjectsAPI: "events/", resultsKeyName: nil,
      resultsDictionaryKeyNamesString: "starts;day")
    service.conversions = ["starts": .iso8601Date, "day": .iso8601Day]
    let items = try #require(try WebServiceStore(service).itemsDefinition)
    #expect(items["starts"]?.attributes.row.showsTime == true)
    #expect(items["day"]?.attributes.row.showsTime == false)
  }

  @Test func rulesMakeRequiredReadOnlyChoiceAndCheckedProperties() throws {
    var definition = try DataDefinition.dictionary(keys: "id;name;age;level")
    definition = definition.applyingRules(
      [
        "id": ["readOnly": true],
        "name": ["required": true, "maxLength": 5],
        "age": ["minimum": 18, "maximum": 120, "exclusiveMaximum": true],
        "level": ["choices": ["bronze", "gold"]],
      ])
    let id = try #require(definition["id"])
    #expect(id.enabledWhen != nil)
    let name = try #require(definition["name"])
    #expect(name.isRequired)
    let context = RowContext(rowID: RowID(.string("row")))
    #expect(name.actions.valueIsValid?("Adalbert", context) == "Name must be at most 5 characters")
    #expect(name.actions.valueIsValid?("Ada", context) == nil)
    let age = try #require(definition["age"])
    #expect(age.actions.valueIsValid?(.int(17), context) == "Age must be at least 18")
    #expect(age.actions.valueIsValid?(.int(120), context) == "Age must be less than 120")
    let level = try #require(definition["level"])
    #expect(level.resolvedType == .selection)
    #expect(level.attributes.items == ["bronze", "gold"])
    #expect(
      level.actions.valueIsValid?("silver", context) == "Level must be one of 'bronze', 'gold'")
  }

  @Test func theCredentialIsReadFromTheVariableItNames() {
    var bearer = WebServiceDefinition(
      baseURL: "http://127.0.0.1:9/", fetchObjectsAPI: "notes", resultsKeyName: nil,
      resultsDictionaryKeyNamesString: "text")
    bearer.addCredential(
      ["variable": "SOME_TOKEN", "scheme": "bearer"], environment: ["SOME_TOKEN": "s3cret"])
    #expect(bearer.bearerToken == "s3cret")
    var header = bearer
    header.bearerToken = nil
    header.addCredential(
      ["variable": "SOME_TOKEN", "header": "X-API-Key"], environment: ["SOME_TOKEN": "k"])
    #expect(header.headers["X-API-Key"] == "k")
    var query = header
    query.addCredential(
      ["variable": "SOME_TOKEN", "query": "api_key"], environment: ["SOME_TOKEN": "q"])
    #expect(query.queryParameters["api_key"] == "q")
    #expect(query.fetchObjectsParameters["api_key"] == nil, "not only with reads")
    var unset = header
    unset.headers = [:]
    unset.addCredential(["variable": "MISSING", "header": "X-API-Key"], environment: [:])
    #expect(unset.headers.isEmpty)
  }

  @Test func aSourcesRulesAndCredentialAreChecked() {
    let text = """
      {"schemaVersion": 1, "title": "T", "sections": [{"id": "s", "source": {"webService": {
        "baseURL": "http://127.0.0.1:9/", "fetchObjectsAPI": "x",
        "resultsDictionaryKeyNamesString": "name",
        "rules": {"name": {"maxLenght": 3, "pattern": "(", "format": "phone"}},
        "credential": {"variable": "T", "scheme": "basic"}}}}]}
      """
    let result = TableDescriptor.read(data: Data(text.utf8), file: "t.json")
    let messages = result.diagnostics.map(\.description)
    #expect(
      messages.contains { $0.contains("unknown key 'maxLenght'") && $0.contains("maxLength") })
    #expect(messages.contains { $0.contains("'(' is not a regular expression") })
    #expect(messages.contains { $0.contains("'phone' is not a format") })
    #expect(messages.contains { $0.contains("the only scheme is \"bearer\"") })
    #expect(messages.allSatisfy { $0.hasPrefix("t.json:") })
  }

  @Test func aDayIsSentWithoutItsTime() throws {
    let day = try #require(ISO8601DateFormatter().date(from: "2026-01-31T00:00:00Z"))
    #expect(ValueConversion.iso8601Day.write(.date(day)) == "2026-01-31")
    #expect(ValueConversion.iso8601Day.read("2026-01-31") == .date(day))
  }
}
