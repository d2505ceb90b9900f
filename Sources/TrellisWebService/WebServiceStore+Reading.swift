import Foundation
import Trellis

extension WebServiceStore {
  /// One page: the first, or the one `token` names (the service's next-page address, or an
  /// offset for services that page by parameter). A search text goes to the service's search
  /// parameter; `options.batchSize` to its page-size parameter.
  public func fetchPage(_ options: FetchOptions, from token: PageToken?) async throws(StoreError)
    -> StorePage
  {
    let url = try pageURL(options, token)
    let root = try await read(url)
    let page = try WebServiceReply.page(root, of: definition, url: url)
    if token == nil, !page.results.isEmpty { try checkKeys(page.results, url: url) }
    let items = page.results.map { Value.object(ObjectReference(object(for: $0))) }
    return StorePage(items: items, next: next(after: page, options, token), totalCount: page.count)
  }

  /// How many objects match, as the service's count says.
  public func count(_ options: FetchOptions) async throws(StoreError) -> Int {
    guard let key = definition.totalCountKeyName else {
      throw .unsupported("counting: the service's definition names no totalCountKeyName")
    }
    var options = options
    options.batchSize = 1
    let url = try pageURL(options, nil)
    let page = try WebServiceReply.page(try await read(url), of: definition, url: url)
    guard let count = page.count else {
      throw .failed("the answer of \(url) has no number at '\(key)'")
    }
    return count
  }

  /// What comes after `page`: the address it names, or the next offset when the service
  /// pages by parameter and the page was full.
  private func next(after page: WebServiceReply.Page, _ options: FetchOptions, _ token: PageToken?)
    -> PageToken?
  {
    switch definition.paging {
    case .nextLink:
      return page.next.map { .url(absolute($0)) }
    case .offset, .page:
      let start = if case .offset(let offset) = token { offset } else { 0 }
      guard let size = options.batchSize, page.results.count >= size else {
        return page.next.map { .url(absolute($0)) }
      }
      return .offset(start + page.results.count)
    }
  }

  /// The address of a page.
  func pageURL(_ options: FetchOptions, _ token: PageToken?) throws(StoreError) -> String {
    if case .url(let address) = token { return address }
    var query = definition.fetchObjectsParameters.sorted { $0.key < $1.key }.map {
      ($0.key, $0.value)
    }
    if let name = definition.batchSizeParameterName, let size = options.batchSize {
      query.append((name, String(size)))
    }
    if let name = definition.searchParameterName, let filter = options.filter,
      case .search(_, let text) = filter.term, !text.isEmpty
    {
      query.append((name, text))
    }
    let offset = if case .offset(let offset) = token { offset } else { options.offset }
    switch definition.paging {
    case .nextLink: break
    case .offset(let parameter):
      if offset > 0 { query.append((parameter, String(offset))) }
    case .page(let parameter, let first):
      let size = Swift.max(options.batchSize ?? 1, 1)
      if offset > 0 { query.append((parameter, String(first + offset / size))) }
    }
    return try address(definition.fetchObjectsAPI, query: query)
  }

  /// `path` against the base address, with `query`.
  func address(_ path: String, query: [(String, String)] = []) throws(StoreError) -> String {
    guard var components = URLComponents(string: absolute(path)) else {
      throw .failed("'\(path)' does not make an address with \(definition.baseURL)")
    }
    if !query.isEmpty {
      components.queryItems =
        (components.queryItems ?? []) + query.map { URLQueryItem(name: $0.0, value: $0.1) }
    }
    guard let url = components.string else {
      throw .failed("'\(path)' does not make an address with \(definition.baseURL)")
    }
    return url
  }

  /// An address the service gave, or a path, made absolute against the base address.
  func absolute(_ address: String) -> String {
    if address.hasPrefix("http://") || address.hasPrefix("https://") { return address }
    guard let base = URL(string: definition.baseURL),
      let resolved = URL(string: address, relativeTo: base)
    else { return definition.baseURL + address }
    return resolved.absoluteString
  }

  /// The JSON at `url`, tried again as the retry policy says when no answer came or the
  /// server failed (5xx).
  func read(_ url: String) async throws(StoreError) -> Value {
    var delay = definition.retry.delay
    var attempt = 1
    while true {
      do throws(RequestFailure) {
        return try await self.attempt("GET", url, body: nil)
      } catch {
        guard attempt < definition.retry.attempts, error.isTransient, !Task.isCancelled else {
          throw Self.listAddressError(error.error, url: url)
        }
        do { try await Task.sleep(for: delay) } catch { throw .failed("cancelled") }
        delay *= 2
        attempt += 1
      }
    }
  }

  /// Checks that every key of the keys string is in some object of the first page: a key
  /// no object has is a mistyped name, said with the closest key the objects have.
  func checkKeys(_ results: [ValueDictionary], url: String) throws(StoreError) {
    var seen = Set<String>()
    for entries in results { seen.formUnion(entries.keys) }
    for key in keys where !seen.contains(key) {
      let suggestion =
        NameSuggestion.closest(to: key, among: Array(seen).sorted())
        .map { " (did you mean '\($0)'?)" } ?? ""
      throw .failed(
        "resultsDictionaryKeyNamesString names '\(key)', which no object from \(url) has"
          + suggestion)
    }
  }
}
