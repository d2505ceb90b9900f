import Foundation
import Trellis
import TrellisDescriptors
import TrellisOpenAPI

/// `trellis validate` of an OpenAPI document: what `serve` makes of it.
extension DescriptorFiles {
  /// Prints what serving the OpenAPI document at `path` shows (each resource listed, each
  /// resource or path left out, with why), and reads its descriptors; what cannot be read is
  /// a located diagnostic.
  mutating func checkOpenAPIDocument(_ path: String, baseURL: String?) {
    guard let data = read(path) else { return }
    let report: OpenAPIReport
    do {
      report = try OpenAPIReport(
        data: data, file: path, baseURL: baseURL, documentURL: Self.webAddress(path))
    } catch {
      diagnostics += error.diagnostics
      return
    }
    var library = DescriptorLibrary(classes: classes)
    diagnostics += report.descriptors.read(into: &library, classes: classes).diagnostics
    let listed = report.listed.count
    let skipped = report.skipped.count
    var lines = [
      "\(path): serve lists \(listed) resource\(listed == 1 ? "" : "s") and leaves out "
        + "\(skipped)"
    ]
    lines += report.listed.map { "  listed \($0.path): \($0.words)" }
    lines += report.skipped.map { "  left out \($0.path): \($0.words)" }
    CommandOutput.write(lines.joined(separator: "\n") + "\n")
  }
}
