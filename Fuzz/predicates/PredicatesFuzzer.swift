// A libFuzzer target for the predicate language. Built by Fuzz/run-predicates.sh against the
// TrellisValues, TrellisPredicates and TrellisSQL (the SQL writer) modules
// (Fuzz/build-modules.sh).
import Foundation
import TrellisPredicates
import TrellisSQL
import TrellisValues

/// The value predicates are evaluated on: strings, numbers, a date, nested lists and nulls.
private let sample: Value = [
  "name": "Ann", "age": 31, "score": 2.5, "active": true, "nickname": .null,
  "tags": ["a", "b", "c"], "born": .date(Date(timeIntervalSince1970: 0)),
  "profile": ["email": "ann@example.com", "visits": [1, 2, 3]],
  "friends": [["name": "Bo", "age": 24], ["name": "Cy", "age": 40]],
]

/// Parses the input as a predicate and checks what must always hold:
/// - parsing, evaluation and SQL translation never crash;
/// - a diagnostic's location is inside the input;
/// - a parsed predicate's canonical text parses back to an equal predicate.
@_cdecl("LLVMFuzzerTestOneInput")
public func predicatesFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  // Any line break counts (CRLF is one Character), so lines are bounded by every newline.
  let predicate: TrellisPredicates.Predicate
  do {
    predicate = try TrellisPredicates.Predicate(text, file: "fuzz")
  } catch {
    let lines = text.filter(\.isNewline).count + 1
    guard let location = error.location, location.line >= 1, location.column >= 1,
      location.line <= lines
    else { fatalError("diagnostic without a valid location: \(error)") }
    return 0
  }
  let canonical = predicate.description
  guard let again = try? TrellisPredicates.Predicate(canonical), again == predicate else {
    fatalError("canonical text does not read back: \(text) → \(canonical)")
  }
  _ = try? predicate.evaluate(on: sample, variables: ["prefix": "a", "limit": 3])
  _ = try? predicate.sql(columns: { $0 }, variables: ["prefix": "a", "limit": 3])
  _ = try? predicate.sql(
    in: .postgres, columns: { SQLColumn($0, kind: $0 == "age" ? .integer : .text) },
    variables: ["prefix": "a", "limit": 3])
  _ = predicate.keyPaths
  _ = predicate.variableNames
  return 0
}
