import OpenAPIKit

/// How deep the document's schemas refer to one another: `A` holding a `$ref` to `B`, `B` to
/// `C`, and so on. Reading a schema follows its references one call deeper each, so a chain
/// longer than ``limit`` is refused before the document is read any further.
package enum OpenAPIReferenceChain {
  /// The longest chain of references read.
  static let limit = 100

  /// Why the document's schemas refer to one another too deeply, naming where the longest
  /// chain starts; `nil` when every chain is within ``limit``.
  static func problem(in document: OpenAPI.Document) -> String? {
    var references: [String: [String]] = [:]
    for (key, schema) in document.components.schemas {
      var found: [String] = []
      collect(schema, into: &found)
      references[key.rawValue] = found
    }
    let depths = longestChains(references)
    guard let (start, depth) = depths.max(by: { $0.value < $1.value }), depth > limit else {
      return nil
    }
    return "the schemas refer to one another \(depth) deep, from '\(start)' on; Trellis "
      + "reads chains of references at most \(limit) deep"
  }

  /// The component names `schema` refers to, anywhere inside it.
  private static func collect(_ schema: JSONSchema, into found: inout [String]) {
    // Schemas nest as deep as the text does, which the reader already bounds.
    var pending = [schema]
    while let next = pending.popLast() {
      switch next.value {
      case .reference(let reference, _):
        if let name = reference.name { found.append(name) }
      case .object(_, let object):
        pending += object.properties.values
        if let extra = object.additionalProperties?.b { pending.append(extra) }
      case .array(_, let array):
        if let items = array.items { pending.append(items) }
        pending += array.prefixItems ?? []
      case .all(let schemas, _), .one(let schemas, _), .any(let schemas, _):
        pending += schemas
      case .not(let schema, _):
        pending.append(schema)
      default:
        break
      }
    }
  }

  /// The number of schemas on the longest chain of references from each schema; a chain that
  /// comes back to a schema on it ends there (OpenAPIKit names that cycle).
  package static func longestChains(_ references: [String: [String]]) -> [String: Int] {
    var depth: [String: Int] = [:]
    var onPath: Set<String> = []
    for start in references.keys.sorted() where depth[start] == nil {
      // Depth first, without recursion: a chain may be longer than a thread's stack allows.
      var stack: [(name: String, next: Int)] = [(start, 0)]
      onPath.insert(start)
      while let top = stack.last {
        let children = references[top.name] ?? []
        if top.next < children.count {
          stack[stack.count - 1].next += 1
          let child = children[top.next]
          if depth[child] == nil, !onPath.contains(child), references[child] != nil {
            onPath.insert(child)
            stack.append((child, 0))
          }
          continue
        }
        let deepest = children.compactMap { depth[$0] }.max() ?? 0
        depth[top.name] = deepest + 1
        onPath.remove(top.name)
        stack.removeLast()
      }
    }
    return depth
  }
}
