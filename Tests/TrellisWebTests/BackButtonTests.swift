import Testing
import Trellis

@testable import TrellisWeb

/// Back is titled as `UINavigationBar` titles it: with the title of the screen it returns to.
@Suite("Back button")
struct BackButtonTests {
  /// A navigator showing `titles`, each screen pushed from the one before.
  func navigator(_ titles: [String?]) -> Navigator {
    let navigator = Navigator(root: Screen(model: TableModel(title: titles[0])))
    for title in titles.dropFirst() { navigator.push(Screen(model: TableModel(title: title))) }
    return navigator
  }

  @Test func backNamesTheScreenItReturnsTo() {
    let navigator = navigator(["Tasks", "Buy milk", "Tags"])
    #expect(navigator.top.snapshot().backTitle == "Buy milk")
    #expect(navigator.stack[1].snapshot().backTitle == "Tasks")
    #expect(navigator.stack[0].snapshot().backTitle == nil, "the root has no Back")
    let bar = HTMLRenderer().bar(navigator.top.snapshot())
    #expect(bar.contains(#"aria-label="Back to Buy milk">Buy milk</button>"#), "\(bar)")
    navigator.pop()
    #expect(HTMLRenderer().bar(navigator.top.snapshot()).contains(">Tasks</button>"))
  }

  @Test func aLongMissingOrHostileTitleIsHandled() {
    let renderer = HTMLRenderer()
    for title in [nil, "", "  ", "A title far too long for a bar"] {
      let navigator = navigator([title, "Detail"])
      let bar = renderer.bar(navigator.top.snapshot())
      #expect(bar.contains(#"data-ev="back">Back</button>"#), "\(title ?? "nil"): \(bar)")
    }
    let navigator = navigator(["<b>x</b>", "Detail"])
    let bar = renderer.bar(navigator.top.snapshot())
    #expect(bar.contains("&lt;b&gt;x&lt;/b&gt;</button>") && !bar.contains("<b>"), "\(bar)")
  }

  @Test func aPushedEditorWithCancelShowsNoBack() {
    let navigator = navigator(["Tasks"])
    navigator.push(Screen(model: TableModel(title: "New"), navigationBar: .doneRightCancelLeft))
    #expect(!HTMLRenderer().bar(navigator.top.snapshot()).contains("data-ev=\"back\""))
  }

  @Test func aSheetCloses() {
    let navigator = navigator(["Tasks"])
    let sheet = Screen(model: TableModel(title: "About"))
    sheet.presentation = .modal
    navigator.push(sheet)
    let bar = HTMLRenderer().bar(navigator.top.snapshot())
    #expect(bar.contains(#"data-ev="back">Close</button>"#) && !bar.contains("Tasks"), "\(bar)")
    // A screen pushed inside the sheet goes back to the sheet's first screen.
    navigator.push(Screen(model: TableModel(title: "Licence")))
    #expect(HTMLRenderer().bar(navigator.top.snapshot()).contains(">About</button>"))
  }
}
