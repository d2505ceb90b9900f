import OpenAPIKit

/// A document's paths in order, each path item dereferenced only while it is read.
///
/// `locallyDereferenced()` copies a referenced schema into every place that uses it, so a
/// document whose operations share a few large schemas grows many times over when the whole
/// of it is dereferenced at once. Here one path item is dereferenced at a time, and its copies
/// go when it has been read.
package struct OpenAPIRoutes {
  /// The document, its references as written.
  package let document: OpenAPI.Document
  /// The security requirements of the whole document, dereferenced.
  package let security: [DereferencedSecurityRequirement]
  /// The security requirements of each operation, in the order of the paths, dereferenced.
  package let operationSecurity: [DereferencedSecurityRequirement]
  /// The paths, in the document's order.
  package let paths: [OpenAPI.Path]

  /// The routes of `document`.
  ///
  /// - Throws: the first reference that does not resolve, or that refers to itself, as
  ///   `locallyDereferenced()` throws it.
  package init(_ document: OpenAPI.Document) throws {
    // Every path item is dereferenced once, and let go, to find what does not resolve; only
    // its operations' security requirements are kept.
    var operationSecurity: [DereferencedSecurityRequirement] = []
    for item in document.paths.values {
      for endpoint in try item.dereferenced(in: document.components).endpoints {
        operationSecurity += endpoint.operation.security ?? []
      }
    }
    var topLevel = document
    topLevel.paths = [:]
    security = try topLevel.locallyDereferenced().security
    self.operationSecurity = operationSecurity
    self.document = document
    paths = Array(document.paths.keys)
  }

  /// The number of paths.
  package var count: Int { paths.count }

  /// The path item at `index`, dereferenced; `nil` only if it does not resolve, which the
  /// routes were checked for when they were made.
  package func pathItem(at index: Int) -> DereferencedPathItem? {
    // By key: OpenAPIKit's ordered dictionary makes an array of all its values to index one.
    try? document.paths[paths[index]]?.dereferenced(in: document.components)
  }
}
