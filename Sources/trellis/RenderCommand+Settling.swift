import ArgumentParser
import Foundation
import Trellis
import TrellisDescriptors

extension RenderCommand {
  /// Processes changes until no list waits for a page, then stops with the error of any list
  /// whose load failed, located in `descriptor` when there is one; waits at most
  /// ``ScreenInputOptions/timeout`` seconds.
  func settle(_ navigator: Navigator, descriptor: TableDescriptor?) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(inputs.timeout)
    while true {
      navigator.processChanges()
      let models = navigator.stack.map(\.model)
      if !models.contains(where: { $0.hasWorkUnderWay || $0.hasPendingChanges }) { break }
      guard clock.now < deadline else {
        let waiting = models.flatMap(\.sections).compactMap { $0 as? ArrayOfObjectsSection }
          .filter(\.loadState.isLoading).map { "'\($0.id)'" }
        let what = waiting.isEmpty ? "the screen" : "the list \(waiting.joined(separator: ", "))"
        CommandOutput.error(
          "error: \(what) did not load within \(Self.seconds(inputs.timeout)) seconds "
            + "(--timeout)")
        throw ExitCode(1)
      }
      try await Task.sleep(for: .milliseconds(5))
    }
    let file = descriptor?.file
    if let failure = navigator.top.loadFailure {
      let place = descriptor?.singleObject?.location
      CommandOutput.error(
        Diagnostic(failure, at: place?.inFile(file), file: file).description)
      throw ExitCode(1)
    }
    let failed = navigator.top.model.sections.compactMap { $0 as? ArrayOfObjectsSection }
      .filter { $0.loadState.errorMessage != nil }
    guard !failed.isEmpty else { return }
    for section in failed {
      let place = descriptor?.sections.enumerated().first { index, written in
        (written.name ?? "section\(index)") == section.id
      }?.element.source?.location
      let diagnostic = Diagnostic(
        "list '\(section.id)': \(section.loadState.errorMessage ?? "")",
        at: place?.inFile(file), file: file)
      CommandOutput.error(diagnostic.description)
    }
    throw ExitCode(1)
  }

  /// Seconds without a needless fraction: `30`, `0.5`.
  static func seconds(_ value: Double) -> String {
    value.rounded() == value ? String(Int(value)) : String(value)
  }
}
