import Foundation
import Trellis

extension SyncedSettingsStore {
  /// Reads the last known values and the waiting writes from ``cacheFile``, when it exists
  /// and is readable; otherwise the store starts empty.
  ///
  /// The file holds `{"values":{key:value,…},"waiting":[{"key":…,"value":…},…]}` in the
  /// synced settings' value encoding, a `null` value being a removal.
  func loadCache() {
    guard let cacheFile, let data = try? Data(contentsOf: cacheFile),
      let root = try? SyncedValueEncoding.decode(String(decoding: data, as: UTF8.self)),
      let fields = root.dictionaryValue
    else { return }
    state.withLock { state in
      for (key, value) in fields["values"]?.dictionaryValue ?? [:] {
        guard let text = try? SyncedValueEncoding.encode(value) else { continue }
        state.values[key] = value
        state.sizes[key] = key.utf8.count + text.utf8.count
      }
      for entry in fields["waiting"]?.arrayValue ?? [] {
        guard let key = entry.dictionaryValue?["key"]?.stringValue else { continue }
        let value = entry.dictionaryValue?["value"] ?? .null
        state.writeCount += 1
        state.queue.append(
          PendingWrite(
            id: state.writeCount, key: key,
            text: value.isNull ? nil : try? SyncedValueEncoding.encode(value)))
      }
    }
  }

  /// Writes the last known values and the waiting writes to ``cacheFile``, if any; files are
  /// written one at a time, each with the state at its start, so the last one is the newest.
  func saveCache() {
    guard let cacheFile else { return }
    cacheLock.withLock { saves in
      saves += 1
      let (values, waiting) = state.withLock { ($0.values, $0.queue) }
      let root = Value.dictionary([
        "values": .dictionary(
          ValueDictionary(values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })),
        "waiting": .array(
          waiting.map { write in
            .dictionary([
              "key": .string(write.key),
              "value": write.text.flatMap { try? SyncedValueEncoding.decode($0) } ?? .null,
            ])
          }),
      ])
      guard let text = try? SyncedValueEncoding.encode(root) else { return }
      try? Data(text.utf8).write(to: cacheFile, options: .atomic)
    }
  }
}
