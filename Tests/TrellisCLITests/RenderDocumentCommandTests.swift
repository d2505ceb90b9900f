import Foundation
import Testing

/// `trellis render` of a data document with no descriptor: shown as `trellis edit` shows it,
/// as `trellis serve` serves it.
@Suite("trellis render data documents")
struct RenderDocumentCommandTests {
  /// A folder holding `files`, removed after `body`.
  private func withFiles(
    _ files: [String: String], _ body: (URL) async throws -> Void
  ) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trellis-render-document-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, text) in files {
      try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }
    try await body(folder)
  }

  @Test func aDictionaryIsItsForm() async throws {
    try await withFiles(["person.json": #"{"name": "Ada", "age": 36, "langs": ["en", "fr"]}"#]) {
      let result = try await CommandRunner.run(
        ["render", "person.json", "--width", "40"], in: $0)
      #expect(result.errors == "")
      #expect(result.status == 0)
      #expect(
        result.output == """
          person.json  [Edit]
          ===================

            +--------------------------------------+
            | Name                             Ada |
            | Age                               36 |
            | Langs                            2 > |
            | Add Key…                             |
            +--------------------------------------+

          """)
      let pushed = try await CommandRunner.run(
        ["render", "person.json", "--width", "40", "--push", "Langs"], in: $0)
      #expect(pushed.status == 0)
      #expect(pushed.output.contains("| en "))
      #expect(pushed.output.contains("| fr "))
    }
  }

  @Test func aListOfRecordsIsAListAndNoDescriptor() async throws {
    let records = #"[{"name": "Ada", "age": 36}, {"name": "Alan", "age": 41}]"#
    try await withFiles([
      "people.json": records, "cyan.sct": "SCTableViewCell { backgroundColor: cyanColor; }",
    ]) {
      let result = try await CommandRunner.run(
        ["render", "people.json", "--width", "40"], in: $0)
      // Read as an RMSTableViews descriptor, every key was an unknown section key.
      #expect(result.errors == "")
      #expect(result.status == 0)
      #expect(result.output.contains("| Ada "))
      #expect(result.output.contains("| Alan "))
      let pushed = try await CommandRunner.run(
        ["render", "people.json", "--width", "40", "--push", "Alan"], in: $0)
      #expect(pushed.status == 0)
      #expect(pushed.output.contains("| Age                               41 |"))
      let themed = try await CommandRunner.run(
        ["render", "people.json", "--theme", "cyan.sct", "--format", "json"], in: $0)
      #expect(themed.status == 0)
      #expect(themed.output.contains(#""backgroundColor" : "cyanColor""#))
      // The file is shown, never written.
      let kept = try String(
        contentsOf: $0.appendingPathComponent("people.json"), encoding: .utf8)
      #expect(kept == records)
    }
  }

  @Test func aDocumentWhoseRootCannotBeShownSaysWhereAndWhy() async throws {
    try await withFiles(["numbers.json": "[1, 2, 3]", "bad.json": #"{"name": "Ada",}"#]) {
      let numbers = try await CommandRunner.run(["render", "numbers.json"], in: $0)
      #expect(numbers.status == 1)
      #expect(numbers.output == "")
      #expect(numbers.errors.hasPrefix("numbers.json:1:"))
      let bad = try await CommandRunner.run(["render", "bad.json"], in: $0)
      #expect(bad.status == 1)
      #expect(bad.output == "")
      #expect(bad.errors.hasPrefix("bad.json:1:"))
    }
  }
}
