import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TrellisExamples

@testable import TrellisWeb

/// Images rows name: from the app's maker, from the image folder, else a placeholder.
@Suite("Row images")
struct WebImagesTests {
  @Test func rowsNameTheirImagesOnTheServer() {
    var row = Row(id: RowID(.string("c")), kind: .plain, text: "4-of-Diamonds")
    row.imageName = "4_of_diamonds"
    #expect(
      HTMLRenderer().row(RowSnapshot(row), index: 0, editing: false).contains(
        #"<img class="row-image" alt="" src="/images/4_of_diamonds">"#))
    row.imageName = "https://example.com/a.png"
    #expect(
      HTMLRenderer().row(RowSnapshot(row), index: 0, editing: false).contains(
        #"src="https://example.com/a.png""#))
    for unsafe in ["../secret", "javascript:alert(1)", ".hidden", "a/b.png"] {
      row.imageName = unsafe
      #expect(!HTMLRenderer().row(RowSnapshot(row), index: 0, editing: false).contains("<img"))
    }
  }

  @Test func theServerAnswersFromTheMakerTheFolderOrAPlaceholder() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("trellis-images-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    try png.write(to: folder.appendingPathComponent("avatar.png"))
    try Data("secret".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    var configuration = WebTestSupport.configuration()
    configuration.imageFolder = folder.path
    configuration.imageMaker = { name in
      name == "made" ? WebImage(data: Data("<svg/>".utf8), contentType: "image/svg+xml") : nil
    }
    let server = try WebServer(apps: [], configuration: configuration)
    try await server.application().test(.router) { client in
      let byName = try await client.execute(uri: "/images/avatar", method: .get)
      #expect(byName.status == .ok)
      #expect(byName.headers[.contentType] == "image/png")
      #expect(Data(buffer: byName.body) == png)
      let made = try await client.execute(uri: "/images/made", method: .get)
      #expect(String(buffer: made.body) == "<svg/>")
      for missing in ["/images/nobody.png", "/images/notes.txt", "/images/..%2Fnotes.txt"] {
        let answer = try await client.execute(uri: missing, method: .get)
        #expect(answer.status == .ok)
        #expect(answer.headers[.contentType] == "image/svg+xml")
        #expect(String(buffer: answer.body).contains("missing image"), "\(missing)")
      }
    }
  }
}
