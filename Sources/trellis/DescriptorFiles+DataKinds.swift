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
        + "last part ends in .yaml or .yml or names openapi or swagger, and as an API's root "
        + "when it ends in /"
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

  /// What a YAML file that is no OpenAPI document is (``refusal(_:)``).
  static let yamlWithoutOpenAPI = "a YAML file without a top-level 'openapi' entry"

  /// Why the file at `path` is not read as a descriptor or a document, judged by its name:
  /// read as a property list, it would fail at its first line for a reason that names neither
  /// its format nor what to do. `nil` for a file that may be JSON, a property list or separated
  /// values.
  ///
  /// A YAML file is read only as an OpenAPI 3 document; a spreadsheet is read once it is
  /// exported as CSV.
  static func refusal(_ path: String) -> Diagnostic? {
    // A file that is not there is reported as unreadable.
    if webAddress(path) == nil, !FileManager.default.fileExists(atPath: path) { return nil }
    let written = "descriptors are JSON or property lists, and documents also CSV or TSV"
    if isYAMLName(path) {
      return Diagnostic(
        "\(yamlWithoutOpenAPI): YAML is read only as an OpenAPI 3 document; \(written)",
        file: path)
    }
    let suffix = (path as NSString).pathExtension.lowercased()
    if spreadsheets.contains(suffix) {
      return Diagnostic("a spreadsheet: \(written); export the sheet as CSV", file: path)
    }
    if let format = otherFormats[suffix] {
      return Diagnostic("a \(format) file: \(written)", file: path)
    }
    return nil
  }

  /// The extensions of spreadsheets' files.
  private static let spreadsheets: Set = ["xlsx", "xls", "ods", "numbers"]

  /// Other formats of data, by their files' extensions.
  private static let otherFormats = ["toml": "TOML", "ini": "INI", "sql": "SQL script"]

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
