import Foundation

/// The client script, styles and icon, read once from the module's bundle.
struct WebAssets: Sendable {
  struct File: Sendable {
    var text: String
    var contentType: String
  }

  var files: [String: File]

  static func load() throws(WebHostError) -> WebAssets {
    var files: [String: File] = [:]
    let types = [
      "trellis.js": "text/javascript; charset=utf-8", "trellis.css": "text/css; charset=utf-8",
      "favicon.svg": "image/svg+xml",
    ]
    for (name, type) in types {
      guard let base = Bundle.module.resourceURL,
        let data = try? Data(contentsOf: base.appendingPathComponent("Assets/\(name)"))
      else { throw .missingAsset(name) }
      files[name] = File(text: String(decoding: data, as: UTF8.self), contentType: type)
    }
    return WebAssets(files: files)
  }
}
