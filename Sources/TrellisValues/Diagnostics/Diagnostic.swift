/// One problem found in a document, descriptor, theme, predicate or names string.
///
/// Its ``description`` is the compiler-style `FILE:LINE:COL: error: MESSAGE`.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
  /// How serious the problem is.
  public enum Severity: String, Hashable, Sendable {
    case error
    case warning
  }

  /// Where the problem is, when the format has lines and columns.
  public var location: SourceLocation?
  /// The file, when the location is unknown but the file is.
  public var file: String?
  /// How serious it is.
  public var severity: Severity
  /// What is wrong, and where it helps, what was expected or meant ("did you mean 'rows'?").
  public var message: String

  /// Creates a diagnostic; a quoted value longer than 120 characters is shortened to its
  /// start and its length.
  public init(
    _ message: String, at location: SourceLocation? = nil, file: String? = nil,
    severity: Severity = .error
  ) {
    self.message = Self.shortened(message)
    self.location = location
    self.file = file ?? location?.file
    self.severity = severity
  }

  /// The same diagnostic, reported against `file`.
  public func inFile(_ file: String?) -> Diagnostic {
    var copy = self
    copy.file = file
    copy.location = location?.inFile(file)
    return copy
  }

  public var description: String {
    let place: String
    if let location {
      place = location.description + ": "
    } else if let file {
      place = file + ": "
    } else {
      place = ""
    }
    return "\(place)\(severity.rawValue): \(message)"
  }
}

/// Several diagnostics at once: parsers report every problem they can, not only the first.
public struct DiagnosticList: Error, Hashable, Sendable, CustomStringConvertible {
  /// The problems, in the order found.
  public var diagnostics: [Diagnostic]

  /// Wraps a list of diagnostics.
  public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

  public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Suggests the candidate closest to a misspelt name, for "did you mean" messages.
public enum NameSuggestion {
  /// The candidate within a small edit distance of `name`, if any.
  public static func closest(to name: String, among candidates: [String]) -> String? {
    let lowered = name.lowercased()
    var best: (String, Int)?
    for candidate in candidates {
      let distance = editDistance(lowered, candidate.lowercased())
      if distance <= max(2, name.count / 3), distance < (best?.1 ?? .max) {
        best = (candidate, distance)
      }
    }
    return best?.0
  }

  /// Levenshtein distance over characters.
  public static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
