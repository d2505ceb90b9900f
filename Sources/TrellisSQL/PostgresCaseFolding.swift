import TrellisPredicates

/// How PostgreSQL folds text for `[c]` exactly as memory does.
///
/// Memory folds with full Unicode case folding; PostgreSQL's `lower()` (under a UTF-8 server's
/// C.UTF-8 or similar ctype) lowercases one code point at a time, which agrees everywhere but
/// at the code points listed here: `ß` folds to `ss`, `ﬁ` to `fi`, final `ς` to `σ`, `µ` to
/// `μ`, and so on. The fold in SQL first replaces those with what memory folds them to, then
/// lowercases (the tests compare the two for every code point against the server).
package enum PostgresCaseFolding {
  /// The code points whose case folding is not their `lower()`.
  static let exceptions: [UInt32] =
    [
      0xB5, 0xDF, 0x130, 0x149, 0x17F, 0x345, 0x3C2, 0x3D0, 0x3D1, 0x3D5, 0x3D6, 0x3F0, 0x3F1,
      0x3F5, 0x587, 0x1E9A, 0x1E9B, 0x1E9E,
    ] + Array(0x1F80...0x1FAF) + [
      0x1FB2, 0x1FB3, 0x1FB4, 0x1FB7, 0x1FBC, 0x1FC2, 0x1FC3, 0x1FC4, 0x1FC7, 0x1FCC, 0x1FF2,
      0x1FF3, 0x1FF4, 0x1FF7, 0x1FFC,
    ] + Array(0xFB00...0xFB06) + Array(0xFB13...0xFB17)

  /// The exceptions that fold to one code point, as `translate()`'s two strings.
  package static let translation: (from: String, to: String) = {
    var from = ""
    var to = ""
    for (source, target) in folds where target.unicodeScalars.count == 1 {
      from += source
      to += target
    }
    return (from, to)
  }()

  /// The exceptions that fold to several code points, for `replace()`.
  package static let replacements: [(source: String, target: String)] = folds.filter {
    $0.target.unicodeScalars.count != 1
  }

  /// Every exception and what memory folds it to.
  private static let folds: [(source: String, target: String)] = exceptions.compactMap {
    guard let scalar = Unicode.Scalar($0) else { return nil }
    let source = String(Character(scalar))
    return (source, PredicateSemantics.fold(source, .caseInsensitive))
  }
}
