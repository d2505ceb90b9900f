import Foundation
import Testing
import Trellis

@Suite("Bindings")
struct BindingTests {
  @Test func readsAndWritesStringKeyPathsOnClasses() throws {
    let profile = Profile()
    #expect(try profile.value(forKeyPath: "firstName") == "Ken")
    #expect(try profile.value(forKeyPath: "address.city") == "Cupertino")
    try profile.setValue("Ada", forKeyPath: "firstName")
    try profile.setValue("Paris", forKeyPath: "address.city")
    #expect(profile.firstName == "Ada")
    #expect(profile.address?.city == "Paris")
    #expect(try profile.value(forKeyPath: "address.tags.0") == "home")
    #expect(try profile.value(forKeyPath: "address.tags.@count") == 1)
  }

  @Test func wrongTypeNamesKeyPathAndBothTypesAndChangesNothing() {
    let profile = Profile()
    #expect(throws: BindingError.typeMismatch(keyPath: "age", expected: "Int", found: "String")) {
      try profile.setValue("forty", forKeyPath: "age")
    }
    #expect(profile.age == 40)
    #expect(
      throws: BindingError.typeMismatch(keyPath: "address.city", expected: "String", found: "Int")
    ) {
      try profile.setValue(3, forKeyPath: "address.city")
    }
    #expect(profile.address?.city == "Cupertino")
  }

  @Test func unknownKeyAndNilAlongThePath() {
    let profile = Profile(address: nil)
    #expect(throws: BindingError.unknownKey(keyPath: "frstName", key: "frstName", on: "Profile")) {
      try profile.setValue("x", forKeyPath: "frstName")
    }
    #expect(throws: BindingError.nilAlongPath(keyPath: "address.city", at: "address")) {
      try profile.setValue("Paris", forKeyPath: "address.city")
    }
    #expect(throws: BindingError.invalidKeyPath("address..city")) {
      try profile.value(forKeyPath: "address..city")
    }
  }

  @Test func intWidensToDoubleButNotTheOtherWay() throws {
    let profile = Profile()
    try profile.setValue(2, forKeyPath: "height")
    #expect(profile.height == 2.0)
    try profile.setValue(41.0, forKeyPath: "age")
    #expect(profile.age == 41)
    #expect(throws: BindingError.self) { try profile.setValue(41.5, forKeyPath: "age") }
    #expect(profile.age == 41)
  }

  /// A document's number keeps its kind, as a typed property's does, so that it keeps taking
  /// the values its store gives back (a REAL column's `0.0` after a form wrote `0`).
  @Test func aDocumentsNumbersKeepTheirKind() throws {
    let document = DocumentObject(["price": 4.25, "stock": 10])
    try document.setValue(0, forKey: "price")
    #expect(try document.value(forKey: "price") == .double(0))
    try document.setValue(1.5, forKey: "price")
    #expect(try document.value(forKey: "price") == .double(1.5))
    try document.setValue(12.0, forKey: "stock")
    #expect(try document.value(forKey: "stock") == .int(12))
    // What the kind cannot hold exactly is refused, not rounded.
    #expect(throws: BindingError.self) { try document.setValue(12.5, forKey: "stock") }
    #expect(throws: BindingError.self) { try document.setValue(.int(.max), forKey: "price") }
    #expect(document.root == ["price": 1.5, "stock": 12])
  }

  @Test func optionalsAcceptNil() throws {
    let profile = Profile()
    try profile.setValue("K", forKeyPath: "nickname")
    #expect(profile.nickname == "K")
    try profile.setValue(.null, forKeyPath: "nickname")
    #expect(profile.nickname == nil)
    #expect(throws: BindingError.self) { try profile.setValue(.null, forKeyPath: "firstName") }
  }

  @Test func documentsReadAndWriteAndKeepTypes() throws {
    let document = DocumentObject([
      "profile": ["firstName": "Ken", "height": 72], "genders": ["Female", "Male"],
    ])
    #expect(try document.value(forKeyPath: "profile.firstName") == "Ken")
    #expect(try document.value(forKeyPath: "genders.1") == "Male")
    try document.setValue("Ada", forKeyPath: "profile.firstName")
    #expect(try document.value(forKeyPath: "profile.firstName") == "Ada")
    #expect(
      throws: BindingError.typeMismatch(keyPath: "profile.height", expected: "Int", found: "String")
    ) {
      try document.setValue("tall", forKeyPath: "profile.height")
    }
    #expect(try document.value(forKeyPath: "profile.height") == 72)
    try document.setValue("tall", forKeyPath: "profile.height", changingType: true)
    #expect(try document.value(forKeyPath: "profile.height") == "tall")
    #expect(throws: BindingError.indexOutOfRange(keyPath: "genders.5", index: 5, count: 2)) {
      try document.setValue("x", forKeyPath: "genders.5")
    }
  }

  @Test func aKeyOfADocumentIsWrittenWithoutChangingATreeReadBefore() throws {
    let document = DocumentObject(["name": "Ken", "age": 41])
    var written: [String] = []
    document.onChange = { written.append($0) }
    let before = document.root
    try document.setValue("Ada", forKey: "name")
    #expect(try document.value(forKey: "name") == "Ada")
    #expect(before.dictionaryValue?["name"] == "Ken")
    #expect(written == ["name"])
    #expect(throws: BindingError.typeMismatch(keyPath: "age", expected: "Int", found: "String")) {
      try document.setValue("old", forKey: "age")
    }
    #expect(
      throws: BindingError.unknownKey(keyPath: "height", key: "height", on: "Dictionary")
    ) {
      try document.setValue(180, forKey: "height")
    }
    #expect(document.root == ["name": "Ada", "age": 41])
    #expect(written == ["name"])
  }

  /// A JSON document may have keys holding dots, or an empty one: each is a row of its own,
  /// read and written as it is; a path through nested objects still reads them.
  @Test func aDocumentsKeysWithDotsOrEmptyAreKeysOfTheirOwn() throws {
    let document = DocumentObject([
      "version.major": 2, "": "no name", "version": ["major": 1], "user": ["e.mail": "a@b"],
    ])
    #expect(try document.value(forKeyPath: "version.major") == 2)
    #expect(try document.value(forKeyPath: "") == "no name")
    #expect(document.valueKind(forKeyPath: "version.major") == .int)
    try document.setValue(3, forKeyPath: "version.major")
    try document.setValue("named", forKeyPath: "")
    #expect(
      document.root == [
        "version.major": 3, "": "named", "version": ["major": 1], "user": ["e.mail": "a@b"],
      ])
    #expect(throws: BindingError.self) { try document.setValue("x", forKeyPath: "version.major") }
    // A path whose whole is no key walks its segments.
    let nested = DocumentObject(["version": ["minor": 4]])
    #expect(try nested.value(forKeyPath: "version.minor") == 4)
    #expect(throws: BindingError.invalidKeyPath("")) { try nested.value(forKeyPath: "") }
    let model = TableModel(title: "Document")
    _ = try model.generateSections(
      for: document, definition: .document(document.root, name: "document.json"))
    let rows = model.processChanges().target.sections.flatMap(\.items).map {
      ($0.text ?? "", $0.value)
    }
    #expect(rows.contains { $0.1 == 3 }, "\(rows)")
    // The empty key's row is labelled by the key as written.
    #expect(rows.contains { $0.0 == "\"\"" && $0.1 == "named" }, "\(rows)")
  }

  @Test func typedKeyPathBindingUsesThePropertyTableName() throws {
    let profile = Profile()
    let binding = RowBinding(profile, \.firstName)
    #expect(binding.keyPath == "firstName")
    #expect(try binding.read() == "Ken")
    try binding.write("Grace")
    #expect(profile.firstName == "Grace")
    #expect(
      throws: BindingError.typeMismatch(keyPath: "firstName", expected: "String", found: "Bool")
    ) {
      try binding.write(true)
    }
    #expect(profile.firstName == "Grace")
  }

  @Test func userTextIsParsedExplicitly() throws {
    #expect(try Value.parse("42", as: .int) == 42)
    #expect(try Value.parse("yes", as: .bool) == true)
    #expect(try Value.parse("2026-01-31", as: .date).dateValue != nil)
    // A day and time without a zone (a date and time input's value) is read in UTC.
    let noon = Date(timeIntervalSince1970: 1_769_860_800)
    #expect(try Value.parse("2026-01-31T12:00", as: .date) == .date(noon))
    #expect(try Value.parse("2026-01-31 12:00:05", as: .date) == .date(noon + 5))
    #expect(try Value.parse("2026-01-31T12:00:00Z", as: .date) == .date(noon))
    for impossible in [
      "2026-01-31T24:00", "2026-01-31T12:60", "2026-02-30T12:00", "2026-01-31T1:00",
      "2026-01-31T25:00:00Z", "2026-01-31T12:00:61Z",
    ] {
      #expect((try? Value.parse(impossible, as: .date)) == nil, "\(impossible)")
    }
    #expect(throws: ValueConversionError.self) { try Value.parse("abc", as: .double) }
    #expect((try? Value.parse("abc", as: .int)) == nil)
  }
}
