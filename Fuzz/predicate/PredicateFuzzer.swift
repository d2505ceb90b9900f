// A libFuzzer target for the predicate language. Built by Fuzz/run-predicate.sh together with
// the Trellis and TrellisDiff sources, as one module, so the types below need no import.
import Foundation

/// The values every parsed predicate is evaluated against.
private let sample: Value = .dictionary(
  ValueDictionary([
    ("name", .string("Ann")), ("age", .int(34)), ("score", .double(2.5)),
    ("done", .bool(false)), ("tags", .array([.string("a"), .string("B")])),
    ("profile", .dictionary(ValueDictionary([("firstName", .string("Annie"))]))),
    ("nothing", .null),
  ]))

/// Parses the input as a predicate and checks what must always hold:
/// - a parse error has a location inside the input, on a line and column that exist;
/// - a parsed predicate's canonical text parses again to the same predicate;
/// - evaluation in memory and translation to SQL answer a value or a typed error, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func predicateFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let predicate: Predicate
  do {
    predicate = try Predicate(text, file: "fuzz.predicate")
  } catch {
    // Count lines by scalar: "\r\n" is one Character, and a line break.
    let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
    guard let location = error.location, location.line >= 1, location.column >= 1,
      location.line <= max(lines.count, 1)
    else { fatalError("parse error without a valid location: \(error)") }
    return 0
  }
  let canonical = predicate.description
  guard let again = try? Predicate(canonical) else {
    fatalError("canonical text does not parse: \(canonical) (from \(text))")
  }
  if again != predicate {
    fatalError("canonical text changed the predicate: \(canonical) (from \(text))")
  }
  let variables: [String: Value] = ["x": .int(3), "names": .array([.string("Ann")])]
  _ = try? predicate.evaluate(on: sample, variables: variables)
  _ = try? predicate.sql(columns: { $0.contains(".") ? nil : $0 }, variables: variables)
  return 0
}
