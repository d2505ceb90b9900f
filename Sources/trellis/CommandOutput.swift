import Foundation

/// Writes to standard output and standard error.
enum CommandOutput {
  /// Writes `text` to standard output as it is.
  static func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// Writes one line to standard error.
  static func error(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  /// Writes one line about what the command did to standard error, apart from its output.
  static func note(_ line: String) { error(line) }
}
