import Trellis

extension WebServiceStore {
  /// Why a request failed, and whether trying again may help.
  struct RequestFailure: Error {
    var error: StoreError
    /// No answer came, or the server failed (5xx): a read may be tried again.
    var isTransient: Bool
  }

  /// Sends one request and returns the answer's JSON (`null` for an empty answer).
  func request(_ method: String, _ url: String, body: [UInt8]?) async throws(StoreError) -> Value {
    do { return try await attempt(method, url, body: body) } catch { throw error.error }
  }

  /// Sends one request; a failure says whether it is worth trying again.
  func attempt(_ method: String, _ url: String, body: [UInt8]?) async throws(RequestFailure)
    -> Value
  {
    var headers = [("Accept", "application/json")]
    if body != nil { headers.append(("Content-Type", "application/json")) }
    for (name, value) in definition.headers.sorted(by: { $0.key < $1.key }) {
      headers.append((name, value))
    }
    if let token = definition.bearerToken { headers.append(("Authorization", "Bearer \(token)")) }
    let outgoing = HTTPRequest(
      method: method, url: url, headers: headers, body: body, timeout: definition.timeout)
    let answer: HTTPResponse
    do { answer = try await transport.send(outgoing) } catch {
      let transient = error != .cancelled
      let prefix = error == .cancelled ? "" : "could not reach \(url): "
      throw RequestFailure(error: .failed(prefix + error.description), isTransient: transient)
    }
    switch answer.status {
    case 200..<300:
      if answer.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
        return .null
      }
      do { return try WebServiceReply.json(answer.body, url: url) } catch {
        throw RequestFailure(error: error, isTransient: false)
      }
    case 404:
      throw RequestFailure(error: .notFound("\(method) \(url) answered 404"), isTransient: false)
    case 400, 409, 422:
      throw RequestFailure(error: refusal(answer, url: url), isTransient: false)
    case 401, 403:
      let detail = Self.detail(of: answer.body, url: url)
      throw RequestFailure(
        error: .refused("the service refused access (\(answer.status))\(detail)"),
        isTransient: false)
    default:
      let detail = Self.detail(of: answer.body, url: url)
      throw RequestFailure(
        error: .failed("\(method) \(url) answered \(answer.status)\(detail)"),
        isTransient: answer.status >= 500)
    }
  }

  /// A short text of an answer's body, for an error message: its message if it is JSON with
  /// one, else its first characters.
  static func detail(of body: [UInt8], url: String) -> String {
    guard !body.isEmpty else { return "" }
    if let json = try? WebServiceReply.json(body, url: url), case .dictionary(let entries) = json {
      for key in ["detail", "error", "message", "title"] {
        if let text = entries[key]?.stringValue { return ": \(text)" }
      }
      if let errors = entries["errors"]?.arrayValue {
        return ": " + errors.map(\.displayText).joined(separator: "; ")
      }
    }
    let text = String(decoding: body.prefix(120), as: UTF8.self)
      .replacingOccurrences(of: "\n", with: " ")
    return ": “\(text)”"
  }

  /// What a refusal (400) says, per field where it names fields the objects have: those
  /// messages go on the rows they name.
  func refusal(_ answer: HTTPResponse, url: String) -> StoreError {
    guard let json = try? WebServiceReply.json(answer.body, url: url) else {
      return .refused("the service refused the values\(Self.detail(of: answer.body, url: url))")
    }
    var fields: [String: String] = [:]
    var general: [String] = []
    func place(_ message: String) {
      if let key = keys.first(where: { Self.mentions(message, $0) }) {
        fields[key] = fields[key].map { $0 + " " + message } ?? message
      } else {
        general.append(message)
      }
    }
    switch definition.errors {
    case .fieldLists:
      for (key, value) in json.dictionaryValue ?? [:] {
        let messages = value.arrayValue?.map(\.displayText) ?? [value.displayText]
        if keys.contains(key) {
          fields[key] = messages.joined(separator: " ")
        } else {
          general += messages.map {
            key == "detail" || key == "non_field_errors" ? $0 : "\(key): \($0)"
          }
        }
      }
    case .messageList(let key):
      for message in json.dictionaryValue?[key]?.arrayValue ?? [] { place(message.displayText) }
    case .message(let key):
      if let message = json.dictionaryValue?[key]?.displayText { place(message) }
    }
    if !fields.isEmpty {
      if !general.isEmpty, let first = fields.keys.sorted().first {
        fields[first] = (fields[first] ?? "") + " " + general.joined(separator: " ")
      }
      return fields.count == 1
        ? .refusedValue(property: fields.keys.first!, message: fields.values.first!)
        : .refusedValues(fields)
    }
    let text = general.isEmpty ? "the service refused the values" : general.joined(separator: " ")
    return .refused(text)
  }

  /// Whether a message names `key` the way databases and frameworks do: `table.key`,
  /// `'key'`, `"key"`, or `key:` at its start.
  static func mentions(_ message: String, _ key: String) -> Bool {
    message.contains(".\(key)") || message.contains("'\(key)'") || message.contains("\"\(key)\"")
      || message.hasPrefix("\(key):") || message.hasPrefix("\(key) ")
  }
}
