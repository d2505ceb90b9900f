import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import Trellis
import TrellisDocuments
import Yams

/// Reads an OpenAPI 3.0 or 3.1 document, JSON or YAML, into OpenAPIKit's 3.1 model.
///
/// A document that does not read is an error naming the file, the place in the document
/// (`paths./pets.get.responses`) and, where the text has one, its line and column.
package enum OpenAPIDocumentReader {
  /// The largest document read, in bytes: anything bigger is refused before it is parsed.
  package static let maximumSize = 16 << 20

  /// Whether `data` is meant as an OpenAPI (or Swagger) document: its top level has an
  /// `openapi` or `swagger` entry. Only the first 64 KiB are looked at.
  package static func isOpenAPIDocument(_ data: Data) -> Bool {
    let start = String(decoding: data.prefix(64 << 10), as: UTF8.self)
    if start.first(where: { !$0.isWhitespace }) == "{" {
      // JSON: the key at the top level; a descriptor or a data document has none.
      guard let entry = try? OpenAPIVersionEntry.json(data) else {
        return start.contains("\"openapi\"") && start.contains("\"paths\"")
      }
      return entry.isPresent
    }
    return start.split(whereSeparator: \.isNewline).contains { line in
      line.hasPrefix("openapi:") || line.hasPrefix("swagger:") || line.hasPrefix("\"openapi\":")
    }
  }

  /// The document in `data`, read as `file`.
  ///
  /// - Throws: located diagnostics: a document too large, one that is not JSON or YAML, a
  ///   Swagger 2.0 document, or one that OpenAPI's schema refuses.
  package static func read(_ data: Data, file: String) throws(DiagnosticList)
    -> OpenAPIKit.OpenAPI.Document
  {
    guard data.count <= maximumSize else {
      throw DiagnosticList([
        Diagnostic("the OpenAPI document is larger than \(maximumSize >> 20) MiB", file: file)
      ])
    }
    // The bytes are let go once they are text: the parsers read the text.
    let text: String
    do {
      // A byte-order mark opens some editors' files: it is no part of the JSON or YAML.
      let bytes = Array(data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...])
      if let invalid = SourceLocation.firstInvalidUTF8(in: bytes, file: file) {
        throw DiagnosticList([
          Diagnostic(
            "the OpenAPI document is not UTF-8 text (byte \(invalid.offset) is not)",
            at: invalid.location, file: file)
        ])
      }
      text = String(decoding: bytes, as: UTF8.self)
    }
    let isJSON = text.first(where: { !$0.isWhitespace }) == "{"
    if let problem = nestingProblem(Data(text.utf8)) ?? (isJSON ? nil : aliasProblem(text)) {
      throw DiagnosticList([Diagnostic(problem, file: file)])
    }
    if let outside = outsideReference(in: text, file: file) { throw DiagnosticList([outside]) }
    // The text parsed once: YAML's nodes are both where the version is found and what is
    // decoded; JSON's version is found by Foundation's parser, which also says whether it is
    // JSON at all. The nodes are let go when the document is decoded.
    var node: Node?
    let version: String
    do {
      if isJSON {
        version = try jsonVersion(Data(text.utf8))
        node = try? YAMLNodeDecoder.parse(text)
      } else {
        let root = try yamlRoot(text)
        version = try Self.version(of: OpenAPIVersionEntry(node: root.mapping ?? [:]))
        node = root
      }
    } catch {
      throw DiagnosticList([error.inFile(file)])
    }
    if version.hasPrefix("2") {
      throw DiagnosticList([
        Diagnostic(
          "Swagger \(version) is not read; convert the document to OpenAPI 3 first",
          file: file)
      ])
    }
    do {
      if version.hasPrefix("3.0") {
        return converted(
          try decode(OpenAPIKit30.OpenAPI.Document.self, text, node: node.take(), isJSON: isJSON))
      }
      return try decode(OpenAPIKit.OpenAPI.Document.self, text, node: node.take(), isJSON: isJSON)
    } catch {
      let readable = OpenAPIKit.OpenAPI.Error(from: error)
      let path = readable.codingPath.map(\.stringValue)
      // OpenAPIKit explains over several lines; a diagnostic is one.
      var message = readable.localizedDescription.split(whereSeparator: \.isNewline)
        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        .joined(separator: " ")
      while message.hasSuffix("..") { message.removeLast() }
      if !path.isEmpty { message = "at \(path.joined(separator: ".")): " + message }
      let place = OpenAPIDocumentLocator(text: text, isJSON: isJSON, file: file).location(of: path)
      throw DiagnosticList([Diagnostic(message, at: place, file: file)])
    }
  }

  /// The deepest nesting read: the parsers and the reading of the model recurse once per
  /// level, so a document nested deeper is refused before it is parsed.
  package static let maximumDepth = 200

  /// Why the text nests too deeply (brackets, or a YAML line's indentation), or `nil`.
  /// Brackets inside strings count too: a real document is far from the limit.
  static func nestingProblem(_ data: Data) -> String? {
    var depth = 0
    var indentation = 0
    var atLineStart = true
    for byte in data {
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        if depth > maximumDepth {
          return "the document nests more than \(maximumDepth) levels deep"
        }
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth = max(0, depth - 1)
      default: break
      }
      if byte == UInt8(ascii: "\n") {
        atLineStart = true
        indentation = 0
      } else if atLineStart && (byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-")) {
        indentation += 1
        if indentation > maximumDepth * 8 {
          return "the document nests more than \(maximumDepth) levels deep"
        }
      } else {
        atLineStart = false
      }
    }
    return nil
  }

  /// The first reference to something outside the document (another file or an address),
  /// located, or `nil`: only references within the document (`#/components/schemas/Pet`)
  /// are read.
  static func outsideReference(in text: String, file: String) -> Diagnostic? {
    guard let reference = try? Regex(#"["']?\$ref["']?[ \t]*:[ \t]*["']?([^"'\s,}\]]*)"#)
    else { return nil }
    for match in text.matches(of: reference) {
      guard let target = match.output[1].substring, !target.hasPrefix("#") else { continue }
      let before = text[..<match.range.lowerBound]
      let line = before.reduce(1) { $0 + ($1 == "\n" ? 1 : 0) }
      let column =
        before.distance(
          from: before.lastIndex(of: "\n").map(before.index(after:)) ?? before.startIndex,
          to: before.endIndex) + 1
      return Diagnostic(
        "the reference '\(target)' points outside the document; only references within it "
          + "are read ('#/components/schemas/Name'): copy what it names into the document",
        at: SourceLocation(file: file, line: line, column: column), file: file)
    }
    return nil
  }

  /// Why a YAML text is refused for its anchors and aliases, or `nil`: an alias copies what
  /// its anchor holds, so a few nested ones make a small text enormous.
  static func aliasProblem(_ text: String) -> String? {
    let anchor = try? Regex(#"(^|[\s\[,])&[A-Za-z0-9_]"#)
    let alias = try? Regex(#"(^|[\s\[,])\*[A-Za-z0-9_]"#)
    guard let anchor, let alias, (try? anchor.firstMatch(in: text)) != nil,
      (try? alias.firstMatch(in: text)) != nil
    else { return nil }
    return "YAML anchors and aliases (&name, *name) are not read; write the document out in full"
  }

  /// A YAML syntax error, located where it was found, and saying what was being read there
  /// and where that began ("while parsing a flow sequence that began at 6:7").
  static func yamlDiagnostic(_ error: YamlError) -> Diagnostic {
    switch error {
    case .scanner(let context, let problem, let mark, _),
      .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      let reading = context.map {
        ", \($0.text) that began at \($0.mark.line):\($0.mark.column)"
      }
      return Diagnostic(
        "the document is not YAML: \(problem)\(reading ?? "")",
        at: SourceLocation(line: mark.line, column: mark.column))
    default:
      return Diagnostic("the document is not YAML: \(error)")
    }
  }

  /// The version a JSON text's top level gives; an error saying where the text stops being
  /// JSON, and why, when it is not.
  private static func jsonVersion(_ data: Data) throws(Diagnostic) -> String {
    let entry: OpenAPIVersionEntry
    do {
      entry = try OpenAPIVersionEntry.json(data)
    } catch DecodingError.typeMismatch {
      throw Diagnostic("the document is not a JSON object")
    } catch {
      // Trellis's own reading of JSON says where the text stops being JSON, and why.
      do { _ = try LocatedDocument(data: data, format: .json) } catch let located {
        throw located
      }
      throw Diagnostic("the document is not JSON: \(error)")
    }
    return try version(of: entry)
  }

  /// The root node of a YAML text, which must be a mapping.
  private static func yamlRoot(_ text: String) throws(Diagnostic) -> Node {
    let root: Node?
    do { root = try YAMLNodeDecoder.parse(text) } catch let error as YamlError {
      throw yamlDiagnostic(error)
    } catch {
      throw Diagnostic("the document is not YAML: \(error)")
    }
    guard let root, root.mapping != nil else {
      throw Diagnostic("the document is not a YAML mapping")
    }
    return root
  }

  /// The document's `openapi` (or `swagger`) version.
  private static func version(of entry: OpenAPIVersionEntry) throws(Diagnostic) -> String {
    if let swagger = entry.swagger { return swagger.hasPrefix("2") ? "2.0" : "2" }
    guard let version = entry.openapi else {
      throw Diagnostic("the document has no 'openapi' version")
    }
    return version
  }

  /// The document of `type` that `node` (when the text parsed as YAML) or else `text` holds.
  private static func decode<Document: Decodable>(
    _ type: Document.Type, _ text: String, node: Node?, isJSON: Bool
  ) throws -> Document {
    // JSON is read as YAML first, which keeps the order of each object's keys (the order of
    // a form's properties); JSON that YAML does not take is read as JSON.
    if !isJSON, let node { return try YAMLNodeDecoder(node: node).decode(type) }
    if let node, let document = try? YAMLNodeDecoder(node: node).decode(type) {
      return document
    }
    return try JSONDecoder().decode(type, from: Data(text.utf8))
  }
}
