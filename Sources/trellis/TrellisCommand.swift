import ArgumentParser

/// The `trellis` command-line tool: render, validate and serve table descriptors.
@main
struct TrellisCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "trellis",
    abstract: "Render, validate and serve Trellis table descriptors.",
    subcommands: [RenderCommand.self, ValidateCommand.self, ServeCommand.self])
}
