import Foundation
import Observation
import Synchronization
import Testing
import TrellisMacros

/// A string enumeration that becomes a choice of its cases.
enum IntegrationPriority: String, CaseIterable, ValueConvertible {
  case low, normal, high
}

@Observable @TableBound final class IntegrationPerson {
  var name: String
  init(name: String = "") { self.name = name }
}

@Observable @TableBound final class IntegrationStep {
  var title: String
  var done = false
  init(title: String) { self.title = title }
}

@Observable @TableBound final class IntegrationTask {
  static let kindName = "task"
  var name = "Write report"
  var completed: Bool = false
  var estimate = 3
  var progress: Double = 0.5
  var dueDate = Date(timeIntervalSince1970: 1_000_000)
  var notes: String?
  var priority = IntegrationPriority.normal
  var owner = IntegrationPerson(name: "Ada")
  var steps: [IntegrationStep] = [IntegrationStep(title: "Draft"), IntegrationStep(title: "Edit")]
  let id = UUID()
  @TableIgnored var cache = 0
  var title: String { name.capitalized }
  init() {}
}

/// A public class: the generated table must be public too, or this does not compile.
@Observable @TableBound public final class IntegrationPublicModel {
  public var label = ""
  public init() {}
}

/// Records whether an observation callback ran.
private final class Fired: Sendable {
  private let count = Mutex(0)
  func fire() { count.withLock { $0 += 1 } }
  var times: Int { count.withLock { $0 } }
}

