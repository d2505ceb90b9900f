import Foundation
import Testing
import Trellis
import TrellisTesting

/// A content section whose rows a declarative ``RowTemplate`` describes.
@Suite("Row templates")
struct RowTemplateTests {
  /// A screen of one templated section over `content`, in a headless app.
  private func app<Element>(_ content: [Element], _ template: RowTemplate) -> (
    HeadlessApp, ContentSection<Element>
  ) {
    let model = TableModel(title: "People")
    let section = ContentSection(id: "people", content: content, template: template)
    model.addSection(section)
    return (HeadlessApp(navigator: Navigator(root: Screen(model: model))), section)
  }

  @Test func keyPathsFillTextDetailImageKindAndAccessory() throws {
    let template = RowTemplate(
      kind: .label, textKeyPath: "firstName", detailKeyPath: "address.city",
      imageKeyPath: "nickname", accessory: .disclosureIndicator, action: .pushDetail)
    let ada = Profile(firstName: "Ada")
    ada.nickname = "ada.png"
    let (app, _) = app([ada, Profile(firstName: "Ken", address: nil)], template)
    try app.host.check()
    let rows = app.host.rows(inSection: 0)
    #expect(rows.map(\.text) == ["Ada", "Ken"])
    #expect(rows.map(\.detail) == ["Cupertino", nil], "a nil along the path shows nothing")
    #expect(rows.map(\.imageName) == ["ada.png", nil])
    #expect(rows.allSatisfy { $0.kind == .label && $0.accessory == .disclosureIndicator })
    #expect(app.host.violations.isEmpty)
  }

  @Test func aFixedTextWinsAndPlainValuesShowThemselves() throws {
    let (fixed, _) = app([Profile(firstName: "Ada")], RowTemplate(text: "Someone"))
    try fixed.host.check()
    #expect(fixed.host.rows(inSection: 0).map(\.text) == ["Someone"])
    let (plain, _) = app(["red", "green"], RowTemplate())
    try plain.host.check()
    #expect(plain.host.rows(inSection: 0).map(\.text) == ["red", "green"])
  }

  @Test func theValueKeyPathBindsTheRowBothWays() throws {
    let ada = Profile(firstName: "Ada")
    let template = RowTemplate(kind: .textField, textKeyPath: "firstName", valueKeyPath: "nickname")
    let (app, _) = app([ada], template)
    try app.host.check()
    let id = app.rowID(at: try #require(app.path(of: "Ada")))
    try app.send(.setValue(id, "Countess"))
    #expect(ada.nickname == "Countess", "an edit writes the element")
    ada.nickname = "Lovelace"
    try app.host.check()
    #expect(app.row("Ada")?.value == "Lovelace", "a change of the element shows in its row")
    #expect(app.host.violations.isEmpty)
  }
}
