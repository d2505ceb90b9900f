import Foundation
import Trellis
import TrellisDocuments

extension WebServiceStore {
  /// Creates the object on the service; it then holds what the service answered (its id).
  public func insert(_ item: Value, at index: Int?) async throws(StoreError) {
    guard let endpoint = definition.createObject else {
      throw .unsupported("this service is read-only")
    }
    let object = try Self.document(item)
    var values = object.root.dictionaryValue ?? [:]
    values[definition.idKeyName] = nil
    let answer = try await send(endpoint, id: nil, values: values)
    let merged = merge(answer, into: object.root.dictionaryValue ?? [:], sent: values)
    object.replaceRoot(.dictionary(merged))
    if let id = Self.identity(merged[definition.idKeyName]) {
      objects.withLock { $0.entries[id] = WeakObject(object: object) }
    }
    // The service does not say where the item goes in its order: lists show it first.
    observers.notify(.inserted(item, after: nil))
  }

  /// Sends the changed values; the object takes them (and whatever else the service answered)
  /// only when the service accepts them.
  public func update(_ item: Value, values: [String: Value]) async throws(StoreError) {
    try await update(item, values: values, headers: [])
  }

  /// ``update(_:values:)`` with `headers` (an `If-Match`).
  func update(_ item: Value, values: [String: Value], headers: [(String, String)])
    async throws(StoreError)
  {
    guard let endpoint = definition.updateObject else {
      throw .unsupported("this service is read-only")
    }
    let object = try Self.document(item)
    let id = try identity(of: object)
    let sent = ValueDictionary(values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    let answer = try await send(endpoint, id: id, values: sent, headers: headers)
    object.replaceRoot(
      .dictionary(merge(answer, into: object.root.dictionaryValue ?? [:], sent: sent)))
    observers.notify(.updated(item))
  }

  /// Deletes the object on the service; one the service no longer has (404) counts as
  /// deleted.
  public func delete(_ item: Value) async throws(StoreError) {
    guard let endpoint = definition.deleteObject else {
      throw .unsupported("this service is read-only")
    }
    let object = try Self.document(item)
    let id = try identity(of: object)
    do throws(StoreError) {
      _ = try await send(endpoint, id: id, values: nil)
    } catch {
      guard case .notFound = error else { throw error }
    }
    objects.withLock { $0.entries[id] = nil }
    observers.notify(.deleted(item))
  }

  func identity(of object: DocumentObject) throws(StoreError) -> String {
    guard let id = Self.identity(object.root.dictionaryValue?[definition.idKeyName]) else {
      throw .invalidItem(
        "the object has no '\(definition.idKeyName)' yet: it is not on the service")
    }
    return id
  }

  /// The values after a write: what was there, what was sent, then what the service answered.
  private func merge(
    _ answer: ValueDictionary?, into current: ValueDictionary, sent: ValueDictionary
  )
    -> ValueDictionary
  {
    var result = current
    for (key, value) in sent { result[key] = value }
    for (key, value) in answer ?? [:] { result[key] = value }
    return result
  }

  /// Sends a write (or a read of one object) with `headers` and returns the object the
  /// answer holds, if it holds one.
  func send(
    _ endpoint: WebServiceDefinition.Endpoint, id: String?, values: ValueDictionary?,
    headers: [(String, String)] = []
  )
    async throws(StoreError) -> ValueDictionary?
  {
    try await exchange(endpoint, id: id, values: values, headers: headers).object
  }

  /// ``send(_:id:values:headers:)``, with the answer's `ETag`.
  func exchange(
    _ endpoint: WebServiceDefinition.Endpoint, id: String?, values: ValueDictionary?,
    headers: [(String, String)] = []
  )
    async throws(StoreError) -> (object: ValueDictionary?, etag: String?)
  {
    let path = endpoint.path.replacingOccurrences(of: "{list}", with: definition.fetchObjectsAPI)
      .replacingOccurrences(of: "{id}", with: id.map(Self.escapedPathSegment) ?? "")
    let url = try address(path)
    var body: [UInt8]?
    if let values {
      var json = ValueDictionary()
      for (key, value) in values {
        json[key] = definition.conversions[key]?.write(value) ?? value
      }
      var root = json
      if let key = endpoint.bodyKeyName { root = [key: .dictionary(json)] }
      for (key, value) in endpoint.extraBody.sorted(by: { $0.key < $1.key }) { root[key] = value }
      body = try Self.encode(.dictionary(root), url: url)
    } else if !endpoint.extraBody.isEmpty {
      body = try Self.encode(
        .dictionary(ValueDictionary(endpoint.extraBody.map { ($0, $1) })), url: url)
    }
    let answer: Value
    let etag: String?
    do {
      (answer, etag) = try await exchange(
        endpoint.method.uppercased(), url, body: body, extraHeaders: headers)
    } catch { throw error.error }
    var found = answer
    if let key = endpoint.resultKeyName {
      guard let value = try? WebServiceReply.find(key, in: answer, url: url, what: "resultKeyName")
      else { return (nil, etag) }
      found = value
    }
    if case .array(let list) = found { found = list.first ?? .null }
    guard case .dictionary(let entries) = found else { return (nil, etag) }
    return (WebServiceReply.convert(entries, with: definition.conversions), etag)
  }

  static func encode(_ value: Value, url: String) throws(StoreError) -> [UInt8] {
    let options = DocumentWriteOptions(conversion: .writeAsStrings)
    do { return Array(try DocumentWriter.data(for: value, format: .json, options: options)) } catch
    {
      throw .invalidItem("the values cannot be sent to \(url): \(error.message)")
    }
  }

  /// `text` as one segment of a path.
  static func escapedPathSegment(_ text: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove("/")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }
}
