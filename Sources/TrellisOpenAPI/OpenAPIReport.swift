import Foundation
import OpenAPIKit
import Trellis
import TrellisListSources

/// What `trellis serve` makes of an OpenAPI document, in words: each resource it lists and
/// what its forms can do, and each resource or path it leaves out, with why.
package struct OpenAPIReport: Sendable {
  /// A path, and what becomes of it in words.
  package struct Entry: Hashable, Sendable {
    package var path: String
    package var words: String
  }

  /// The descriptors `serve` shows.
  package var descriptors: InferredDescriptors
  /// The resources listed: each path, with its name and what the API lets its list do.
  package var listed: [Entry] = []
  /// The resources and paths left out, each with why.
  package var skipped: [Entry] = []

  /// The report of the document in `data`, read from `file`.
  ///
  /// - Throws: located diagnostics of what cannot be read (``OpenAPIDocumentReader``), and
  ///   what serving the document would report.
  package init(data: Data, file: String, baseURL: String?, documentURL: URL?)
    throws(DiagnosticList)
  {
    let document = try OpenAPIDocumentReader.read(data, file: file)
    try self.init(document, file: file, baseURL: baseURL, documentURL: documentURL)
  }

  /// The report of `document`, read from `file`.
  ///
  /// - Parameters:
  ///   - baseURL: `--base-url`, when given.
  ///   - documentURL: the address the document was fetched from, when it was.
  /// - Throws: what serving the document would report: a reference that does not resolve, no
  ///   server address.
  package init(
    _ document: OpenAPI.Document, file: String, baseURL: String?, documentURL: URL?
  ) throws(DiagnosticList) {
    descriptors = try OpenAPIDescriptors.make(
      document, file: file, title: (file as NSString).lastPathComponent, baseURL: baseURL,
      documentURL: documentURL, readOnly: false)
    guard let routes = try? OpenAPIRoutes(document) else { return }
    let resources = OpenAPIResource.resources(in: routes)
    var used: Set<String> = []
    for resource in resources {
      used.insert(OpenAPIResource.normalized(resource.collectionPath))
      if let item = resource.itemPath { used.insert(OpenAPIResource.normalized(item)) }
      if !resource.canList {
        skipped.append(
          Entry(
            path: resource.collectionPath,
            words: "the API has no GET for it, so it cannot be listed"))
      } else if resource.fields.isEmpty {
        skipped.append(
          Entry(
            path: resource.collectionPath, words: "its objects have no property a form can show"))
      } else {
        listed.append(Entry(path: resource.collectionPath, words: Self.words(resource)))
      }
    }
    if resources.count >= OpenAPIResource.maximumResources {
      skipped.append(
        Entry(
          path: "the rest",
          words: "only the first \(OpenAPIResource.maximumResources) resources are read"))
      return
    }
    for routePath in routes.paths {
      let path = routePath.rawValue
      guard !used.contains(OpenAPIResource.normalized(path)) else { continue }
      let components = routePath.components
      if components.dropLast().contains(where: OpenAPIResource.isParameter) {
        skipped.append(
          Entry(
            path: path,
            words: "under another object's path: it needs that object first, so it is not "
              + "listed on its own"))
      } else if components.last.map(OpenAPIResource.isParameter) ?? false {
        skipped.append(
          Entry(path: path, words: "one object's path, with no collection path beside it"))
      } else {
        skipped.append(Entry(path: path, words: "the API has no GET or POST for it"))
      }
    }
  }

  /// A listed resource in words: `pets, 3 fields; adds, deletes; the API has no PATCH or PUT
  /// for /pets/{id}`.
  static func words(_ resource: OpenAPIResource) -> String {
    let count = resource.fields.count
    var parts = ["\(resource.name), \(count) field\(count == 1 ? "" : "s")"]
    if resource.isReadOnly {
      parts.append("read-only: the API has no operation that changes it")
    } else {
      var can: [String] = []
      if resource.canCreate { can.append("adds") }
      if let method = resource.updateMethod { can.append("edits (\(method))") }
      if resource.canDelete { can.append("deletes") }
      parts.append(can.joined(separator: ", "))
      parts += resource.missing
    }
    parts += resource.fields.flatMap(\.problems)
    return parts.joined(separator: "; ")
  }
}
