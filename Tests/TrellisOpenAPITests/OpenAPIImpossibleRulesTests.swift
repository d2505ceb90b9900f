import Foundation
import Testing
import Trellis
import TrellisDescriptors
import TrellisOpenAPI
import TrellisSQL
import TrellisTesting

/// A schema that asks what no value can keep (bounds the wrong way round, an empty enum, a
/// pattern that is not one) would refuse every Done: the rule is left out of the form, and the
/// report says so, naming the property.
@Suite("OpenAPI rules no value can keep")
struct OpenAPIImpossibleRulesTests {
  static let document = """
    openapi: 3.0.3
    info: {title: Members, version: "1"}
    servers: [{url: "http://127.0.0.1:1/"}]
    paths:
      /members:
        get:
          responses:
            "200":
              description: the members
              content:
                application/json:
                  schema: {type: array, items: {$ref: "#/components/schemas/Member"}}
    components:
      schemas:
        Member:
          type: object
          properties:
            id: {type: integer, readOnly: true}
            name: {type: string, minLength: 30, maxLength: 20}
            code: {type: string, pattern: "([a-z"}
            age: {type: integer, minimum: 180, maximum: 120}
            score: {type: number, minimum: 5, maximum: 5, exclusiveMaximum: true}
            level: {type: string, enum: []}
            rank: {type: integer, minimum: 1, maximum: 10}
            secret: {type: string, pattern: "^(?=.*[0-9]).{8,}$"}
            handle: {type: string, pattern: "^([a-z]+)+$"}
    """

  @Test func theRuleIsLeftOutAndTheReportSaysWhy() throws {
    let report = try OpenAPIReport(
      data: Data(Self.document.utf8), file: "members.yaml", baseURL: nil, documentURL: nil)
    let words = try #require(report.listed.first?.words)
    for expected in [
      "'name': minLength 30 is more than maxLength 20, so the lengths are left out",
      "'code': its pattern is not a regular expression, so it is left out",
      "'age': no number is within minimum 180 and maximum 120, so the bounds are left out",
      "'score': no number is within minimum 5 and maximum 5, so the bounds are left out",
      "'level': its enum lists no value, so any text is taken",
      "'secret': its pattern is left out: it uses a lookaround, which Trellis does not match: "
        + "matching it could take time exponential in the text's length",
    ] {
      #expect(words.contains(expected), "\(words)")
    }
    let list = try OpenAPIFixture.list(report.descriptors, "members")
    let rules = try #require(try OpenAPIFixture.settings(list)["rules"]?.dictionaryValue)
    for (key, rule) in [
      ("name", "minLength"), ("code", "pattern"), ("age", "minimum"), ("score", "maximum"),
    ] {
      #expect(rules[key]?.dictionaryValue?[rule] == nil, "\(key).\(rule)")
    }
    // A rule a value can keep stays.
    #expect(rules["rank"]?.dictionaryValue?["maximum"] == .double(10))
    #expect(rules["secret"]?.dictionaryValue?["pattern"] == nil)
    // A pattern Swift `Regex` would take minutes over is kept, and checks a hostile value at once.
    #expect(rules["handle"]?.dictionaryValue?["pattern"] == "^([a-z]+)+$")
    let start = ContinuousClock.now
    let problem = ColumnCheck.pattern("^([a-z]+)+$").problem(
      with: .string(String(repeating: "a", count: 40) + "!"), title: "Handle")
    #expect(problem == "Handle must match ^([a-z]+)+$")
    #expect(ContinuousClock.now - start < .seconds(2))
  }

  @Test func aDescriptorsOwnImpossibleBoundsAreLocatedErrors() {
    let text = """
      {"schemaVersion": 1, "sections": [{"source": {"webService": {
        "baseURL": "http://127.0.0.1:1/", "fetchObjectsAPI": "people/",
        "resultsDictionaryKeyNamesString": "name;age",
        "rules": {"age": {"minimum": 10, "maximum": 5}, "name": {"minLength": 9, "maxLength": 3}}
      }}}]}
      """
    let problems = TableDescriptor.read(data: Data(text.utf8), file: "rules.json").diagnostics
      .map(\.description)
    #expect(
      problems.contains(
        "rules.json:4:32: error: no number is within 'minimum' 10 and 'maximum' 5"),
      "\(problems)")
    #expect(
      problems.contains { $0.hasPrefix("rules.json:4:73: error: 'minLength' 9 is more than") },
      "\(problems)")
  }
}
