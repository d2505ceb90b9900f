/// Which levels of the coding path being read are mappings read as objects: a keyed container
/// was asked of them.
///
/// The decoders of one text share it, one level per key of the coding path; a level is cleared
/// when a decoder for a new value is made there.
final class YAMLObjectPath {
  private var levels: [Bool] = []

  /// A decoder of a new value at `depth`: not yet read as an object.
  func enter(_ depth: Int) {
    if depth < levels.count { levels[depth] = false }
  }

  /// A keyed container was asked of the value at `depth`.
  func open(_ depth: Int) {
    while levels.count <= depth { levels.append(false) }
    levels[depth] = true
  }

  /// Whether the value at `depth` is being read as an object.
  func isOpen(_ depth: Int) -> Bool {
    depth < levels.count && levels[depth]
  }
}
