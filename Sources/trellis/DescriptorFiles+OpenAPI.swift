import Foundation
import Trellis
import TrellisDescriptors
import TrellisListSources
import TrellisOpenAPI

/// Any OpenAPI 3 document as screens, with no descriptor: the descriptors inferred from its
/// resources (``OpenAPIDescriptors``), each list over the API through a web-service source.
extension DescriptorFiles {
  /// Whether `path` is an OpenAPI document: a JSON or YAML file whose top level has an
  /// `openapi` entry, or an address whose last part ends in `.yaml` or `.yml` or names
  /// `openapi` or `swagger` (fetched once, when it is served), or an API's root, which ends
  /// in `/` (``isAPIRoot(_:)``).
  static func isOpenAPIDocument(_ path: String) -> Bool {
    if let url = webAddress(path) {
      let last = url.lastPathComponent.lowercased()
      return isYAMLName(last) || last.contains("openapi") || last.contains("swagger")
        || isAPIRoot(path)
    }
    guard isYAMLName(path) || path.lowercased().hasSuffix(".json"),
      let handle = FileHandle(forReadingAtPath: path)
    else { return false }
    defer { try? handle.close() }
    let start = (try? handle.read(upToCount: OpenAPIDocumentReader.maximumSize + 1)) ?? Data()
    return OpenAPIDocumentReader.isOpenAPIDocument(start)
  }

  /// The document at `path` (a file or an address), read; `nil`, with a located diagnostic,
  /// when it cannot be.
  mutating func openAPIDescriptors(_ path: String, file: String, readOnly: Bool)
    -> InferredDescriptors?
  {
    let document = Self.isAPIRoot(path) ? apiRootDocument(path) : read(path)
    guard let data = document else { return nil }
    // After the document's models, made and freed below, are let go.
    defer { OpenAPIDocumentReader.returnFreedMemory() }
    do {
      let document = try OpenAPIDocumentReader.read(data, file: path)
      let title = (path as NSString).lastPathComponent
      let descriptors = try OpenAPIDescriptors.make(
        document, file: path, title: title, baseURL: openAPIBaseURL,
        documentURL: Self.webAddress(path), readOnly: readOnly)
      if openAPITokenGiven && !descriptors.usesCredential {
        diagnostics.append(
          Diagnostic(
            "the document has no bearer or API-key security scheme: --token is not sent",
            file: path, severity: .warning))
      }
      return descriptors
    } catch {
      diagnostics += error.diagnostics
      return nil
    }
  }

  /// The home screen inferred from the OpenAPI document at `path`, the library holding every
  /// resource's list, and an empty root object; `nil`, with diagnostics, when the document
  /// cannot be read.
  mutating func openAPIInputs(_ path: String, theme: String?) -> (
    descriptor: TableDescriptor, library: DescriptorLibrary, root: any KeyValueCoding
  )? {
    guard let inferred = openAPIDescriptors(path, file: path, readOnly: readOnly) else {
      return nil
    }
    var library = DescriptorLibrary(classes: classes)
    library.registerStoreSources()
    let (home, found) = inferred.read(into: &library, classes: classes)
    diagnostics += found
    if let theme { library.theme = self.theme(theme) }
    guard let home, !hasErrors else { return nil }
    return (home, library, DocumentObject([:]))
  }
}
