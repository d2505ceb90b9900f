import Foundation
import Trellis

/// The seed fixtures kept in the repository's `Tests/Fixtures`, for this package's own tests.
package enum TestFixtures {
  /// The fixtures folder, found from this file's place in the repository.
  package static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // TrellisTesting
    .deletingLastPathComponent()  // Sources
    .deletingLastPathComponent()  // the repository
    .appendingPathComponent("Tests/Fixtures")

  /// The fixture named `name` (`"Theme.sct"`).
  package static func url(_ name: String) -> URL {
    directory.appendingPathComponent(name)
  }

  /// The fixture named `name`, as bytes.
  package static func data(_ name: String) throws -> Data {
    try Data(contentsOf: url(name))
  }

  /// The seed's final theme file, parsed.
  package static func seedTheme() throws -> Theme {
    try Theme(parsing: String(decoding: data("Theme.sct"), as: UTF8.self), file: "Theme.sct")
  }
}
