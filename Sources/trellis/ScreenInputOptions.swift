import ArgumentParser
import Trellis
import TrellisDescriptors

/// The inputs of a command that shows a descriptor's screen: the descriptor, the data bound as
/// its root object, and a theme.
struct ScreenInputOptions: ParsableArguments {
  @Argument(help: "The descriptor file (JSON or any property list format).")
  var descriptor: String

  @Option(help: "The data document (JSON or plist) bound as the root object.")
  var data: String?

  @Option(help: "A theme file (.sct) whose styles the screen shows.")
  var theme: String?

  /// Loads the inputs, or prints every diagnostic and exits with status 1.
  func load() throws -> (
    descriptor: TableDescriptor, library: DescriptorLibrary, root: DocumentObject
  ) {
    var files = DescriptorFiles()
    guard let inputs = files.screenInputs(descriptor: descriptor, data: data, theme: theme) else {
      files.printDiagnostics(toStandardError: true)
      throw ExitCode(1)
    }
    return inputs
  }
}
