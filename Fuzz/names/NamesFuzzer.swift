// libFuzzer target for the names-string parser. Built by Fuzz/run-names.sh against the
// TrellisPropertyNames module and the one below it (Fuzz/build-modules.sh).
//
// For every input it checks that:
// - parsing never crashes, and a failure always carries diagnostics located inside the text;
// - a successful parse formats to a string that parses back to the same groups, and formatting
//   is idempotent;
// - validation never crashes and locates every diagnostic inside the text;
// - groups built from arbitrary text (headers, footers, custom names) survive format and parse.

import TrellisPropertyNames
import TrellisValues

/// A group without locations.
private struct Shape: Equatable {
  var header: String?
  var footer: String?
  var names: [String]
  var custom: [Bool]

  init(_ group: PropertyGroup) {
    header = group.header
    footer = group.footer
    names = group.names.map(\.name)
    custom = group.names.map(\.isCustom)
  }
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("FUZZ FAILURE: \(message())") }
}

/// The number of lines of `text`, and the length in characters of each.
private func lineLengths(_ text: String) -> [Int] {
  var lengths = [0]
  for character in text {
    if character == "\n" || character == "\r\n" {
      lengths.append(0)
    } else {
      lengths[lengths.count - 1] += 1
    }
  }
  return lengths
}

private func checkLocated(_ diagnostics: [Diagnostic], in text: String) {
  let lengths = lineLengths(text)
  for diagnostic in diagnostics {
    guard let location = diagnostic.location else {
      check(false, "diagnostic without a location: \(diagnostic)")
      return
    }
    check(location.line >= 1 && location.line <= lengths.count, "line out of range: \(diagnostic)")
    let length = lengths[max(0, min(location.line, lengths.count) - 1)]
    check(
      location.column >= 1 && location.column <= length + 1,
      "column out of range: \(diagnostic) (line length \(length))")
    check(!diagnostic.message.isEmpty, "empty message")
  }
}

/// Parses the input as a names string and checks the round trip.
private func fuzzParse(_ text: String) {
  let groups: [PropertyGroup]
  do {
    groups = try PropertyNamesString.parse(text)
  } catch {
    check(!error.diagnostics.isEmpty, "thrown without diagnostics for \(text.debugDescription)")
    checkLocated(error.diagnostics, in: text)
    return
  }
  checkLocated(groups.flatMap(\.names).map { Diagnostic("name", at: $0.location) }, in: text)
  let formatted = PropertyNamesString.format(groups)
  do {
    let reparsed = try PropertyNamesString.parse(formatted)
    check(
      reparsed.map(Shape.init) == groups.map(Shape.init),
      "round trip changed \(text.debugDescription) via \(formatted.debugDescription)")
    check(
      PropertyNamesString.format(reparsed) == formatted,
      "format is not idempotent for \(formatted.debugDescription)")
  } catch {
    check(false, "formatted \(formatted.debugDescription) does not parse: \(error)")
  }
  let known = ["name", "description", "owner", "steps"]
  checkLocated(groups.validate(against: known), in: text)
}

/// Builds groups from pieces of the input and checks they survive format and parse.
private func fuzzFormat(_ text: String) {
  let pieces = text.split(separator: "\u{1}", omittingEmptySubsequences: false).map(String.init)
  guard pieces.count >= 3 else { return }
  let here = SourceLocation(line: 1, column: 1)
  let custom = pieces.dropFirst(2).filter { !$0.isEmpty }.map {
    PropertyName(name: $0, isCustom: true, location: here)
  }
  guard !custom.isEmpty else { return }
  // Distinct custom names only: a repeat is an error by design.
  var seen = Set<String>()
  let names = custom.filter { seen.insert($0.name).inserted }
  let group = PropertyGroup(
    header: pieces[0].isEmpty ? nil : pieces[0], footer: pieces[1].isEmpty ? nil : pieces[1],
    names: names)
  let formatted = PropertyNamesString.format([group])
  do {
    let reparsed = try PropertyNamesString.parse(formatted)
    check(
      reparsed.map(Shape.init) == [Shape(group)],
      "constructed group changed via \(formatted.debugDescription)")
  } catch {
    check(false, "formatted \(formatted.debugDescription) does not parse: \(error)")
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNamesString(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  fuzzParse(text)
  fuzzFormat(text)
  return 0
}
