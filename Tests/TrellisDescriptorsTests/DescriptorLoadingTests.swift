import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// Loading descriptors from file URLs; other URLs are refused, saying how to read them.
@Suite("Descriptor loading")
struct DescriptorLoadingTests {
  @Test func loadsFromAFileURL() throws {
    let url = try DescriptorTestSupport.fixtureURL("MyTable.plist")
    let descriptor = try TableDescriptor.load(from: url)
    #expect(descriptor.format == .rcsTableKit)
    #expect(descriptor.file == "MyTable.plist")
    #expect(descriptor.title == .literal("My Very Basic Table"))
  }

  @Test func errorsAreLocatedInTheFile() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("trellis-loading-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("bad.json")
    try Data(#"[{"rowz": []}]"#.utf8).write(to: url)
    #expect {
      try TableDescriptor.load(from: url)
    } throws: { error in
      // RMSTableViews builds a section without rows; the misspelt key is the error.
      (error as? DiagnosticList)?.description
        == "bad.json:1:3: error: unknown key 'rowz' in a section (did you mean 'rows'?)"
    }
  }

  @Test func aMissingFileIsUnreadable() throws {
    let url = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/T.json")
    #expect {
      try TableDescriptor.load(from: url)
    } throws: { error in
      guard case .unreadable(let named, _)? = error as? DescriptorLoadError else { return false }
      return named == url.absoluteString
    }
  }

  @Test(arguments: ["http://127.0.0.1:1/T.json", "https://example.com/T.json", "ftp://a/T.json"])
  func otherURLsAreRefusedSayingHowToReadThem(_ address: String) throws {
    let url = try #require(URL(string: address))
    #expect(throws: DescriptorLoadError.unsupportedScheme(url: address)) {
      try TableDescriptor.load(from: url)
    }
    #expect(
      DescriptorLoadError.unsupportedScheme(url: address).description
        == "\(address): error: only file URLs are loaded; fetch the descriptor's bytes and read "
        + "them with TableDescriptor(data:file:)")
  }
}
