import Foundation
import Trellis

/// The file a suite is kept in, checked before Foundation opens it: Foundation reads a file
/// that is not a property list as an empty suite, and its first write then replaces the file,
/// losing every value in it.
extension UserDefaultsStore {
  /// The file Foundation keeps `suiteName` in where this process can know it: a suite named
  /// by an absolute path is that path with `.plist`; on Linux, any other suite is
  /// `$XDG_CONFIG_HOME/<suite>.plist` (`~/.config` without it). `nil` where the system keeps
  /// suites itself.
  static func suiteFile(for suiteName: String) -> URL? {
    if suiteName.hasPrefix("/") { return URL(fileURLWithPath: suiteName + ".plist") }
    #if canImport(Darwin)
      return nil
    #else
      let environment = ProcessInfo.processInfo.environment
      let configuration =
        environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
        ?? (NSHomeDirectory() as NSString).appendingPathComponent(".config")
      return URL(fileURLWithPath: configuration).appendingPathComponent(suiteName + ".plist")
    #endif
  }

  /// Refuses a suite whose file exists but does not read as a property list holding a
  /// dictionary, naming the file, which is left as it is.
  static func checkSuiteFile(for suiteName: String) throws(StoreError) {
    guard let file = suiteFile(for: suiteName),
      FileManager.default.fileExists(atPath: file.path)
    else { return }
    let advice = "it is left as it is: fix or remove it to use the suite"
    let data: Data
    do { data = try Data(contentsOf: file) } catch {
      throw .failed(
        "cannot read \(file.path) (\(error.localizedDescription)); \(advice)")
    }
    // An empty file is what a new suite starts from.
    if data.isEmpty { return }
    let root: Any
    do {
      root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    } catch {
      throw .failed("\(file.path) is not a property list; \(advice)")
    }
    guard root is [String: Any] else {
      throw .failed("\(file.path) holds no dictionary of settings; \(advice)")
    }
  }
}
