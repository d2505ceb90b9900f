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

  /// A folder of images, removed at the end of the test, and a folder beside it.
  struct Folders {
    let images: URL
    let outside: URL

    init() throws {
      let root = FileManager.default.temporaryDirectory
        .appendingPathComponent("trellis-images-\(UUID().uuidString)")
      images = root.appendingPathComponent("images")
      outside = root.appendingPathComponent("outside")
      for folder in [images, outside] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      }
    }

    func remove() { try? FileManager.default.removeItem(at: images.deletingLastPathComponent()) }

    func link(_ name: String, to target: String) throws {
      try FileManager.default.createSymbolicLink(
        atPath: images.appendingPathComponent(name).path, withDestinationPath: target)
    }
  }

  @Test func symbolicLinksOutOfTheFolderAreNotFollowed() async throws {
    let folders = try Folders()
    defer { folders.remove() }
    let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    try png.write(to: folders.images.appendingPathComponent("card.png"))
    try Data("secret".utf8).write(to: folders.images.appendingPathComponent("notes.txt"))
    try Data("outside".utf8).write(to: folders.outside.appendingPathComponent("secret.png"))
    try folders.link("passwd.png", to: "/etc/passwd")
    try folders.link("leak.png", to: folders.outside.appendingPathComponent("secret.png").path)
    try folders.link("up.png", to: "../outside/secret.png")
    try folders.link("notes.png", to: "notes.txt")
    try folders.link("alias.png", to: "card.png")
    try FileManager.default.createDirectory(
      at: folders.images.appendingPathComponent("folder.png"), withIntermediateDirectories: true)
    var configuration = WebTestSupport.configuration()
    configuration.imageFolder = folders.images.path
    let server = try WebServer(apps: [], configuration: configuration)
    try await server.application().test(.router) { client in
      for refused in ["passwd.png", "leak.png", "up.png", "notes.png", "folder.png", "passwd"] {
        let answer = try await client.execute(uri: "/images/\(refused)", method: .get)
        #expect(answer.headers[.contentType] == "image/svg+xml", "\(refused)")
        #expect(String(buffer: answer.body).contains("missing image"), "\(refused)")
      }
      // A link that stays inside the folder, to an image, is served.
      let alias = try await client.execute(uri: "/images/alias.png", method: .get)
      #expect(alias.headers[.contentType] == "image/png")
      #expect(Data(buffer: alias.body) == png)
    }
  }

  @Test func imagesOverTheLimitAreRefusedAndOthersAreSentInChunks() async throws {
    let folders = try Folders()
    defer { folders.remove() }
    let large = Data((0..<(WebImageFile.chunkBytes * 3 + 17)).map { UInt8(truncatingIfNeeded: $0) })
    try large.write(to: folders.images.appendingPathComponent("large.png"))
    try Data(count: 1025).write(to: folders.images.appendingPathComponent("huge.gif"))
    var configuration = WebTestSupport.configuration()
    configuration.imageFolder = folders.images.path
    configuration.maxImageBytes = large.count
    let server = try WebServer(apps: [], configuration: configuration)
    try await server.application().test(.router) { client in
      let answer = try await client.execute(uri: "/images/large.png", method: .get)
      #expect(answer.status == .ok)
      #expect(answer.headers[.contentLength] == "\(large.count)")
      #expect(Data(buffer: answer.body) == large)
    }
    configuration.maxImageBytes = 1024
    let strict = try WebServer(apps: [], configuration: configuration)
    try await strict.application().test(.router) { client in
      for name in ["large.png", "huge"] {
        let answer = try await client.execute(uri: "/images/\(name)", method: .get)
        #expect(answer.headers[.contentType] == "image/svg+xml", "\(name)")
        #expect(String(buffer: answer.body).contains("missing image"), "\(name)")
      }
    }
    #expect(WebConfiguration().maxImageBytes == 8 << 20)
  }
}
