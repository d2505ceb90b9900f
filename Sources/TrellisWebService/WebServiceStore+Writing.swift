import Foundation
import Trellis
import TrellisDocuments

extension WebServiceStore {
  /// Creates the object on the service; it then holds what the service answered (its id).
  ///
  /// The object changes here, wherever this runs: a host whose screens show the object uses
  /// ``prepareInsert(_:at:)``, which gives it the answer on the domain that shows it.
  public func insert(_ item: Value, at index: Int?) async throws(StoreError) {
    let object = try Self.document(item)
    try await insert(item, values: object.root.dictionaryValue ?? [:], now: true)
  }

  /// Starts an insert on the caller's domain: the object's values are read here, sent in the
  /// background, and the service's answer (its id) is given to the object back on this domain.
  public func prepareInsert(_ item: Value, at index: Int?) throws(StoreError)
    -> PreparedStoreWrite
  {
    guard definition.createObject != nil else { throw .unsupported("this service is read-only") }
    let values = try Self.document(item).root.dictionaryValue ?? [:]
    return applyingAnswer(
      PreparedStoreWrite { () async throws(StoreError) in
        try await self.insert(item, values: values, now: false)
      })
  }

  /// Creates an object holding `values`; `item` takes the service's answer `now`, or when its
  /// domain applies what arrived.
  private func insert(_ item: Value, values: ValueDictionary, now: Bool) async throws(StoreError) {
    guard let endpoint = definition.createObject else {
      throw .unsupported("this service is read-only")
    }
    let object = try Self.document(item)
    var sent = values
    sent[definition.idKeyName] = nil
    // A value the new object does not hold is left to the service, which gives it its
    // default: a null would be refused for a field that may be left out but not be null.
    for (key, value) in values where value.isNull { sent[key] = nil }
    let answer = try await send(endpoint, id: nil, values: sent)
    let arrived = merge(answer, into: sent)
    guard let id = Self.identity(arrived[definition.idKeyName]) else {
      // An answer without the id: the object takes what the service answered, but nothing
      // can read, change or delete it again, so it is none of the store's items. Lists drop
      // it (and do not show it once the write is done), and read the service again to show
      // the record as the service keeps it.
      if now {
        Self.set(arrived, on: object, replacing: false)
      } else {
        objects.withLock { $0.arriveWithoutIdentity(object, arrived) }
      }
      observers.notify(.deleted(item))
      observers.notify(.reset)
      return
    }
    objects.withLock { $0.remember(object, as: id) }
    give(arrived, to: object, id: id, now: now)
    // The service does not say where the item goes in its order: lists show it first.
    observers.notify(.inserted(item, after: nil))
  }

  /// Sends the changed values; the object takes them (and whatever else the service answered)
  /// only when the service accepts them.
  ///
  /// The object changes here, wherever this runs: a host whose screens show the object uses
  /// ``prepareUpdate(_:values:)``, which gives it the values on the domain that shows it.
  public func update(_ item: Value, values: [String: Value]) async throws(StoreError) {
    let id = try identity(of: try Self.document(item))
    try await update(item, id: id, values: values, headers: [], now: true)
  }

  /// Starts an update on the caller's domain: the object's identity is read here, the values
  /// are sent in the background, and the object takes them, with the service's answer, back
  /// on this domain.
  public func prepareUpdate(_ item: Value, values: [String: Value]) throws(StoreError)
    -> PreparedStoreWrite
  {
    guard definition.updateObject != nil else { throw .unsupported("this service is read-only") }
    let id = try identity(of: try Self.document(item))
    return applyingAnswer(
      PreparedStoreWrite { () async throws(StoreError) in
        try await self.update(item, id: id, values: values, headers: [])
      })
  }

  /// ``update(_:values:)`` of the object `id` with `headers` (an `If-Match`); the object takes
  /// the answer `now`, or when its domain applies what arrived.
  func update(
    _ item: Value, id: String, values: [String: Value], headers: [(String, String)],
    now: Bool = false
  ) async throws(StoreError) {
    guard let endpoint = definition.updateObject else {
      throw .unsupported("this service is read-only")
    }
    let sent = ValueDictionary(values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    let answer = try await send(endpoint, id: id, values: sent, headers: headers)
    give(merge(answer, into: sent), to: try Self.document(item), id: id, now: now)
    observers.notify(.updated(item))
  }

  /// Gives `object` (the object `id`) what a write sent and the service answered: at once when
  /// `now`, else when the domain that shows it applies what arrived.
  private func give(_ values: ValueDictionary, to object: DocumentObject, id: String?, now: Bool) {
    if now {
      Self.set(values, on: object, replacing: false)
    } else if let id {
      objects.withLock { $0.arrive(id, values, replacing: false) }
    }
  }

  /// `write`, whose answer the object takes on the domain that started it once it succeeded.
  func applyingAnswer(_ write: PreparedStoreWrite) -> PreparedStoreWrite {
    var write = write
    write.followUp = { [self] () throws(StoreError) -> PreparedStoreWrite? in
      applyArrivedValues()
      return nil
    }
    return write
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
    objects.withLock { $0.forget(id) }
    observers.notify(.deleted(item))
  }

  func identity(of object: DocumentObject) throws(StoreError) -> String {
    guard let id = Self.identity(object.root.dictionaryValue?[definition.idKeyName]) else {
      throw .invalidItem(
        "the object has no '\(definition.idKeyName)' yet: it is not on the service")
    }
    return id
  }

  /// The values a write gives the object: what was sent, then what the service answered.
  private func merge(_ answer: ValueDictionary?, into sent: ValueDictionary) -> ValueDictionary {
    var result = sent
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
    } catch { throw id == nil ? Self.listAddressError(error.error, url: url) : error.error }
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
