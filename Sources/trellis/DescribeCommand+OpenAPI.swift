import ArgumentParser
import Foundation
import Trellis
import TrellisListSources

/// `trellis describe spec.yaml`: the descriptors inferred from an OpenAPI document.
extension DescribeCommand {
  /// Prints (or writes to --output) the descriptors of the OpenAPI document `data`: its
  /// resources' lists, whose sources hold the API's address, and the home screen.
  func describeOpenAPI() throws {
    var files = DescriptorFiles()
    files.openAPIBaseURL = baseURL
    guard let inferred = files.openAPIDescriptors(data, file: data, readOnly: readOnly) else {
      files.printDiagnostics(toStandardError: true)
      throw ExitCode(1)
    }
    files.printDiagnostics(toStandardError: true)
    try emit(inferred)
  }

  /// Prints the home screen's descriptor (or --screen NAME's), or writes every descriptor to
  /// --output as NAME.json and prints each file's path.
  func emit(_ inferred: InferredDescriptors) throws {
    guard let output else {
      let wanted = screen.map(InferredDescriptors.screenName) ?? inferred.home.name
      guard let named = inferred.all.first(where: { $0.name == wanted }) else {
        let names = inferred.all.map(\.name).joined(separator: ", ")
        CommandOutput.error("error: no screen '\(screen ?? "")'; the screens are \(names)")
        throw ExitCode(1)
      }
      CommandOutput.write(try text(named.document))
      return
    }
    let folder = URL(fileURLWithPath: output, isDirectory: true).standardizedFileURL
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for named in inferred.all {
      let target = folder.appendingPathComponent("\(named.name).json")
      do { try Data(try text(named.document).utf8).write(to: target, options: .atomic) } catch {
        CommandOutput.error(
          Diagnostic("cannot write the file: \(error)", file: target.path).description)
        throw ExitCode(1)
      }
      CommandOutput.write(target.path + "\n")
    }
  }
}
