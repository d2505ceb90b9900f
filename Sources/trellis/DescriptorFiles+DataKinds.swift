import Foundation
import Trellis

/// What `describe` takes as data, and why what it was given is none of it.
extension DescriptorFiles {
  /// The kinds of data inferred screens are made from, in words.
  static let dataKinds = "an SQLite file, a postgres:// address or an OpenAPI document"

  /// Why `path` is none of the kinds of data (``dataKinds``): what was found there instead.
  static func notData(_ path: String) -> String {
    if webAddress(path) != nil {
      return "not \(dataKinds): an http(s) address is read as an OpenAPI document when its "
        + "last part ends in .yaml or .yml or names openapi or swagger"
    }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      return "no such file; expected \(dataKinds)"
    }
    if isFolder.boolValue { return "a folder, not \(dataKinds)" }
    return "not \(dataKinds): \(fileKind(path))"
  }

  /// Whether the last part of `path` names a YAML file (`.yaml`, `.yml`, in any case).
  static func isYAMLName(_ path: String) -> Bool {
    let name = (path as NSString).lastPathComponent.lowercased()
    return name.hasSuffix(".yaml") || name.hasSuffix(".yml")
  }

  /// What a YAML file that is no OpenAPI document is (``yamlRefusal(_:)``).
  static let yamlWithoutOpenAPI = "a YAML file without a top-level 'openapi' entry"

  /// Why `path`, a YAML file that is no OpenAPI document, is not read as a descriptor or a
  /// document: YAML is read only as OpenAPI 3, and a YAML file read as a property list would
  /// fail at its first line for a reason that names neither. `nil` for any other file.
  static func yamlRefusal(_ path: String) -> Diagnostic? {
    guard isYAMLName(path) else { return nil }
    return Diagnostic(
      "\(yamlWithoutOpenAPI): YAML is read only as an OpenAPI 3 document; descriptors and "
        + "documents are JSON or property lists", file: path)
  }

  /// What the file at `path` is, by its name and first bytes, in words.
  private static func fileKind(_ path: String) -> String {
    guard let handle = FileHandle(forReadingAtPath: path) else { return "the file cannot be read" }
    defer { try? handle.close() }
    let start = (try? handle.read(upToCount: 16)) ?? Data()
    if start.isEmpty { return "the file is empty" }
    let name = (path as NSString).lastPathComponent.lowercased()
    if isYAMLName(name) { return yamlWithoutOpenAPI }
    if name.hasSuffix(".json") { return "a JSON file without a top-level 'openapi' entry" }
    if start.count >= 6, start.prefix(6) == Data("SQLite".utf8) {
      return "an SQLite file of a format this program does not read"
    }
    return "a file of another kind (an SQLite file starts with 'SQLite format 3', an OpenAPI "
      + "document is a .json, .yaml or .yml file)"
  }
}
