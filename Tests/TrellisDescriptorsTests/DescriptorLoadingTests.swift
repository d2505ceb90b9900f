import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// Loading descriptors from files and from a web server (a local one, started by the test).
@Suite("Descriptor loading", .timeLimit(.minutes(1)))
struct DescriptorLoadingTests {
  @Test func loadsFromAFileURL() async throws {
    let url = try DescriptorTestSupport.fixtureURL("MyTable.plist")
    let descriptor = try await TableDescriptor.load(from: url)
    #expect(descriptor.format == .rcsTableKit)
    #expect(descriptor.file == "MyTable.plist")
    #expect(descriptor.title == .literal("My Very Basic Table"))
  }

  @Test func fetchesOverHTTP() async throws {
    let json = try DescriptorTestSupport.fixtureData("RMSSettingsViewController.json")
    let server = try LocalHTTPServer(bodies: ["/forms/Settings.json": json])
    defer { server.stop() }
    let descriptor = try await TableDescriptor.load(
      from: try server.url("/forms/Settings.json"), timeout: 10)
    #expect(descriptor.format == .rmsTableViews)
    #expect(descriptor.file == "Settings.json")
    let screen = try descriptor.makeScreen(root: DescriptorTestSupport.data("settings-data.json"))
    #expect(
      screen.drawn().table.sections.map(\.model.header) == [
        "Basic Settings", "Stuff", "Miscellaneous",
      ])
  }

  @Test func httpErrorsAreReported() async throws {
    let server = try LocalHTTPServer(bodies: [:])
    defer { server.stop() }
    let url = try server.url("/missing.json")
    await #expect(throws: DescriptorLoadError.httpStatus(url: url.absoluteString, status: 404)) {
      try await TableDescriptor.load(from: url, timeout: 10)
    }
  }

  @Test func fetchedErrorsAreLocatedInTheFetchedFile() async throws {
    let server = try LocalHTTPServer(bodies: ["/bad.json": Data(#"[{"rowz": []}]"#.utf8)])
    defer { server.stop() }
    await #expect {
      try await TableDescriptor.load(from: try server.url("/bad.json"), timeout: 10)
    } throws: { error in
      // RMSTableViews builds a section without rows; the misspelt key is the error.
      (error as? DiagnosticList)?.description
        == "bad.json:1:3: error: unknown key 'rowz' in a section (did you mean 'rows'?)"
    }
  }

  @Test func aServerThatNeverAnswersTimesOut() async throws {
    let server = try LocalHTTPServer(bodies: [:], silent: true)
    defer { server.stop() }
    await #expect {
      try await TableDescriptor.load(from: try server.url("/slow.json"), timeout: 1)
    } throws: { error in
      if case .fetchFailed? = error as? DescriptorLoadError { return true }
      return false
    }
  }

  @Test func otherSchemesAreRefused() async throws {
    let url = try #require(URL(string: "ftp://example.com/a.json"))
    await #expect(throws: DescriptorLoadError.unsupportedScheme(url: "ftp://example.com/a.json")) {
      try await TableDescriptor.load(from: url)
    }
  }
}
