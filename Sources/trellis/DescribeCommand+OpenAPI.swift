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
}