@Suite("@TableBound on a compiled @Observable class")
struct TableBoundIntegrationTests {
  @Test("the table lists stored properties in order, with their kinds")
  func namesAndKinds() {
    let table = IntegrationTask.propertyTable
    #expect(
      table.names == [
        "name", "completed", "estimate", "progress", "dueDate", "notes", "priority", "owner",
        "steps", "id",
      ])
    #expect(table["name"]?.kind == .string)
    #expect(table["completed"]?.kind == .bool)
    #expect(table["estimate"]?.kind == .int)
    #expect(table["progress"]?.kind == .double)
    #expect(table["dueDate"]?.kind == .date)
    #expect(table["notes"]?.kind == .optional(.string))
    #expect(table["priority"]?.kind == .choice(.string, ["low", "normal", "high"]))
    #expect(table["owner"]?.kind == .object(ObjectTypeInfo(IntegrationPerson.self)))
    #expect(table["steps"]?.kind == .array(.object(ObjectTypeInfo(IntegrationStep.self))))
    #expect(table["id"]?.kind == .unsupported("UUID"))
    #expect(table["id"]?.isWritable == false)
    #expect(table["name"]?.isWritable == true)
    #expect(table["cache"] == nil)
    #expect(table["title"] == nil)
    #expect(table.name(for: \IntegrationTask.completed) == "completed")
    #expect(IntegrationPublicModel.propertyTable.names == ["label"])
  }

  @Test("reads through string key paths, nested objects and arrays included")
  func reads() throws {
    let task = IntegrationTask()
    #expect(try task.value(forKeyPath: "name") == "Write report")
    #expect(try task.value(forKeyPath: "completed") == false)
    #expect(try task.value(forKeyPath: "estimate") == 3)
    #expect(try task.value(forKeyPath: "progress") == 0.5)
    #expect(try task.value(forKeyPath: "dueDate") == .date(Date(timeIntervalSince1970: 1_000_000)))
    #expect(try task.value(forKeyPath: "notes") == .null)
    #expect(try task.value(forKeyPath: "priority") == "normal")
    #expect(try task.value(forKeyPath: "owner") == .object(ObjectReference(task.owner)))
    #expect(try task.value(forKeyPath: "owner.name") == "Ada")
    #expect(try task.value(forKeyPath: "steps.@count") == 2)
    #expect(try task.value(forKeyPath: "steps.1.title") == "Edit")
    #expect(try task.value(forKeyPath: "id") == .null)
  }

  @Test("writes every kind of property through string key paths")
  func writes() throws {
    let task = IntegrationTask()
    try task.setValue("Ship it", forKeyPath: "name")
    try task.setValue(true, forKeyPath: "completed")
    try task.setValue(8, forKeyPath: "estimate")
    try task.setValue(2, forKeyPath: "progress")
    try task.setValue(.date(Date(timeIntervalSince1970: 5)), forKeyPath: "dueDate")
    try task.setValue("remember", forKeyPath: "notes")
    try task.setValue("high", forKeyPath: "priority")
    try task.setValue("Grace", forKeyPath: "owner.name")
    try task.setValue(true, forKeyPath: "steps.0.done")
    #expect(task.name == "Ship it")
    #expect(task.completed)
    #expect(task.estimate == 8)
    #expect(task.progress == 2.0)
    #expect(task.dueDate == Date(timeIntervalSince1970: 5))
    #expect(task.notes == "remember")
    #expect(task.priority == .high)
    #expect(task.owner.name == "Grace")
    #expect(task.steps[0].done)

    try task.setValue(nil, forKeyPath: "notes")
    #expect(task.notes == nil)

    let other = IntegrationPerson(name: "Linus")
    try task.setValue(.object(ObjectReference(other)), forKeyPath: "owner")
    #expect(task.owner === other)

    let step = IntegrationStep(title: "Publish")
    try task.setValue([.object(ObjectReference(step))], forKeyPath: "steps")
    #expect(task.steps.count == 1 && task.steps[0] === step)
  }

  @Test("a wrong-type write names the key path and both types, and changes nothing")
  func typeMismatch() {
    let task = IntegrationTask()
    #expect(
      throws: BindingError.typeMismatch(keyPath: "completed", expected: "Bool", found: "String")
    ) {
      try task.setValue("yes", forKeyPath: "completed")
    }
    #expect(task.completed == false)

    #expect(
      throws: BindingError.typeMismatch(keyPath: "owner.name", expected: "String", found: "Int")
    ) {
      try task.setValue(42, forKeyPath: "owner.name")
    }
    #expect(task.owner.name == "Ada")

    #expect(throws: BindingError.typeMismatch(keyPath: "name", expected: "String", found: "nil")) {
      try task.setValue(nil, forKeyPath: "name")
    }
    #expect(task.name == "Write report")

    #expect(throws: BindingError.self) { try task.setValue("urgent", forKeyPath: "priority") }
    #expect(task.priority == .normal)

    #expect(
      throws: BindingError.typeMismatch(
        keyPath: "owner", expected: "IntegrationPerson", found: "Object")
    ) {
      try task.setValue(.object(ObjectReference(IntegrationStep(title: "x"))), forKeyPath: "owner")
    }
    #expect(task.owner.name == "Ada")

    #expect(
      throws: BindingError.typeMismatch(keyPath: "estimate", expected: "Int", found: "Double")
    ) {
      try task.setValue(2.5, forKeyPath: "estimate")
    }
    #expect(task.estimate == 3)
  }

  @Test("unknown, ignored and read-only properties are errors")
  func unknownAndReadOnly() {
    let task = IntegrationTask()
    #expect(
      throws: BindingError.unknownKey(keyPath: "nmae", key: "nmae", on: "IntegrationTask")
    ) {
      try task.setValue("x", forKeyPath: "nmae")
    }
    #expect(
      throws: BindingError.unknownKey(keyPath: "owner.age", key: "age", on: "IntegrationPerson")
    ) {
      try task.value(forKeyPath: "owner.age")
    }
    #expect(
      throws: BindingError.unknownKey(keyPath: "cache", key: "cache", on: "IntegrationTask")
    ) {
      try task.value(forKeyPath: "cache")
    }
    #expect(throws: BindingError.readOnly(keyPath: "id")) {
      try task.setValue("x", forKeyPath: "id")
    }
  }

  @Test("a write through a string key path notifies Observation")
  func observation() throws {
    let task = IntegrationTask()
    let fired = Fired()
    withObservationTracking {
      _ = task.name
    } onChange: {
      fired.fire()
    }
    try task.setValue("Observed", forKeyPath: "name")
    #expect(fired.times == 1)

    let nested = Fired()
    withObservationTracking {
      _ = task.owner.name
    } onChange: {
      nested.fire()
    }
    try task.setValue("Hopper", forKeyPath: "owner.name")
    #expect(nested.times == 1)

    let untouched = Fired()
    withObservationTracking {
      _ = task.completed
    } onChange: {
      untouched.fire()
    }
    #expect(throws: BindingError.self) { try task.setValue("no", forKeyPath: "completed") }
    #expect(untouched.times == 0)
  }

  @Test("the class converts to and from an object value")
  func valueConvertible() throws {
    let person = IntegrationPerson(name: "Ada")
    #expect(IntegrationPerson.valueKind == .object(ObjectTypeInfo(IntegrationPerson.self)))
    #expect(person.bindingValue == .object(ObjectReference(person)))
    #expect(try IntegrationPerson(bindingValue: person.bindingValue) === person)
    #expect(throws: ValueConversionError.self) {
      try IntegrationPerson(bindingValue: .string("Ada"))
    }
    #expect(person.propertyNames == ["name"])
    #expect(person.valueKind(forKey: "name") == .string)
  }
}

@TableBound final class IntegrationConditional {
  var always = 1
  #if os(Linux) || os(macOS) || os(iOS) || os(Windows)
    var onKnownPlatform = 2
  #else
    var elsewhere = 3
  #endif
  #if NEVER_DEFINED_FLAG
    var never = 4
  #endif
  var last = 5
  init() {}
}

@Suite("@TableBound with conditional compilation")
struct TableBoundConditionalTests {
  @Test("only properties whose #if condition holds are listed, in declaration order")
  func conditionalTable() throws {
    #expect(IntegrationConditional.propertyTable.names == ["always", "onKnownPlatform", "last"])
    let object = IntegrationConditional()
    try object.setValue(7, forKeyPath: "onKnownPlatform")
    #expect(object.onKnownPlatform == 7)
  }
}
