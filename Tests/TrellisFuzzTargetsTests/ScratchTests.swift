import Testing
import TrellisExamples
import TrellisTesting
import Foundation

@testable import Trellis
@testable import TrellisWeb
@testable import TrellisFuzzTargets

@Suite struct ScratchTests {
  @Test func repro() throws {
    for attempt in 0..<300 {
      let navigator = try FuzzCatalog.asyncPagedList(sharing: true)
      let app = HeadlessApp(navigator: navigator, settleTimeout: .milliseconds(500))
      let l = navigator.top.model.sections[0] as! ArrayOfObjectsSection
      try app.host.check()
      try app.host.verifyFresh()
      Thread.sleep(forTimeInterval: Double(attempt % 7) * 0.0002)
      print("DEBUG ---- search", attempt, l.items.count, l.hasMore, l.loadState)
      do {
        try app.send(.search(""))
      } catch {
        print("DEBUG FAILED", attempt, error, l.items.count, l.hasMore, l.loadState, app.host.texts[0].count)
        return
      }
    }
  }
}
