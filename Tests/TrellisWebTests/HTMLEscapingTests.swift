import Testing
import TrellisDiff

@testable import TrellisWeb

private final class Holder {}

@Suite("HTML escaping")
struct HTMLEscapingTests {
  static let payload = "<script>alert('x')</script>\"><img src=x onerror=alert(1)>"

  @Test func escapeReplacesEverySpecialCharacter() {
    #expect(
      HTML.escape("<a href=\"x\">'&'</a>")
        == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
  }

  @Test func unsafeAddressesAreRefused() {
    #expect(!HTML.isSafeURL("javascript:alert(1)"))
    #expect(!HTML.isSafeURL("//evil.example/x"))
    #expect(HTML.isSafeURL("/apps/tasks"))
    // An email to write may be opened for a row's action, never shown as an image.
    #expect(HTML.isOpenableAddress("mailto:support@example.com?subject=Hi"))
    #expect(!HTML.isOpenableAddress("javascript:alert(1)"))
    #expect(!HTML.isSafeImage("mailto:support@example.com"))
    #expect(HTML.isSafeImage("data:image/png;base64,AAAA"))
    #expect(!HTML.isSafeImage("data:image/svg+xml;base64,AAAA"))
  }

  /// A row of every kind, with the payload in every text the row carries.
  static func hostileRows() -> [RowSnapshot] {
    let holder = Holder()
    return RowKind.allCases.map { kind in
      var row = Row(id: RowID(.string(kind.rawValue)), kind: kind, text: payload)
      row.detailText = payload
      row.imageName = payload
      row.validationMessage = payload
      row.themeStyle = payload
      row.isMovable = true
      row.isDeletable = true
      row.editingStyle = .delete
      row.attributes.placeholder = payload
      row.attributes.segmentTitles = [payload, payload]
      row.attributes.url = payload
      row.attributes.template = payload
      row.binding = RowBinding(object: holder, name: "value") { .string(payload) }
      return RowSnapshot(row)
    }
  }

  @Test(arguments: [false, true])
  func everyRowKindEscapesEveryValue(editing: Bool) {
    let renderer = HTMLRenderer()
    for row in Self.hostileRows() {
      let html = renderer.row(row, index: 0, editing: editing)
      #expect(!html.contains("<script"), "\(row.kind): \(html)")
      #expect(!html.contains("<img src=x"), "\(row.kind): \(html)")
      #expect(!html.contains("onerror=alert(1)>"), "\(row.kind): \(html)")
      #expect(html.contains("&lt;script&gt;"), "\(row.kind) does not show the text")
    }
  }

  @Test func screenTitleHeaderFooterNoticeAndSearchAreEscaped() {
    let section = SnapshotSection<SectionSnapshot, RowSnapshot>(
      SectionSnapshot(
        id: Self.payload, header: Self.payload, footer: Self.payload,
        indexTitle: Self.payload),
      items: Self.hostileRows())
    var screen = ScreenSnapshot(title: Self.payload, table: TableSnapshot(sections: [section]))
    screen.notice = Self.payload
    screen.search = Self.payload
    screen.barButtons = NavigationBarType.doneRightCancelLeft.buttons
    let html = HTMLRenderer().screen(screen)
    #expect(!html.contains("<script"))
    #expect(!html.contains("<img src=x"))
    #expect(html.components(separatedBy: "&lt;script&gt;").count > 10)
  }
}
