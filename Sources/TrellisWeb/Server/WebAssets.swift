import Foundation

/// The client script (its modules), styles and icon, read once from the module's bundle.
struct WebAssets: Sendable {
  struct File: Sendable {
    var text: String
    var contentType: String
    /// A strong validator of the text, quoted: a page loaded again revalidates each file
    /// (`If-None-Match`) and is answered 304 without the body while it is unchanged.
    var entityTag: String
  }

  var files: [String: File]

  /// The client script's ES modules: the page loads `trellis.js`, which imports the others
  /// (each names the rest by a relative path, so all are served side by side under /assets/).
  static let scripts = [
    "trellis.js", "page.js", "socket.js", "patch.js", "focus.js", "status.js", "navigation.js",
    "lists.js", "values.js", "actions.js", "sheets.js", "gestures.js",
  ]

  static func load() throws(WebHostError) -> WebAssets {
    var files: [String: File] = [:]
    var types = ["trellis.css": "text/css; charset=utf-8", "favicon.svg": "image/svg+xml"]
    for script in scripts { types[script] = "text/javascript; charset=utf-8" }
    for (name, type) in types {
      guard let base = Bundle.module.resourceURL,
        let data = try? Data(contentsOf: base.appendingPathComponent("Assets/\(name)"))
      else { throw .missingAsset(name) }
      files[name] = File(
        text: String(decoding: data, as: UTF8.self), contentType: type,
        entityTag: entityTag(of: data))
    }
    return WebAssets(files: files)
  }

  /// `"<64-bit FNV-1a of the bytes, in hex>"`: stable across runs of one build's assets.
  static func entityTag(of data: Data) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    return "\"" + String(hash, radix: 16) + "\""
  }
}
