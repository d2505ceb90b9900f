import Foundation
import Testing
import TrellisValues

@testable import TrellisDocuments

/// Saving a JSON file changes only the text of the values that changed: everything else keeps
/// the file's own spelling (escapes, numbers' forms, one-line objects and arrays, spacing).
@Suite("JSON spelling kept on save")
struct JSONTextEditTests {
  static let text = """
    {
      "name": "Widget",
      "version": 1.0,
      "alpha": "\\u00e9t\\u00e9",
      "sci": 1e3,
      "nested": {"b": 2, "a": 1},
      "list": [1, 2.50, "x"]
    }

    """

  /// The file's text after saving `edit` applied to its tree.
  static func saved(
    _ text: String, lineBreak: String = "\n", _ edit: (DocumentObject) throws -> Void
  ) throws -> String {
    try saved(text, lineBreak: lineBreak) { (root: Value) throws -> Value in
      let object = DocumentObject(root)
      try edit(object)
      return object.root
    }
  }

  /// The file's text after saving the tree `edit` makes of its tree.
  static func saved(_ text: String, lineBreak: String = "\n", _ edit: (Value) throws -> Value)
    throws -> String
  {
    let url = try DocumentTestSupport.temporaryDirectory().appendingPathComponent("c.json")
    try Data(text.replacingOccurrences(of: "\n", with: lineBreak).utf8).write(to: url)
    var file = try DocumentFile(contentsOf: url)
    let root = try edit(file.root)
    try file.save(root)
    let written = try String(contentsOf: url, encoding: .utf8)
    #expect(try LocatedDocument(text: written).root == root)
    return written
  }

  /// `root`, a dictionary, with `value` added under `key`.
  static func adding(_ key: String, _ value: Value, to root: Value) -> Value {
    var dictionary = root.dictionaryValue ?? [:]
    dictionary[key] = value
    return .dictionary(dictionary)
  }

  @Test func aChangedValueIsTheOnlyTextThatChanges() throws {
    let written = try Self.saved(Self.text) { try $0.setValue("Gadget", forKeyPath: "name") }
    #expect(written == Self.text.replacingOccurrences(of: "Widget", with: "Gadget"))
  }

  @Test func aValueInAnObjectOnOneLineKeepsItOnOneLine() throws {
    let written = try Self.saved(Self.text) {
      try $0.setValue(.int(3), forKeyPath: "nested.b")
      try $0.setValue(.string("y"), forKeyPath: "list.2")
    }
    #expect(written.contains(#""nested": {"b": 3, "a": 1},"#))
    #expect(written.contains(#""list": [1, 2.50, "y"]"#))
    #expect(written.contains(#""alpha": "\u00e9t\u00e9","#))
    #expect(written.contains(#""sci": 1e3,"#))
  }

  @Test func aKeyAddedOrRemovedKeepsTheOtherEntriesSpelling() throws {
    let added = try Self.saved(Self.text) { Self.adding("added", "new", to: $0) }
    #expect(added.contains(#""alpha": "\u00e9t\u00e9","#))
    #expect(added.contains(#""nested": {"b": 2, "a": 1},"#))
    #expect(added.contains(#""list": [1, 2.50, "x"],"#))
    #expect(added.contains(#"  "added": "new"\#n}"#))
    var removed = try LocatedDocument(text: Self.text).root.dictionaryValue ?? [:]
    removed["sci"] = nil
    let written = try Self.saved(Self.text) { _ in .dictionary(removed) }
    #expect(!written.contains("sci"))
    #expect(written.contains(#""list": [1, 2.50, "x"]"#))
  }

  @Test func anArrayThatLostAnElementKeepsTheOthersSpelling() throws {
    let written = try Self.saved(#"{"list": [1.50, 2e2, "\u0041", 4]}"#) { _ in
      .dictionary(["list": .array([.double(1.5), .double(200), .int(4)])])
    }
    #expect(written.contains("1.50"))
    #expect(written.contains("2e2"))
    #expect(!written.contains("0041"))
  }

