import ArgumentParser

/// The `trellis` command-line tool: render, validate and serve table descriptors.
@main
struct TrellisCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "trellis",
    abstract:
      "Render, validate, serve and edit Trellis table descriptors and documents, and manage who may sign in.",
    subcommands: [
      RenderCommand.self, ValidateCommand.self, ServeCommand.self, EditCommand.self,
      DescribeCommand.self, UsersCommand.self,
    ])
}
