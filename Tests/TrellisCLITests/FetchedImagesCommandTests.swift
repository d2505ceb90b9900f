import Foundation
import Testing
import TrellisTesting

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `trellis serve` on a descriptor named by an address: the images its rows name are fetched
/// from beside it, within the timeout and the size limit, and a missing one is a placeholder.
@Suite("trellis serve: images beside a fetched descriptor", .serialized)
struct FetchedImagesCommandTests {
  static let gallery = Data(
    #"""
    {"schemaVersion": 1, "title": "Gallery",
     "sections": [{"rows": [{"id": "logo", "text": "Logo", "image": "logo"}]}]}
    """#.utf8)
  /// Bytes served as a PNG (the server only passes them on).
  static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])

  /// The body and media type of the image `name` a server at `address` answers with.
  static func image(_ name: String, from address: String) async throws -> (Data, String?) {
    let url = try #require(URL(string: address + "images/" + name))
    let (data, response) = try await URLSession.shared.data(from: url)
    return (data, (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type"))
  }

  @Test func imagesComeFromBesideTheAddressWithinBounds() async throws {
    let server = try LocalHTTPServer(
      bodies: [
        "/forms/Gallery.json": Self.gallery, "/forms/logo.png": Self.png,
        "/forms/photo.jpg": Data(repeating: 7, count: (8 << 20) + 1),
      ], silentPaths: ["/forms/slow.png"])
    defer { server.stop() }
    let address = try server.url("/forms/Gallery.json").absoluteString
    try await CommandRunner.serving(["serve", address, "--port", "0", "--timeout", "2"]) {
      served in
      let (logo, type) = try await Self.image("logo", from: served)
      #expect(logo == Self.png)
      #expect(type == "image/png")
      // A name with its extension is fetched as written.
      #expect(try await Self.image("logo.png", from: served).0 == Self.png)
      // Larger than 8 MiB, not there, and never answered: each the placeholder.
      #expect(try await Self.image("photo", from: served).1 == "image/svg+xml")
      #expect(try await Self.image("gone", from: served).1 == "image/svg+xml")
      let start = ContinuousClock.now
      #expect(try await Self.image("slow", from: served).1 == "image/svg+xml")
      #expect(ContinuousClock.now - start < .seconds(15))
    }
  }
}
