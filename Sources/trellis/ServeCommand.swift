import ArgumentParser

/// `trellis serve`: not available in this build yet.
struct ServeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve a descriptor's screen through the web host (not available yet).")

  @Argument(help: "The descriptor file.")
  var descriptor: String

  @Option(help: "The data document (JSON or plist) bound as the root object.")
  var data: String?

  func run() throws {
    CommandOutput.error(
      "trellis serve is not available yet: the web host is not part of this build")
    throw ExitCode(2)
  }
}
