import AsyncHTTPClient
import Foundation
import NIOCore
import Synchronization
import TrellisWeb

/// The images a descriptor served from an address names, fetched from beside that address
/// (`logo` in `https://example.com/forms/Table.json` is `https://example.com/forms/logo.png`).
///
/// A name with an image extension is fetched as written; one without is tried with each
/// extension the web host serves, in the order an image folder is searched. Every name gets
/// one deadline for all its tries, and a body larger than the limit is not taken. What was
/// fetched, and what was not there, is kept, up to ``maximumNames`` names, so that a page's
/// every load does not ask the server again.
final class FetchedImages: Sendable {
  /// The most names whose answer is kept.
  static let maximumNames = 512

  /// The descriptor's address, which names are resolved against.
  let base: URL
  /// Seconds a name's fetches may take in all.
  let timeout: TimeInterval
  /// The largest image taken, in bytes.
  let maximumBytes: Int
  private let kept = Mutex<[String: WebImage?]>([:])

  init(beside base: URL, timeout: TimeInterval, maximumBytes: Int) {
    self.base = base
    self.timeout = timeout
    self.maximumBytes = maximumBytes
  }

  /// The image `name` names, or `nil` when the server has none (the page then shows a
  /// placeholder).
  func image(named name: String) async -> WebImage? {
    if let known = kept.withLock({ $0[name] }) { return known }
    let found = await fetch(name)
    kept.withLock { kept in
      if kept.count < Self.maximumNames { kept[name] = .some(found) }
    }
    return found
  }

  /// The first candidate the server has, within one deadline.
  private func fetch(_ name: String) async -> WebImage? {
    let deadline = NIODeadline.now() + .nanoseconds(Int64(timeout * 1_000_000_000))
    for candidate in WebImage.candidates(for: name) {
      guard
        let type = WebImage.contentType(ofName: candidate),
        let escaped = candidate.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed),
        let url = URL(string: escaped, relativeTo: base)?.absoluteURL
      else { continue }
      switch await body(of: url, deadline: deadline) {
      case .found(let data): return WebImage(data: data, contentType: type)
      case .absent: continue
      case .failed: return nil
      }
    }
    return nil
  }

  /// What one `GET` brought.
  private enum Answer {
    /// The body of a 2xx answer with an image type (or none), within the limit.
    case found(Data)
    /// Not there (or not an image): the next candidate may be.
    case absent
    /// No answer in time, or a body over the limit: no other candidate is tried.
    case failed
  }

  private func body(of url: URL, deadline: NIODeadline) async -> Answer {
    let remaining = deadline - .now()
    guard remaining > .zero else { return .failed }
    do {
      var request = HTTPClientRequest(url: url.absoluteString)
      request.method = .GET
      let response = try await HTTPClient.shared.execute(
        request, timeout: .nanoseconds(remaining.nanoseconds))
      guard (200..<300).contains(response.status.code) else { return .absent }
      if let type = response.headers.first(name: "content-type")?.lowercased(),
        !type.hasPrefix("image/")
      {
        return .absent
      }
      if let length = response.headers.first(name: "content-length").flatMap(Int.init),
        length > maximumBytes
      {
        return .failed
      }
      // The body too must arrive by the deadline: a server that trickles it is given up on.
      let limit = maximumBytes
      let buffer = try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
        group.addTask { try await response.body.collect(upTo: limit) }
        group.addTask {
          try await Task.sleep(nanoseconds: UInt64(max(0, (deadline - .now()).nanoseconds)))
          return nil
        }
        defer { group.cancelAll() }
        return try await group.next() ?? nil
      }
      guard let buffer else { return .failed }
      return .found(Data(buffer.readableBytesView))
    } catch {
      return .failed
    }
  }
}
