import ArgumentParser

/// The `trellis` command-line tool: render, validate and serve table descriptors.
@main
struct TrellisCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "trellis",
    abstract: "Render, validate and serve Trellis table descriptors.")
}
