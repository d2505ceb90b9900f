import Foundation
import Testing
import Trellis

/// A class with a property table, as `@TableBound` would write it.
private final class PersonProfile: PropertyTableProviding, ValueConvertible {
  var firstName: String
  init(firstName: String) { self.firstName = firstName }
  static let propertyTable = PropertyTable<PersonProfile>([.init("firstName", \.firstName)])
}

private final class Person: PropertyTableProviding, ValueConvertible {
  var name: String
  var age: Int
  var profile: PersonProfile?
  var steps: [String]
  init(name: String, age: Int, profile: PersonProfile?, steps: [String] = []) {
    self.name = name
    self.age = age
    self.profile = profile
    self.steps = steps
  }
  static let propertyTable = PropertyTable<Person>([
    .init("name", \.name), .init("age", \.age), .init("profile", \.profile),
    .init("steps", \.steps),
  ])
}

@Suite("Predicate evaluation on objects")
struct PredicateObjectTests {
  private let ann = Person(
    name: "Ann", age: 34, profile: PersonProfile(firstName: "Annie"), steps: ["plan", "do"])
  private let bob = Person(name: "Bob", age: 17, profile: nil)

  @Test func readsPropertiesAndNestedObjects() throws {
    let predicate = try Predicate("age > 18 AND profile.firstName BEGINSWITH[c] 'ann'")
    #expect(try predicate.evaluate(on: ann))
    #expect(try predicate.evaluate(on: bob) == false)
    #expect(try Predicate("steps.@count == 2").evaluate(on: ann))
    #expect(try Predicate("steps.1 == 'do'").evaluate(on: ann))
    #expect(try Predicate("'plan' IN steps").evaluate(on: ann))
  }

  @Test func nilAlongThePathReadsAsNil() throws {
    #expect(try Predicate("profile.firstName == nil").evaluate(on: bob))
    #expect(try Predicate("profile == nil").evaluate(on: bob))
    #expect(try Predicate("steps.5 == nil").evaluate(on: ann))
  }

  @Test func unknownPropertyIsAnErrorWithASuggestion() throws {
    let predicate = try Predicate("nmae == 'Ann'")
    let error = evaluationError { () throws(PredicateEvaluationError) in
      try predicate.evaluate(on: ann)
    }
    guard case .keyPath(let binding, let suggestion) = error else {
      Issue.record("unexpected \(String(describing: error))")
      return
    }
    #expect(binding.keyPath == "nmae")
    #expect(suggestion == "name")
    #expect(
      error?.description
        == "cannot read key path 'nmae': unknown key 'nmae' on Person in key path 'nmae'; "
        + "did you mean 'name'?")
    let nested = try Predicate("profile.frstName == 'x'")
    let nestedError = evaluationError { () throws(PredicateEvaluationError) in
      try nested.evaluate(on: ann)
    }
    #expect(
      nestedError
        == .keyPath(
          .unknownKey(keyPath: "profile.frstName", key: "frstName", on: "PersonProfile"),
          suggestion: "firstName"))
    let scalar = try Predicate("name.length == 3")
    #expect(
      evaluationError { () throws(PredicateEvaluationError) in try scalar.evaluate(on: ann) } != nil
    )
  }

  @Test func documentsAndDictionariesReadMissingKeysAsNil() throws {
    let document = DocumentObject(["title": "Inbox", "settings": ["sound": true]])
    #expect(try Predicate("title == 'Inbox'").evaluate(on: document))
    #expect(try Predicate("subtitle == nil").evaluate(on: document))
    #expect(try Predicate("settings.sound == YES").evaluate(on: document))
    #expect(try Predicate("settings.volume == nil").evaluate(on: document))
  }

  @Test func selfIsTheObject() throws {
    let predicate = try Predicate("SELF == $person")
    #expect(try predicate.evaluate(on: ann, variables: ["person": ann.bindingValue]))
    #expect(try predicate.evaluate(on: bob, variables: ["person": ann.bindingValue]) == false)
  }
}
