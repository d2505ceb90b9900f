import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `trellis serve`, end to end: a real server process, fetched over HTTP.
@Suite("trellis serve")
struct ServeCommandTests {
  @Test func theThemeReachesThePage() async throws {
    try await CommandRunner.serving([
      "serve", "MyTable.plist", "--theme", "Theme.sct", "--port", "0",
    ]) { address in
      let url = try #require(URL(string: address + "apps/table"))
      let (data, _) = try await URLSession.shared.data(from: url)
      let html = String(decoding: data, as: UTF8.self)
      // The table green, the bar's tint orange, rows alternating cyan and orange.
      #expect(
        html.contains(
          #"style="background-color: rgba(0, 255, 0, 1); --secondary: rgba(0, 0, 0, 1); min-height: 100vh;""#
        ))
      #expect(html.contains(#"<header class="bar" style="--tint-color: rgba(255, 128, 0, 1);">"#))
      #expect(html.contains(#"style="background-color: rgba(0, 255, 255, 1); font-family: "#))
      #expect(html.contains(#"style="background-color: rgba(255, 128, 0, 1); font-family: "#))
    }
  }

  @Test func onEveryInterfaceTheAddressPrintedAnswers() async throws {
    try await CommandRunner.serving([
      "serve", "MyTable.plist", "--host", "0.0.0.0", "--port", "0", "--no-sign-in",
    ]) { address in
      #expect(address.hasPrefix("http://localhost:"))
      let url = try #require(URL(string: address + "apps/table"))
      let (_, response) = try await URLSession.shared.data(from: url)
      #expect((response as? HTTPURLResponse)?.statusCode == 200)
    }
  }
}
