import Foundation
import Hummingbird
import _NIOFileSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An image file of ``WebConfiguration/imageFolder`` that may be served: a regular file inside
/// the folder, with an image extension, no larger than ``WebConfiguration/maxImageBytes``.
///
/// A name is looked up by the real path of the folder and of the file (symbolic links
/// resolved): a link that leads out of the folder, or to a file without an image extension, is
/// not served, nor is a device, a directory or a file over the limit. The size is checked before
/// anything is read, and the file is sent in chunks, so that a large request costs no more
/// memory than a chunk.
struct WebImageFile: Sendable {
  /// The file's real path: inside the folder, no symbolic links.
  let path: String
  /// Its size in bytes, checked against the limit.
  let size: Int
  /// Its media type (`image/png`).
  let contentType: String

  /// How much of the file is read at a time.
  static let chunkBytes = 64 * 1024

  /// The image `name` in `folder`: the file itself when it has an image extension, else the
  /// first file with one added; `nil` when none may be served.
  static func find(_ name: String, in folder: String, maxBytes: Int) -> WebImageFile? {
    guard WebImage.isImageName(name), let base = realPath(folder) else { return nil }
    let inside = base.hasSuffix("/") ? base : base + "/"
    for candidate in WebImage.candidates(for: name) {
      guard let path = realPath(inside + candidate), path.hasPrefix(inside),
        let type = WebImage.types[(path as NSString).pathExtension.lowercased()],
        let size = regularFileSize(path), size <= maxBytes
      else { continue }
      return WebImageFile(path: path, size: size, contentType: type)
    }
    return nil
  }

  /// The file's bytes, read in chunks as they are sent. It is opened without following a
  /// symbolic link, and checked again once open: a file swapped meanwhile for a link, or for
  /// anything but a regular file, ends the response instead of being read.
  var body: ResponseBody {
    let path = path
    let size = size
    return ResponseBody(contentLength: size) { writer in
      try await FileSystem.shared.withFileHandle(
        forReadingAt: FilePath(path), options: .init(followSymbolicLinks: false, closeOnExec: true)
      ) { handle in
        let info = try await handle.info()
        guard info.type == .regular else { throw ImageChanged() }
        let chunks = handle.readChunks(
          in: 0..<Int64(size), chunkLength: .bytes(Int64(Self.chunkBytes)))
        for try await chunk in chunks { try await writer.write(chunk) }
        try await writer.finish(nil)
      }
    }
  }

  /// The file changed between the check and the read.
  struct ImageChanged: Error {}

  /// `path` with every symbolic link resolved, or `nil` when it does not exist.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The size of the regular file at `path` (not following a link), or `nil` when it is
  /// anything else.
  static func regularFileSize(_ path: String) -> Int? {
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(status.st_size)
  }
}
