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
    if let problem = store.rootProblem {
      CommandOutput.error(problem.description)
      throw ExitCode(1)
    }
    return store
  }
}
