import ArgumentParser
import Foundation
import Trellis
import TrellisDescriptors

extension DocumentStore {
  /// The document at `path`, for `trellis edit` and `trellis serve`: its parse error, or why
  /// its root cannot be shown as a screen, is printed, located, and ends the command.
  static func opening(_ path: String) throws -> DocumentStore {
    if let refusal = DescriptorFiles.refusal(path) {
      CommandOutput.error(refusal.description)
      throw ExitCode(1)
    }
    let store: DocumentStore
    do { store = try DocumentStore(contentsOf: URL(fileURLWithPath: path)) } catch {
      CommandOutput.error(error.description)
      throw ExitCode(1)
    }
    return try store.requiringShowableRoot(file: path)
  }

  /// This store, when its root can be shown as a screen; otherwise why not is printed,
  /// located in `file` (the path as given), and ends the command.
  func requiringShowableRoot(file: String) throws -> DocumentStore {
    if let problem = rootProblem {
      CommandOutput.error(problem.inFile(file).description)
      throw ExitCode(1)
    }
    return self
  }

  /// The document's screen, styled by the theme file at `theme`, for `trellis edit` and
  /// `trellis render`; a screen that cannot be made is printed as an error of `file`, and ends
  /// the command.
  func screen(file: String, theme: String?) throws -> Screen {
    let screen: Screen
    do { screen = try self.screen() } catch {
      CommandOutput.error(Diagnostic(error.description, file: file).description)
      throw ExitCode(1)
    }
    if let theme { screen.model.theme = try DescriptorFiles.requiredTheme(theme) }
    return screen
  }
}
