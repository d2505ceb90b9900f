import Foundation
import HTTPTypes
import Trellis

/// The store's part of every answer, run where the store's calls belong (see ``StoreAPI``).
extension StoreAPI {
  /// The answer to `request`. Never throws and never traps: every failure is an answer.
  func respond(to request: StoreAPIRequest) -> StoreAPIResponse {
    do {
      switch (request.id, request.method) {
      case (nil, .get): return try list(request)
      case (nil, .post): return try create(request)
      case (let id?, .get): return try retrieve(try item(id, access: request.access))
      case (let id?, .put), (let id?, .patch):
        return try update(try item(id, access: request.access), request)
      case (let id?, .delete): return try destroy(try item(id, access: request.access), request)
      case (let id, let method):
        return StoreAPIResponse(
          .methodNotAllowed,
          .dictionary(["detail": .string("Method \"\(method.rawValue)\" not allowed.")]),
          allow: id == nil ? "GET, HEAD, POST" : "GET, HEAD, PUT, PATCH, DELETE")
      }
    } catch let response as StoreAPIResponse {
      return response
    } catch let error as StoreError {
      if case .failed = error { Self.logger.error("A store failed: \(error.description)") }
      return .storeError(error, deleting: request.method == .delete)
    } catch {
      Self.logger.error("An answer failed: \(error)")
      return .detail(.internalServerError, "The server could not answer this request.")
    }
  }

  /// The item the id segment names.
  ///
  /// - Throws: 404 when the segment is not an integer as the API writes it (`12`, not `+12`
  ///   or `012`), names no item, or names one the person may not see.
  func item(_ id: String, access: Access? = nil) throws -> Value {
    guard id.count <= 20, let number = Int(id), String(number) == id,
      let item = try identity.item(withID: number, in: store)
    else { throw StoreAPIResponse.notFound }
    try checkVisible(item, access: access)
    return item
  }

  // MARK: Reading

  /// One page of the items, searched and ordered as the query says.
  func list(_ request: StoreAPIRequest) throws -> StoreAPIResponse {
    let query = request.query
    let size: Int
    if let text = query.value("page_size"), !text.isEmpty {
      // Whole numbers from 1 up; above the maximum (however large), the maximum.
      guard text.allSatisfy({ $0.isASCII && $0.isNumber }), text.contains(where: { $0 != "0" })
      else {
        throw StoreAPIResponse.detail(
          .badRequest, "Invalid page size: page_size must be a whole number from 1 up.")
      }
      size = min(Int(text) ?? maxPageSize, maxPageSize)
    } else {
      size = pageSize
    }
    var options = FetchOptions(sort: ordering(query.value("ordering")))
    if let text = query.value("search"), text.count > ItemFilter.maximumSearchLength {
      throw StoreAPIResponse.detail(.badRequest, ItemFilter.searchTooLongMessage)
    }
    options.filter = visible(search(query.value("search")), access: request.access)
    let count = try store.count(options)
    let pages = max(1, count / size + (count % size == 0 ? 0 : 1))
    let page: Int
    switch query.value("page") {
    case nil, "": page = 1
    case "last": page = pages
    case let text?:
      guard text.count <= 20, let number = Int(text), number >= 1, number <= pages else {
        throw StoreAPIResponse.detail(.notFound, "Invalid page.")
      }
      page = number
    }
    options.offset = (page - 1) * size
    options.batchSize = size
    let results = try store.fetch(options).map(representation(of:))
    let base = "http://\(request.host)\(path)"
    func link(_ page: Int?) -> Value {
      let rest = query.replacing("page", with: page.map(String.init))
      return .string(rest.isEmpty ? base : base + "?" + rest)
    }
    var body = ValueDictionary()
    body["count"] = .int(count)
    body["next"] = page < pages ? link(page + 1) : .null
    // Like Django REST framework, the link to the first page has no `page`.
    body["previous"] = page > 1 ? link(page == 2 ? nil : page - 1) : .null
    body["results"] = .array(results)
    return StoreAPIResponse(.ok, .dictionary(body))
  }

  /// The filter of a `search` parameter: as in Django REST framework, its terms (split at
  /// spaces and commas) must each be in one of the search properties, ignoring case.
  func search(_ text: String?) -> ItemFilter? {
    let terms = (text ?? "").split(whereSeparator: { $0 == "," || $0.isWhitespace }).prefix(8)
    let filters = terms.map { ItemFilter.search(String($0), in: searchKeys) }
    return filters.dropFirst().reduce(filters.first) { all, next in all.map { $0 && next } }
  }

