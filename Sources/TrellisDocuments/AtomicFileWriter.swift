import Foundation
import TrellisValues

/// Replaces a file's contents all at once: the new bytes go to a temporary file in the same
/// directory, are flushed to disk, and are renamed over the original.
///
/// Readers see either the old file or the new one, never a mixture. Any failure before the
/// rename removes the temporary file and leaves the original byte for byte as it was. The
/// replaced file keeps its permissions; a symbolic link is followed and its target replaced.
/// A save interrupted before the rename (the process killed) leaves its temporary file behind:
/// the next save of the same file removes it.
struct AtomicFileWriter: Sendable {
  /// Where to write the temporary file for a destination. Tests point it elsewhere.
  var temporaryURL: @Sendable (URL) -> URL = Self.defaultTemporaryURL
  /// Runs after the temporary file is complete, just before the rename. Tests make it throw.
  var beforeRename: @Sendable (URL) throws -> Void = { _ in }

  /// `.name.<random>.tmp` next to `destination`.
  static func defaultTemporaryURL(for destination: URL) -> URL {
    let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
    let name = "." + destination.lastPathComponent + "." + random + ".tmp"
    return destination.deletingLastPathComponent().appendingPathComponent(name)
  }

  /// Whether `name` is one that ``defaultTemporaryURL(for:)`` gives for a file named
  /// `fileName`: `.fileName.` then base-36 digits then `.tmp`, and nothing else.
  static func isTemporaryName(_ name: String, of fileName: String) -> Bool {
    let prefix = "." + fileName + "."
    let suffix = ".tmp"
    guard name.count > prefix.count + suffix.count, name.hasPrefix(prefix), name.hasSuffix(suffix)
    else { return false }
    let random = name.dropFirst(prefix.count).dropLast(suffix.count)
    return random.count <= 13
      && random.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."z").contains($0) }
  }

  /// Removes the temporary files that earlier saves of `destination` left behind (a process
  /// killed mid-save); best effort, since they hold nothing the file needs.
  func removeStaleTemporaries(of destination: URL) {
    let directory = destination.deletingLastPathComponent()
    let fileName = destination.lastPathComponent
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
      return
    }
    for name in names where Self.isTemporaryName(name, of: fileName) {
      unlink(directory.appendingPathComponent(name).path)
    }
  }

  /// Writes `data` to `url` atomically.
  func write(_ data: Data, to url: URL) throws(Diagnostic) {
    let destination = url.resolvingSymlinksInPath()
    let path = destination.path
    removeStaleTemporaries(of: destination)
    let temporary = temporaryURL(destination).path
    var status = stat()
    let existingMode = stat(path, &status) == 0 ? mode_t(status.st_mode) & 0o7777 : nil
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, existingMode ?? 0o644)
    guard descriptor >= 0 else {
      throw failure("cannot create a temporary file next to it", file: path)
    }
    var closed = false
    do throws(Diagnostic) {
      try writeAll(data, to: descriptor, file: path)
      if let existingMode, fchmod(descriptor, existingMode) != 0 {
        throw failure("cannot copy the file's permissions", file: path)
      }
      guard fsync(descriptor) == 0 else { throw failure("cannot flush to disk", file: path) }
      closed = true
      guard close(descriptor) == 0 else {
        throw failure("cannot close the temporary file", file: path)
      }
    } catch {
      if !closed { close(descriptor) }
      unlink(temporary)
      throw error
    }
    do {
      try beforeRename(URL(fileURLWithPath: temporary))
    } catch {
      unlink(temporary)
      throw Diagnostic("cannot save: \(error)", file: path)
    }
    guard rename(temporary, path) == 0 else {
      let diagnostic = failure("cannot replace the file", file: path)
      unlink(temporary)
      throw diagnostic
    }
    syncDirectory(of: destination)
  }

  private func writeAll(_ data: Data, to descriptor: Int32, file: String) throws(Diagnostic) {
    var failed = false
    data.withUnsafeBytes { buffer in
      guard var pointer = buffer.baseAddress else { return }
      var remaining = buffer.count
      while remaining > 0 {
        let written = Foundation.write(descriptor, pointer, remaining)
        if written < 0 {
          if errno == EINTR { continue }
          failed = true
          return
        }
        remaining -= written
        pointer += written
      }
    }
    if failed { throw failure("cannot write the temporary file", file: file) }
  }

  /// Flushes the directory entry of the rename; best effort.
  private func syncDirectory(of url: URL) {
    let descriptor = open(url.deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  /// A save error naming the system's reason.
  private func failure(_ what: String, file: String) -> Diagnostic {
    let reason = String(cString: strerror(errno))
    return Diagnostic("cannot save: \(what) (\(reason)); the file is unchanged", file: file)
  }
}
