import Foundation
import Testing

/// `trellis validate` on descriptors' action selectors: what cannot act is a located warning,
/// and `--strict` makes it an error.
@Suite("Action selectors in trellis validate")
struct ActionSelectorCommandTests {
  static let descriptor = """
    {"schemaVersion": 1, "sections": [{"rows": [
      {"text": "Again", "action": "relaod"},
      {"text": "Keep", "action": "save"},
      {"text": "Back", "action": "pop"}
    ]}]}
    """

  func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("trellis-actions-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(Self.descriptor.utf8).write(to: folder.appendingPathComponent("A.json"))
    try Data("{}".utf8).write(to: folder.appendingPathComponent("data.json"))
    return folder
  }

  @Test func whatCannotActIsAWarningAndStrictMakesItAnError() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let loose = try await CommandRunner.run(
      ["validate", "A.json", "--data", "data.json"], in: folder)
    #expect(loose.status == 0)
    // `save` has the data file to save with: `trellis serve` and `trellis edit` save it.
    #expect(
      loose.output.split(separator: "\n") == [
        "A.json:2:31: warning: 'relaod' is not a built-in action (did you mean 'reload'?); the "
          + "app must register it"
      ])
    let strict = try await CommandRunner.run(
      ["validate", "--strict", "A.json", "--data", "data.json"], in: folder)
    #expect(strict.status == 1)
    #expect(strict.errors == "1 file checked: 1 error, 0 warnings\n")
  }
}
