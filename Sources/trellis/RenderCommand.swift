import ArgumentParser
import Foundation
import Trellis
import TrellisDescriptors
import TrellisTerminal

/// `trellis render`: a descriptor bound to a data document, or a data document alone, as
/// text or a JSON snapshot.
///
/// Lists over a source are shown once their first page has arrived (or failed).
struct RenderCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Render a descriptor's screen as text or as a JSON snapshot.",
    discussion: """
      The descriptor's format (Trellis, RCSTableKit or RMSTableViews) is detected. Descriptors \
      it pushes are looked up next to it as NAME.plist or NAME.json (beside its address, for a \
      descriptor fetched over http or https). Lists over a source \
      (SQLite, a document, a web service) are rendered once their first page has arrived; a \
      list that fails to load prints its error and exits with status 1.

      A CSV or TSV file, or a JSON or plist document that is no descriptor (a dictionary, or a \
      list of records), given without --data, is rendered as `trellis edit` shows it.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json
  }

  @OptionGroup var inputs: ScreenInputOptions

  @Option(help: "text or json.")
  var format: Format = .text

  @Option(help: "Follow pushes by row text, separated by '/': \"Row/Next Row\".")
  var push: String?

  @Option(help: "The width of the text rendering, 24 to 1000 columns.")
  var width = 60

  @Flag(help: "Colour themed rows with ANSI escape sequences (text format).")
  var color = false

  func validate() throws {
    guard TextRenderer.widths.contains(width) else {
      throw ValidationError(
        "--width must be between \(TextRenderer.widths.lowerBound) and "
          + "\(TextRenderer.widths.upperBound) columns, not \(width)")
    }
  }

  func run() async throws {
    let navigator: Navigator
    var descriptor: TableDescriptor?
    if let document = try inputs.dataDocument() {
      navigator = Navigator(root: try document.screen(file: inputs.descriptor, theme: inputs.theme))
    } else {
      let (loaded, library, root) = try await inputs.load()
      do { navigator = try library.makeNavigator(showing: loaded, root: root) } catch {
        for diagnostic in error.diagnostics { CommandOutput.error(diagnostic.description) }
        throw ExitCode(1)
      }
      descriptor = loaded
    }
    try await settle(navigator, descriptor: descriptor)
    if let push {
      for text in push.split(separator: "/").map(String.init) {
        try follow(text, in: navigator)
        try await settle(navigator, descriptor: descriptor)
      }
    }
    let snapshot = navigator.top.snapshot()
    switch format {
    case .text:
      CommandOutput.write(TextRenderer(width: width, usesColor: color).render(snapshot))
    case .json:
      CommandOutput.write(snapshot.jsonString() + "\n")
    }
  }

  /// Selects the row whose text is `text` on the top screen, which must push a screen.
  private func follow(_ text: String, in navigator: Navigator) throws {
    let screen = navigator.top
    let sections = screen.model.snapshot.sections
    let found = sections.lazy.flatMap(\.items).first { $0.text == text }?.id
    let place = screen.title.map { "screen '\($0)'" } ?? "the screen"
    guard let found else {
      let texts = sections.flatMap(\.items).compactMap(\.text).map { "'\($0)'" }
      CommandOutput.error(
        "error: --push: no row '\(text)' on \(place); its rows are "
          + texts.joined(separator: ", "))
      throw ExitCode(1)
    }
    let depth = navigator.stack.count
    do { try navigator.handle(.select(found)) } catch {
      CommandOutput.error("error: --push: selecting '\(text)' on \(place) failed: \(error)")
      throw ExitCode(1)
    }
    guard navigator.stack.count > depth else {
      CommandOutput.error("error: --push: selecting '\(text)' on \(place) pushes nothing")
      throw ExitCode(1)
    }
  }
}