  /// The sort keys of an `ordering` parameter: served properties and `id`, `-` for
  /// descending, unknown names ignored; the id last, so that pages never overlap.
  func ordering(_ text: String?) -> [SortKey] {
    guard let text else { return [] }
    var keys: [SortKey] = []
    for term in text.split(separator: ",").prefix(8) {
      let name = term.trimmingCharacters(in: .whitespaces)
      let descending = name.hasPrefix("-")
      let bare = descending ? String(name.dropFirst()) : name
      let keyPath: String
      if bare == "id" {
        keyPath = identity.sortKeyPath
      } else if fields.contains(where: { $0.name == bare }) {
        keyPath = bare
      } else {
        continue
      }
      guard !keys.contains(where: { $0.keyPath == keyPath }) else { continue }
      keys.append(SortKey(keyPath, ascending: !descending))
    }
    if !keys.isEmpty && !keys.contains(where: { $0.keyPath == identity.sortKeyPath }) {
      keys.append(SortKey(identity.sortKeyPath))
    }
    return keys
  }

  func retrieve(_ item: Value) throws -> StoreAPIResponse {
    StoreAPIResponse(.ok, representation(of: item))
  }

  // MARK: Writing

  /// Makes an item from the values sent, checks it as a detail screen would, and inserts it.
  func create(_ request: StoreAPIRequest) throws -> StoreAPIResponse {
    try check(.add, item: nil, access: request.access)
    let values = try object(in: request)
    let item = try store.create()
    let draft = try self.draft(for: item)
    try enter(values, into: draft)
    stamp(draft, adding: true, access: request.access)
    try check(.add, item: draft.reader, access: request.access)
    let newID = try identity.nextID(in: store, definition: definition)
    let (store, key) = (store, identity.propertyName)
    do throws(ScreenError) {
      try draft.commit { values throws(StoreError) in
        var values = values
        if let key, let newID { values.append((key, .int(newID))) }
        do throws(BindingError) { try draft.object.setValues(values) } catch {
          throw .invalidItem(error.description)
        }
        try store.insert(item, at: nil)
      }
    } catch {
      throw Self.answer(for: error)
    }
    return StoreAPIResponse(.created, representation(of: item))
  }

  /// Writes the values sent to `item`, checked as a detail screen would check them.
  func update(_ item: Value, _ request: StoreAPIRequest) throws -> StoreAPIResponse {
    try check(.edit, item: definition.reader(for: item), access: request.access)
    let values = try object(in: request)
    try store.prepareForEditing(item)
    let draft = try self.draft(for: item)
    try enter(values, into: draft)
    stamp(draft, adding: false, access: request.access)
    try check(.edit, item: draft.reader, access: request.access)
    let store = store
    do throws(ScreenError) {
      try draft.commit { values throws(StoreError) in
        guard !values.isEmpty else { return }
        try store.update(item, values: Dictionary(values, uniquingKeysWith: { $1 }))
      }
    } catch {
      throw Self.answer(for: error)
    }
    return StoreAPIResponse(.ok, representation(of: item))
  }

  func destroy(_ item: Value, _ request: StoreAPIRequest) throws -> StoreAPIResponse {
    try check(.delete, item: definition.reader(for: item), access: request.access)
    try store.delete(item)
    return StoreAPIResponse(.noContent, nil)
  }

  /// A draft of `item`, which must be an object its definition reads.
  private func draft(for item: Value) throws -> Draft {
    guard case .object(let ref) = item, let draft = Draft(for: ref.object, definition: definition)
    else {
      throw StoreAPIResponse.detail(
        .methodNotAllowed, "The items of this store cannot be written through the API.")
    }
    return draft
  }

  /// Enters the served fields of `values` into `draft` and checks every property.
  ///
  /// - Throws: 400 with each field's messages when anything is not valid.
  private func enter(_ values: ValueDictionary, into draft: Draft) throws {
    var messages: [(field: String, message: String)] = []
    for field in fields {
      guard let value = values[field.name] else { continue }
      if value.isNull, let kind = field.kind, !kind.isOptional, kind.unwrapped == .string {
        // A text property holds "" when empty, never nothing.
        let title = definition[field.name]?.title ?? field.name
        messages.append((field.name, "\(title) may not be null"))
        continue
      }
      draft.setValue(value, for: field.name)
    }
    if let failure = draft.validate() {
      for (name, message) in failure.messages where !messages.contains(where: { $0.field == name })
      {
        messages.append((name, message))
      }
    }
    guard !messages.isEmpty else { return }
    // In the definition's order, messages of no property last.
    let order = definition.properties.map(\.name)
    let rank = { (name: String) in order.firstIndex(of: name) ?? order.count }
    throw StoreAPIResponse.fieldErrors(
      messages.enumerated().sorted { a, b in
        (rank(a.element.field), a.offset) < (rank(b.element.field), b.offset)
      }.map(\.element))
  }

  /// The answer for a commit that failed.
  private static func answer(for error: ScreenError) -> StoreAPIResponse {
    switch error {
    case .invalid(let failure): .fieldErrors(failure.messages.map { ($0.name, $0.message) })
    case .store(let error): .storeError(error)
    case .notPermitted(let why): .detail(.forbidden, why)
    case .edit, .notApplicable, .rowGone: .fieldErrors([("", error.description)])
    }
  }
}
