// A libFuzzer target for the descriptor readers (canonical, RCSTableKit, RMSTableViews, and
// Settings bundle pages, whose strings files the document fuzzer reads). Built
// by Fuzz/run-descriptors.sh against the TrellisDescriptors module and the modules below it
// (Fuzz/build-modules.sh).
import Foundation
import Trellis
import TrellisDescriptors

/// Reads the input as a descriptor in every format and checks what must always hold:
/// - reading never crashes, whatever the bytes;
/// - every diagnostic names the file, and its location (if any) is inside the input;
/// - a result holds a descriptor exactly when it has no error;
/// - a descriptor's pushes and sections are consistent with what was read.
@_cdecl("LLVMFuzzerTestOneInput")
public func descriptorsFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  let text = String(decoding: bytes, as: UTF8.self)
  // Any line break counts (CRLF is one Character), so lines are bounded by every newline.
  let lineCount = text.filter(\.isNewline).count + 1
  for file in ["fuzz.json", "fuzz.plist"] {
    check(TableDescriptor.read(data: bytes, file: file), file: file, lines: lineCount)
    guard let document = try? LocatedDocument(data: bytes, file: file) else { continue }
    for format in DescriptorFormat.allCases {
      check(TableDescriptor.read(document, format: format), file: file, lines: lineCount)
    }
  }
  return 0
}

private func check(_ result: DescriptorReadResult, file: String, lines: Int) {
  for diagnostic in result.diagnostics {
    guard diagnostic.file == file else { fatalError("diagnostic without its file: \(diagnostic)") }
    if let location = diagnostic.location {
      guard location.line >= 1, location.column >= 1, location.line <= lines else {
        fatalError("diagnostic outside the input: \(diagnostic)")
      }
    }
    guard !diagnostic.message.isEmpty else { fatalError("empty diagnostic message") }
  }
  if (result.descriptor == nil) != result.hasErrors {
    // A document that fits no row or section still gives a descriptor; only errors withhold it.
    if result.descriptor != nil || !result.diagnostics.isEmpty {
      fatalError("a descriptor was returned with errors, or withheld without any")
    }
  }
  if let descriptor = result.descriptor {
    let names = descriptor.pushedDescriptorNames
    guard Set(names).count == names.count else { fatalError("pushed names repeat: \(names)") }
    for row in descriptor.sections.flatMap(\.rows) {
      _ = row.pushes
    }
  }
}
