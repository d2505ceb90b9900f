// A libFuzzer target for the theme parser. Built by Fuzz/run-theme.sh against the TrellisValues
// and TrellisThemes modules (Fuzz/build-modules.sh).
import Foundation
import TrellisThemes
import TrellisValues

/// Parses the input as a theme and checks what must always hold:
/// - every diagnostic has a location inside the input;
/// - a theme read without errors formats to text that reads back to the same theme;
/// - resolving, CSS, ANSI and JSON work for every element and row kind.
@_cdecl("LLVMFuzzerTestOneInput")
public func themeFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let result = Theme.parse(text, file: "fuzz.sct")
  let end = SourceLocation(offset: text.count, in: text, file: "fuzz.sct")
  for diagnostic in result.diagnostics {
    guard let location = diagnostic.location, location.line >= 1, location.column >= 1,
      location <= end
    else { fatalError("diagnostic without a valid location: \(diagnostic)") }
  }
  let theme = result.theme
  if !result.hasErrors {
    let again = Theme.parse(theme.formatted(), file: "fuzz.sct")
    if again.hasErrors || content(of: again.theme) != content(of: theme) {
      fatalError("round trip changed the theme:\n\(theme.formatted())\n\(again.diagnostics)")
    }
  }
  let encoder = JSONEncoder()
  let section = theme.sectionStyle()
  var styles = [theme.tableStyle(), theme.navigationBarStyle(), section]
  for kind in RowKind.allCases {
    for index in 0..<2 {
      styles.append(
        theme.resolvedStyle(
          forRowKind: kind, themeStyle: theme.styles.last?.name, rowIndex: index,
          sectionStyle: section))
    }
  }
  for style in [styles[0], styles[2], styles[3], styles[4]] {
    guard let json = try? encoder.encode(style),
      let decoded = try? JSONDecoder().decode(ResolvedStyle.self, from: json), decoded == style
    else { fatalError("a resolved style does not survive JSON: \(style)") }
  }
  return 0
}

private func content(of theme: Theme) -> [String] {
  theme.styles.map { style in
    style.name + "{"
      + style.declarations.map { "\($0.keyPath):\($0.value)|\($0.rawValue)" }
      .joined(separator: ";") + "}"
  }
}
