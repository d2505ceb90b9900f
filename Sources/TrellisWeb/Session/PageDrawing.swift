import NIOCore
import Trellis
import TrellisDiff

/// What a session sends its page, drawn beside the hub: the hub decides what changed, in
/// snapshots, and the socket's own task draws the HTML and writes the JSON, so that one
/// session's drawing never holds up the others' events.
///
/// Everything here is `Sendable`: rendered row snapshots (deferred rows are rendered on the hub
/// before they leave it, see ``rendered(_:)``) and the renderer.
struct PageDrawing: Sendable {
  let renderer: HTMLRenderer
  /// The app's rows drawn so far, shared by its sessions.
  let rowHTML: RowHTMLCache

  /// One pane of the app area: where it shows and the screen it shows.
  struct Pane: Sendable {
    var name: String
    var screen: ScreenSnapshot
    /// How many screens are under it (``WebSession/depth(of:)``).
    var depth: Int
  }

  /// One step of a patch, with what drawing it needs to know of the table it applies to.
  struct Step: Hashable, Sendable {
    var patch: DOMPatch
    var editing: Bool
    /// Whether a replaced row sits in a virtual section (it then carries its position).
    var inVirtualSection: Bool
    /// The `id` of the footer that describes an inserted or replaced row's field, if any.
    var footnote: String? = nil
  }

  /// The whole app area: every pane, side by side when there are two.
  func appArea(_ panes: [Pane]) -> String {
    var html = "<div class=\"panes\(panes.count > 1 ? " has-detail" : "")\">"
    for pane in panes {
      html += "<div class=\"pane pane-\(pane.name)\">"
      html += renderer.screen(
        pane.screen, pane: pane.name, depth: pane.depth, rowKey: RowKeys.key, drawRow: row)
      html += "</div>"
    }
    return html + "</div>"
  }

  /// One screen, as a pane shows it, with `depth` screens under it.
  func screen(_ screen: ScreenSnapshot, pane: String, depth: Int) -> String {
    renderer.screen(screen, pane: pane, depth: depth, rowKey: RowKeys.key, drawRow: row)
  }

  /// The page operation of one step.
  func op(_ step: Step) -> ServerMessage.Op {
    let editing = step.editing
    switch step.patch {
    case .deleteRow(let s, let r): return .init(op: "deleteRow", sectionIndex: s, rowIndex: r)
    case .insertRow(let s, let r, let row):
      return .init(
        op: "insertRow", sectionIndex: s, rowIndex: r,
        html: self.row(row, index: r, editing: editing, virtual: false, footnote: step.footnote))
    case .replaceRow(let s, let r, let row):
      return .init(
        op: "replaceRow", sectionIndex: s, rowIndex: r,
        html: self.row(
          row, index: r, editing: editing, virtual: step.inVirtualSection,
          footnote: step.footnote))
    case .deleteSection(let s): return .init(op: "deleteSection", sectionIndex: s)
    case .insertSection(let s, let section):
      return .init(
        op: "insertSection", sectionIndex: s,
        html: renderer.section(
          section, index: s, editing: editing, rowKey: RowKeys.key, drawRow: row))
    case .replaceSection(let s, let section):
      return .init(
        op: "replaceSection", sectionIndex: s,
        html: renderer.section(
          section, index: s, editing: editing, rowKey: RowKeys.key, drawRow: row))
    }
  }

  /// The rows `rows` of a virtual section's window.
  func rows(_ rows: [RowSnapshot], from start: Int, editing: Bool, virtual: Bool) -> [String] {
    rows.enumerated().map { offset, row in
      self.row(row, index: start + offset, editing: editing, virtual: virtual)
    }
  }

  /// One row, drawn once per rendering (see ``RowHTMLCache``); `footnote` is the `id` of the
  /// footer that describes its field.
  func row(
    _ row: RowSnapshot, index: Int, editing: Bool, virtual: Bool, footnote: String? = nil
  ) -> String {
    rowHTML.html(
      for: row, editing: editing, position: virtual ? index : nil, footnote: footnote
    ) {
      renderer.row(
        row, index: index, editing: editing, virtual: virtual, key: RowKeys.key(for: row.id),
        footnote: footnote)
    }
  }