  /// A row removed from a long list keeps the other rows' text, found near where they were.
  @Test func aRowRemovedFromALongListKeepsTheOthersText() throws {
    let rows = (0..<5_000).map { #"{"n": \#($0), "price": 1.50}"# }
    let text = "[\n  " + rows.joined(separator: ",\n  ") + "\n]\n"
    let written = try Self.saved(text) { root in
      guard case .array(var array) = root else { return root }
      array.remove(at: 10)
      array.insert(.string("new"), at: 500)
      return .array(array)
    }
    #expect(written.components(separatedBy: "1.50").count - 1 == 4_999)
    #expect(!written.contains(#""n": 10,"#))
    #expect(written.contains(#""new""#))
  }

  @Test func aFileWithCRLFLinesKeepsThemInWhatIsWrittenAfresh() throws {
    let written = try Self.saved(Self.text, lineBreak: "\r\n") {
      Self.adding("added", .dictionary(["k": .int(1)]), to: $0)
    }
    #expect(!written.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    #expect(written.contains("\"added\": {\r\n    \"k\": 1\r\n  }"))
  }

  /// Random trees, spelled on one line or indented, edited at random: the edit always
  /// succeeds (the text scans), and reads back as the edited tree.
  @Test func randomEditsOfRandomTextsReadBackAsTheirTrees() throws {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      let tree = Self.randomTree(depth: 0, using: &generator)
      guard case .dictionary = tree else { continue }
      var text = try [UInt8](DocumentWriter.data(for: tree, format: .json))
      if Bool.random(using: &generator) {
        // The same tree on one line, with spaces after the separators.
        text = Array(
          String(decoding: text, as: UTF8.self).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ").utf8)
      }
      let edited = Self.randomEdit(of: tree, using: &generator)
      let result = JSONTextEdit.edited(
        text, from: tree, to: edited, options: DocumentWriteOptions())
      let written = try #require(result)
      #expect(
        try LocatedDocument(bytes: written, format: .json, file: nil, options: .init()).root
          == edited)
    }
  }

  static func randomTree(depth: Int, using generator: inout some RandomNumberGenerator)
    -> Value
  {
    let kind = depth == 0 ? 5 : Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &generator)
    switch kind {
    case 0: return .int(Int.random(in: -1000...1000, using: &generator))
    case 1: return .double(Double(Int.random(in: -100...100, using: &generator)) / 8)
    case 2: return .string(["a", "é\"q", "x\\y", "", "ünï\u{1F600}"].randomElement()!)
    case 3: return Bool.random(using: &generator) ? .bool(true) : .null
    case 4:
      return .array(
        (0..<Int.random(in: 0..<4, using: &generator)).map { _ in
          randomTree(depth: depth + 1, using: &generator)
        })
    default:
      var dictionary = ValueDictionary()
      for index in 0..<Int.random(in: 0..<5, using: &generator) {
        dictionary["k\(index)\(["", ".", " \"x\""].randomElement()!)"] = randomTree(
          depth: depth + 1, using: &generator)
      }
      return .dictionary(dictionary)
    }
  }

  /// `tree` with one value replaced, added or removed somewhere.
  static func randomEdit(of tree: Value, using generator: inout some RandomNumberGenerator)
    -> Value
  {
    switch tree {
    case .dictionary(var dictionary):
      let choice = Int.random(in: 0..<4, using: &generator)
      if choice == 0 || dictionary.isEmpty {
        dictionary["added\(Int.random(in: 0..<3, using: &generator))"] = .int(7)
      } else if choice == 1 {
        dictionary[dictionary.keys.randomElement(using: &generator)!] = nil
      } else {
        let key = dictionary.keys.randomElement(using: &generator)!
        dictionary[key] = randomEdit(of: dictionary[key]!, using: &generator)
      }
      return .dictionary(dictionary)
    case .array(var array):
      if array.isEmpty || Bool.random(using: &generator) {
        array.insert(.string("new"), at: Int.random(in: 0...array.count, using: &generator))
      } else {
        let index = Int.random(in: 0..<array.count, using: &generator)
        array[index] = randomEdit(of: array[index], using: &generator)
      }
      return .array(array)
    case .int(let int): return .int(int + 1)
    default: return .string("changed")
    }
  }
}
