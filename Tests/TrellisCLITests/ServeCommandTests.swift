import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `trellis serve`, end to end: a real server process, fetched over HTTP.
@Suite("trellis serve")
struct ServeCommandTests {
  @Test func theThemeReachesThePage() async throws {
    let process = Process()
    process.executableURL = try CommandRunner.binary()
    process.arguments = ["serve", "MyTable.plist", "--theme", "Theme.sct", "--port", "0"]
    process.currentDirectoryURL = CommandRunner.fixtures
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer {
      process.terminate()
      process.waitUntilExit()
    }
    let address = try #require(Self.address(from: output.fileHandleForReading))
    let url = try #require(URL(string: address + "apps/table"))
    let (data, _) = try await URLSession.shared.data(from: url)
    let html = String(decoding: data, as: UTF8.self)
    // The table green, the bar's tint orange, rows alternating cyan and orange.
    #expect(html.contains(#"style="background-color: rgba(0, 255, 0, 1);""#))
    #expect(html.contains(#"<header class="bar" style="--tint-color: rgba(255, 128, 0, 1);">"#))
    #expect(html.contains(#"style="background-color: rgba(0, 255, 255, 1); font-family: "#))
    #expect(html.contains(#"style="background-color: rgba(255, 128, 0, 1); font-family: "#))
  }

  @Test func onEveryInterfaceTheAddressPrintedAnswers() async throws {
    let process = Process()
    process.executableURL = try CommandRunner.binary()
    process.arguments = [
      "serve", "MyTable.plist", "--host", "0.0.0.0", "--port", "0", "--no-sign-in",
    ]
    process.currentDirectoryURL = CommandRunner.fixtures
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer {
      process.terminate()
      process.waitUntilExit()
    }
    let address = try #require(Self.address(from: output.fileHandleForReading))
    #expect(address.hasPrefix("http://localhost:"))
    let url = try #require(URL(string: address + "apps/table"))
    let (_, response) = try await URLSession.shared.data(from: url)
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
  }

  /// The address the server prints when it listens (`trellis serve: http://...`), read
  /// within 30 seconds.
  static func address(from handle: FileHandle) -> String? {
    var text = ""
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      let data = handle.availableData
      guard !data.isEmpty else { return nil }
      text += String(decoding: data, as: UTF8.self)
      if let start = text.range(of: "http://"),
        let end = text[start.lowerBound...].firstIndex(where: \.isWhitespace)
      {
        return String(text[start.lowerBound..<end])
      }
    }
    return nil
  }
}
