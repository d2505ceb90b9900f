import Foundation

/// The rows one page of a web bench shows, kept as the page's script keeps them: from the
/// first `screen`, then every `patch` and `rows` message applied in the order it arrived.
///
/// A session that only watches a list keeps one, so that a bench can tell, at the end, whether
/// its page equals a fresh page: a message applied out of order, or one lost, leaves the rows
/// different. Rows are compared as the HTML the server drew for them.
struct PageMirror {
  /// The sections of the list, each with its id and its rows' HTML, in order.
  private(set) var sections: [(id: String, rows: [String])] = []

  /// How many rows the page shows, in all its sections.
  var rowCount: Int { sections.reduce(0) { $0 + $1.rows.count } }

  /// The rows of the screen `html`, section by section.
  init(screen html: String) {
    sections = Self.sections(in: html)
  }

  /// Applies one message from the server, as its text; a message it cannot read is an error
  /// that says why.
  mutating func apply(_ text: String) throws(MirrorError) {
    guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)),
      let message = object as? [String: Any], let type = message["type"] as? String
    else { throw MirrorError("a message that is not a JSON object: \(text.prefix(80))") }
    switch type {
    case "screen":
      self = PageMirror(screen: message["html"] as? String ?? "")
    case "patch":
      // A pop, a push, or another pane's patch would mean the page left its list.
      guard message["pop"] == nil, message["pane"] as? String == "top" else {
        throw MirrorError("a patch of another screen: \(text.prefix(80))")
      }
      for op in message["ops"] as? [[String: Any]] ?? [] { try apply(op: op) }
    case "rows":
      guard let id = message["section"] as? String,
        let index = sections.firstIndex(where: { $0.id == id })
      else { throw MirrorError("rows of a section the page does not show") }
      sections[index].rows = message["rows"] as? [String] ?? []
    case "push":
      throw MirrorError("a push to a page that only watches")
    default:
      break
    }
  }

  /// Applies one step of a patch, at the positions the steps before left.
  private mutating func apply(op: [String: Any]) throws(MirrorError) {
    guard let name = op["op"] as? String, let section = op["sectionIndex"] as? Int else {
      throw MirrorError("a step without its kind or section")
    }
    let row = op["rowIndex"] as? Int
    let html = op["html"] as? String ?? ""
    func checkRow(_ limit: Int) throws(MirrorError) -> Int {
      guard sections.indices.contains(section), let row, row >= 0, row < limit else {
        throw MirrorError("\(name) at row \(row ?? -1) of section \(section), outside the page")
      }
      return row
    }
    switch name {
    case "deleteRow":
      sections[section].rows.remove(at: try checkRow(sections[section].rows.count))
    case "insertRow":
      sections[section].rows.insert(html, at: try checkRow(sections[section].rows.count + 1))
    case "replaceRow":
      sections[section].rows[try checkRow(sections[section].rows.count)] = html
    case "deleteSection":
      guard sections.indices.contains(section) else {
        throw MirrorError("deleteSection \(section), outside the page")
      }
      sections.remove(at: section)
    case "insertSection", "replaceSection":
      guard let drawn = Self.sections(in: html).first,
        name == "insertSection" ? section <= sections.count : sections.indices.contains(section)
      else { throw MirrorError("\(name) \(section), outside the page or without a section") }
      if name == "insertSection" {
        sections.insert(drawn, at: section)
      } else {
        sections[section] = drawn
      }
    default:
      throw MirrorError("an unknown step \(name)")
    }
  }

  /// The first difference from `other`, said for a person; `nil` when the two are equal.
  func difference(from other: PageMirror) -> String? {
    guard sections.count == other.sections.count else {
      return "\(sections.count) sections, not \(other.sections.count)"
    }
    for (index, (mine, theirs)) in zip(sections, other.sections).enumerated() {
      guard mine.rows != theirs.rows else { continue }
      let at =
        zip(mine.rows, theirs.rows).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(mine.rows.count, theirs.rows.count)
      func shown(_ rows: [String]) -> String {
        rows.indices.contains(at) ? String(Self.text(of: rows[at]).prefix(60)) : "nothing"
      }
      return "section \(index): \(mine.rows.count) rows, not \(theirs.rows.count); row \(at) "
        + "shows \(shown(mine.rows)), not \(shown(theirs.rows))"
    }
    return nil
  }

  /// The sections drawn in `html`: each `<section class="tsection" data-id="ID">`, with the
  /// rows (`<li class="row …">…</li>`) of its list.
  private static func sections(in html: String) -> [(id: String, rows: [String])] {
    html.components(separatedBy: "<section class=\"tsection\"").dropFirst().map { part in
      let id =
        part.components(separatedBy: "data-id=\"").dropFirst().first?
        .components(separatedBy: "\"").first ?? ""
      let rows = part.components(separatedBy: "<li class=\"row").dropFirst().map { row in
        "<li class=\"row" + (row.components(separatedBy: "</li>").first ?? "") + "</li>"
      }
      return (id, rows)
    }
  }

  /// The text of a row's HTML, without its tags.
  private static func text(of html: String) -> String {
    var text = ""
    var inTag = false
    for character in html {
      if character == "<" {
        inTag = true
      } else if character == ">" {
        inTag = false
      } else if !inTag {
        text.append(character)
      }
    }
    return text
  }
}

/// Why a ``PageMirror`` could not apply a message.
struct MirrorError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
