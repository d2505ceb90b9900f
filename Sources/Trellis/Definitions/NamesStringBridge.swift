// TEMPORARY: replaced by the full property-names string parser when it lands.
struct PropertyNameSpec {
  var name: String
  var isCustom: Bool
  var location: SourceLocation
}

struct PropertyGroupSpec {
  var header: String?
  var footer: String?
  var names: [PropertyNameSpec]
}

enum PropertyNamesString {
  static func parse(_ text: String) throws(DiagnosticList) -> [PropertyGroupSpec] {
    var groups: [PropertyGroupSpec] = []
    var offset = 0
    for part in text.split(separator: ";", omittingEmptySubsequences: false) {
      defer { offset += part.count + 1 }
      let s = String(part)
      if let open = s.firstIndex(of: "("), let close = s.lastIndex(of: ")") {
        let header = s[..<open].trimmingCharacters(in: .whitespaces).dropLast().trimmingCharacters(
          in: .whitespaces)
        let inner = s[s.index(after: open)..<close]
        let after = s[s.index(after: close)...]
        let footer = after.hasPrefix(":") ? String(after.dropFirst()) : nil
        var names: [PropertyNameSpec] = []
        for n in inner.split(separator: ",") {
          let t = n.trimmingCharacters(in: .whitespaces)
          names.append(
            PropertyNameSpec(
              name: t.hasPrefix("~") ? String(t.dropFirst()) : t, isCustom: t.hasPrefix("~"),
              location: SourceLocation(line: 1, column: offset + 1)))
        }
        groups.append(
          PropertyGroupSpec(header: header.isEmpty ? nil : header, footer: footer, names: names))
      } else {
        let t = s.trimmingCharacters(in: .whitespaces)
        if t.isEmpty { continue }
        let spec = PropertyNameSpec(
          name: t.hasPrefix("~") ? String(t.dropFirst()) : t, isCustom: t.hasPrefix("~"),
          location: SourceLocation(line: 1, column: offset + 1))
        if let last = groups.last, last.header == nil, last.footer == nil, groups.count > 0 {
          groups[groups.count - 1].names.append(spec)
        } else {
          groups.append(PropertyGroupSpec(names: [spec]))
        }
      }
    }
    return groups
  }
}