  // MARK: Leaving the hub

  /// `screen`, every row the page will draw rendered (all rows of a section, or the first
  /// window of a virtual one); call on the hub.
  func rendered(_ screen: ScreenSnapshot) -> ScreenSnapshot {
    for section in screen.table.sections { renderShownRows(of: section) }
    return screen
  }

  /// The steps that carry a page from `old` through `stage`, their rows rendered for the trip
  /// off the hub; call on the hub.
  func steps(
    from old: TableSnapshot, stage: Changeset<SectionSnapshot, RowSnapshot>, editing: Bool
  ) -> [Step] {
    var patches = DOMPatch.patches(from: old, stage: stage, isVirtual: renderer.isVirtual)
    patches += renamedFootnotes(from: old, to: stage.data, patches: patches)
    let sections = stage.data.sections
    // Each section's footer, found once for all the rows a stage draws in it.
    var notes: [Int: String?] = [:]
    return patches.map { patch in
      var step = Step(patch: patch, editing: editing, inVirtualSection: false)
      switch patch {
      case .insertRow(let s, _, let row), .replaceRow(let s, _, let row):
        guard sections.indices.contains(s) else { break }
        if case .replaceRow = patch {
          step.inVirtualSection = renderer.isVirtual(sections[s].items.count)
        }
        if HTMLRenderer.isField(row) {
          if notes.index(forKey: s) == nil {
            notes.updateValue(renderer.footnoteID(sections[s], rowKey: RowKeys.key), forKey: s)
          }
          step.footnote = notes[s] ?? nil
        }
      default: break
      }
      return rendered(step)
    }
  }

  /// The sections that stay while the `id` of their footer changes (their first field came or
  /// went, or their footer did): drawn whole, so that the footer and its fields agree on it.
  private func renamedFootnotes(from old: TableSnapshot, to new: TableSnapshot, patches: [DOMPatch])
    -> [DOMPatch]
  {
    var drawnWhole = Set<Int>()
    for case .insertSection(let s, _) in patches { drawnWhole.insert(s) }
    for case .replaceSection(let s, _) in patches { drawnWhole.insert(s) }
    var before: [String: String?] = [:]
    for section in old.sections {
      before.updateValue(
        renderer.footnoteID(section, rowKey: RowKeys.key), forKey: section.model.id)
    }
    return new.sections.indices.compactMap { s in
      let section = new.sections[s]
      guard !drawnWhole.contains(s), let was = before[section.model.id],
        was != renderer.footnoteID(section, rowKey: RowKeys.key)
      else { return nil }
      return .replaceSection(s, section)
    }
  }

  /// `step` with the rows it draws rendered; call on the hub.
  func rendered(_ step: Step) -> Step {
    var step = step
    switch step.patch {
    case .insertRow(let s, let r, let row):
      step.patch = .insertRow(section: s, row: r, row.rendered)
    case .replaceRow(let s, let r, let row):
      step.patch = .replaceRow(section: s, row: r, row.rendered)
    case .insertSection(_, let section), .replaceSection(_, let section):
      renderShownRows(of: section)
    case .deleteRow, .deleteSection: break
    }
    return step
  }

  /// Renders the rows of `section` that a page shows at first. A deferred row's source keeps
  /// what it renders and hands it out under its lock, so the rows are rendered where they
  /// are: the section (100,000 rows, say) is not copied.
  private func renderShownRows(of section: SnapshotSection<SectionSnapshot, RowSnapshot>) {
    let count = section.items.count
    let shown = renderer.isVirtual(count) ? min(count, renderer.initialWindow) : count
    for row in section.items[..<shown] where row.isDeferred {
      _ = row.rendered
    }
  }
}
