import Foundation
import Trellis

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why a descriptor's bytes could not be had.
public enum DescriptorLoadError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file could not be read.
  case unreadable(url: String, reason: String)
  /// The server answered with an error status.
  case httpStatus(url: String, status: Int)
  /// The fetch failed or took longer than the timeout.
  case fetchFailed(url: String, reason: String)
  /// The URL's scheme is neither `file`, `http` nor `https`.
  case unsupportedScheme(url: String)

  public var description: String {
    switch self {
    case .unreadable(let url, let reason): "\(url): error: cannot read the descriptor: \(reason)"
    case .httpStatus(let url, let status): "\(url): error: the server answered HTTP \(status)"
    case .fetchFailed(let url, let reason): "\(url): error: cannot fetch the descriptor: \(reason)"
    case .unsupportedScheme(let url): "\(url): error: only file, http and https URLs are supported"
    }
  }
}

/// Gets a descriptor's bytes from a file or an HTTP server, with a timeout.
enum DescriptorFetcher {
  static func data(from url: URL, timeout: TimeInterval) async throws(DescriptorLoadError) -> Data {
    let name = url.absoluteString
    if url.isFileURL {
      do { return try Data(contentsOf: url) } catch {
        throw .unreadable(url: name, reason: error.localizedDescription)
      }
    }
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
      throw .unsupportedScheme(url: name)
    }
    var request = URLRequest(url: url)
    request.timeoutInterval = timeout
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout
    let session = URLSession(configuration: configuration)
    defer { session.finishTasksAndInvalidate() }
    let data: Data
    let response: URLResponse
    do { (data, response) = try await session.data(for: request) } catch {
      throw .fetchFailed(url: name, reason: error.localizedDescription)
    }
    if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
      throw .httpStatus(url: name, status: http.statusCode)
    }
    return data
  }
}
