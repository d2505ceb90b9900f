import Foundation
import TrellisDocuments
import TrellisValues

// The document fuzzer: every input goes through the JSON, OpenStep, XML and binary property
// list readers, and the CSV and TSV readers. A reader must either return a tree or throw a diagnostic (located, for the text
// formats); a tree must write back in its format and read back the same. Every input is also
// read as a strings file (UTF-8 or UTF-16), which must give a table or a located diagnostic.
//
// Built by Fuzz/run-documents.sh against the TrellisValues and TrellisDocuments modules
// (Fuzz/build-modules.sh).

@_cdecl("LLVMFuzzerTestOneInput")
public func documentsFuzzerTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
  _ = DocumentFormat.detect(in: bytes, pathExtension: "plist")
  for format in DocumentFormat.allCases {
    check(bytes, format: format)
  }
  checkStrings(bytes)
  return 0
}

/// Reads `bytes` as a strings file: a table whose every located key is in it, or an error
/// located inside the text (binary property lists have no lines).
private func checkStrings(_ bytes: [UInt8]) {
  do {
    let table = try StringsTable(bytes: bytes, file: "fuzz.strings")
    for key in table.locations.keys where table[key] == nil {
      fatalError("strings: a location for '\(key)', which the table does not hold")
    }
  } catch {
    guard error.file == "fuzz.strings", !error.message.isEmpty else {
      fatalError("strings: a diagnostic without its file or message: \(error)")
    }
    guard let location = error.location else {
      if bytes.starts(with: Array("bplist".utf8)) { return }
      fatalError("strings: an error without a location: \(error)")
    }
    guard location.line >= 1, location.column >= 1, location.line <= bytes.count + 1 else {
      fatalError("strings: an error outside the input: \(error)")
    }
  }
}

/// Reads `bytes` as `format` and checks the round trip of whatever it reads.
private func check(_ bytes: [UInt8], format: DocumentFormat) {
  let options = DocumentReadOptions(maximumDepth: 64)
  let document: LocatedDocument
  do {
    document = try LocatedDocument(bytes: bytes, format: format, file: nil, options: options)
  } catch {
    if format.isText && error.location == nil {
      fatalError("\(format) error without a location: \(error)")
    }
    return
  }
  let writeOptions = DocumentWriteOptions(conversion: .writeAsStrings, maximumDepth: 64)
  guard
    let written = try? DocumentWriter.data(
      for: document.root, format: format, options: writeOptions)
  else { return }
  let reread: LocatedDocument
  do {
    reread = try LocatedDocument(
      bytes: [UInt8](written), format: format, file: nil, options: options)
  } catch {
    fatalError(
      "\(format) output does not read back: \(error)\n\(String(decoding: written, as: UTF8.self))")
  }
  if !isUnstable(document.root) && reread.root != document.root {
    fatalError("\(format) round trip changed the tree")
  }
}

/// Whether a tree holds values that cannot compare equal after a round trip: NaN (never equal
/// to itself) and dates with a fraction of a second (text formats keep whole seconds).
private func isUnstable(_ value: Value) -> Bool {
  switch value {
  case .double(let double): double.isNaN
  case .date(let date):
    date.timeIntervalSinceReferenceDate.rounded(.down) != date.timeIntervalSinceReferenceDate
  case .array(let array): array.contains(where: isUnstable)
  case .dictionary(let dictionary): dictionary.values.contains(where: isUnstable)
  default: false
  }
}
