import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Trellis
import TrellisDescriptors

/// Descriptors, data documents and themes named by an `http:` or `https:` address instead of
/// a path: fetched with AsyncHTTPClient within ``DescriptorFiles/timeout`` seconds, their
/// problems reported against the address. The descriptors a fetched descriptor pushes are
/// fetched from beside it (`NAME.plist`, then `NAME.json`, resolved against its address).
extension DescriptorFiles {
  /// The largest body fetched, in bytes: a descriptor is a few kilobytes.
  static let maximumFetchedBytes = 16 << 20

  /// Why a fetch brought no body.
  enum FetchFailure: Error {
    /// The server answered with a status other than 2xx.
    case status(Int, String)
    /// No answer came: no connection, a timeout, a body too large.
    case noAnswer(String)
  }

  /// The address `path` names, when it is an `http:` or `https:` URL rather than a path.
  static func webAddress(_ path: String) -> URL? {
    let lower = path.lowercased()
    guard lower.hasPrefix("http://") || lower.hasPrefix("https://"),
      let url = URL(string: path), url.host?.isEmpty == false
    else { return nil }
    return url
  }

  /// Whether `path` is an `http:` or `https:` address.
  static func isWebAddress(_ path: String) -> Bool {
    let lower = path.lowercased()
    return lower.hasPrefix("http://") || lower.hasPrefix("https://")
  }

  /// The folder beside the file at `path`, where its images are looked for; none for an
  /// address (images then come from `--images` only).
  static func folder(of path: String) -> String? {
    guard !isWebAddress(path) else { return nil }
    return URL(fileURLWithPath: path).deletingLastPathComponent().path
  }

  /// The body at `address`, or a diagnostic naming it: the status a server answered with,
  /// or why none came.
  mutating func fetch(_ address: String) -> Data? {
    guard let url = Self.webAddress(address) else {
      diagnostics.append(
        Diagnostic("not a web address a descriptor can be fetched from", file: address))
      return nil
    }
    switch Self.fetch(url, timeout: timeout) {
    case .success(let data): return data
    case .failure(.status(let code, let reason)):
      diagnostics.append(Diagnostic("the server answered HTTP \(code) \(reason)", file: address))
    case .failure(.noAnswer(let reason)):
      diagnostics.append(Diagnostic("cannot fetch it: \(reason)", file: address))
    }
    return nil
  }

  /// The descriptor `name` pushes, fetched from beside the one at `address`: `nil` when the
  /// server has neither `NAME.plist` nor `NAME.json` there (404 or 410), a diagnostic when it
  /// could not say.
  mutating func pushedDescriptor(_ name: String, besideAddress address: String)
    -> TableDescriptor?
  {
    guard let base = Self.webAddress(address),
      let escaped = name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)
    else { return nil }
    for suffix in ["plist", "json"] {
      guard let url = URL(string: "\(escaped).\(suffix)", relativeTo: base)?.absoluteURL else {
        continue
      }
      switch Self.fetch(url, timeout: timeout) {
      case .success(let data):
        let result = TableDescriptor.read(data: data, file: url.absoluteString, classes: classes)
        diagnostics += result.diagnostics
        return result.descriptor
      case .failure(.status(let code, _)) where code == 404 || code == 410:
        continue
      case .failure(.status(let code, let reason)):
        diagnostics.append(
          Diagnostic("the server answered HTTP \(code) \(reason)", file: url.absoluteString))
        return nil
      case .failure(.noAnswer(let reason)):
        diagnostics.append(Diagnostic("cannot fetch it: \(reason)", file: url.absoluteString))
        return nil
      }
    }
    return nil
  }

  /// The client documents are fetched with. A refused connection is tried again until the
  /// connect timeout ends, so that one is short: a wrong port is said within seconds, not at
  /// the end of `--timeout`.
  static let fetchingClient = HTTPClient(
    eventLoopGroupProvider: .singleton,
    configuration: HTTPClient.Configuration(timeout: .init(connect: .seconds(connectSeconds))))

  /// How long the fetching client tries to connect, in seconds.
  static let connectSeconds: Int64 = 3

  /// Fetches `url` with a `GET`, waiting at most `timeout` seconds for the whole answer.
  ///
  /// Blocks the calling thread on AsyncHTTPClient's event loops (never one of them), so that
  /// the commands' loading stays the plain sequence it is for files.
  static func fetch(_ url: URL, timeout: TimeInterval) -> Result<Data, FetchFailure> {
    answer(url, method: .GET, timeout: timeout).map(\.body)
  }

  /// The answer to `method` on `url`, asking for JSON, within `timeout` seconds: its body and
  /// the methods its `Allow` header names; a failure for a status other than 2xx.
  static func answer(_ url: URL, method: HTTPMethod, timeout: TimeInterval)
    -> Result<(body: Data, allows: Set<String>), FetchFailure>
  {
    let deadline = NIODeadline.now() + .nanoseconds(Int64(timeout * 1_000_000_000))
    do {
      var request = try HTTPClient.Request(url: url.absoluteString, method: method)
      request.headers.add(name: "Accept", value: "application/json, */*;q=0.5")
      let delegate = ResponseAccumulator(request: request, maxBodySize: maximumFetchedBytes)
      let response = try fetchingClient.execute(
        request: request, delegate: delegate, deadline: deadline
      ).futureResult.wait()
      guard (200..<300).contains(response.status.code) else {
        return .failure(.status(Int(response.status.code), response.status.reasonPhrase))
      }
      let allows = response.headers["Allow"].flatMap { $0.split(separator: ",") }
        .map { $0.trimmingCharacters(in: .whitespaces).uppercased() }
      return .success((response.body.map { Data($0.readableBytesView) } ?? Data(), Set(allows)))
    } catch {
      return .failure(.noAnswer(reason(for: error, timeout: timeout)))
    }
  }

  /// Why a fetch failed, in words.
  static func reason(for error: any Error, timeout: TimeInterval) -> String {
    if error is ResponseAccumulator.ResponseTooBigError {
      return "the answer is larger than \(maximumFetchedBytes >> 20) MiB"
    }
    if let client = error as? HTTPClientError {
      switch client {
      case .connectTimeout:
        return "no connection within \(connectSeconds) seconds (is the server running, and is "
          + "this its address?)"
      case .deadlineExceeded, .readTimeout, .writeTimeout:
        return "no answer within \(RenderCommand.seconds(timeout)) seconds (--timeout)"
      case .invalidURL, .emptyHost, .emptyScheme:
        return "not an address that can be fetched"
      case .remoteConnectionClosed:
        return "the server closed the connection before answering"
      default:
        return "\(client)"
      }
    }
    let text = "\(error)"
    if text.localizedCaseInsensitiveContains("refused") {
      return "the server refused the connection"
    }
    return text
  }

}
