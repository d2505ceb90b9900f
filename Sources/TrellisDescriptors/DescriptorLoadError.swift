import Foundation

/// Why ``TableDescriptor/load(from:)`` could not have a descriptor's bytes.
public enum DescriptorLoadError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file could not be read.
  case unreadable(url: String, reason: String)
  /// The URL is not a `file:` URL.
  case unsupportedScheme(url: String)

  public var description: String {
    switch self {
    case .unreadable(let url, let reason): "\(url): error: cannot read the descriptor: \(reason)"
    case .unsupportedScheme(let url):
      "\(url): error: only file URLs are loaded; fetch the descriptor's bytes and read them "
        + "with TableDescriptor(data:file:)"
    }
  }
}
