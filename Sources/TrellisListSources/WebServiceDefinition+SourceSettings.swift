import Trellis
import TrellisWebService

extension WebServiceDefinition {
  /// The definition a `webService` source's settings describe: its preset's (or the plain
  /// definition's), with every setting the source gives laid over it. Query parameters and
  /// headers are added to the preset's.
  ///
  /// The descriptor reader has checked each setting's shape; one of another shape is left out.
  init(sourceSettings settings: [String: Value]) {
    func text(_ name: String) -> String? { settings[name]?.stringValue }
    let baseURL = text("baseURL") ?? ""
    let keys = text("resultsDictionaryKeyNamesString") ?? ""
    switch text("preset") {
    case "djangoREST":
      self = .djangoREST(baseURL: baseURL, resource: text("fetchObjectsAPI") ?? "", keys: keys)
    case "datasette":
      self = .datasette(
        baseURL: baseURL, database: text("database") ?? "", table: text("table") ?? "",
        keys: keys, token: text("bearerToken"))
    case "parse":
      self = .parse(
        baseURL: baseURL, className: text("className") ?? "",
        applicationID: text("applicationID") ?? "", restAPIKey: text("restAPIKey") ?? "",
        keys: keys)
    default:
      self.init(
        baseURL: baseURL, fetchObjectsAPI: text("fetchObjectsAPI") ?? "",
        resultsKeyName: text("resultsKeyName"), resultsDictionaryKeyNamesString: keys)
    }
    if let path = text("fetchObjectsAPI") { fetchObjectsAPI = path }
    if settings["resultsKeyName"] != nil { resultsKeyName = text("resultsKeyName") }
    for (name, keyPath) in [
      ("batchSizeParameterName", \WebServiceDefinition.batchSizeParameterName),
      ("nextBatchURLKeyName", \.nextBatchURLKeyName), ("totalCountKeyName", \.totalCountKeyName),
      ("searchParameterName", \.searchParameterName), ("bearerToken", \.bearerToken),
      ("versionKeyName", \.versionKeyName),
    ] where settings[name] != nil {
      self[keyPath: keyPath] = text(name)
    }
    if let id = text("idKeyName") { idKeyName = id }
    if let name = text("name") { self.name = name }
    fetchObjectsParameters.merge(Self.texts(settings["fetchObjectsParameters"])) { $1 }
    headers.merge(Self.texts(settings["headers"])) { $1 }
    queryParameters.merge(Self.texts(settings["queryParameters"])) { $1 }
    if let paging = settings["paging"].flatMap(Self.paging) { self.paging = paging }
    if let seconds = settings["timeout"]?.doubleValue { timeout = .seconds(seconds) }
    if let seconds = settings["pollInterval"]?.doubleValue, seconds > 0 {
      pollInterval = .milliseconds(Int(seconds * 1000))
    }
    if let policy = settings["retry"]?.dictionaryValue {
      if let attempts = policy["attempts"]?.intValue { retry.attempts = attempts }
      if let delay = policy["delay"]?.doubleValue { retry.delay = .seconds(delay) }
    }
    if let format = settings["errors"].flatMap(Self.errorFormat) { errors = format }
    for (name, keyPath) in [
      ("createObject", \WebServiceDefinition.createObject), ("updateObject", \.updateObject),
      ("deleteObject", \.deleteObject), ("readObject", \.readObject),
    ] {
      if let written = settings[name] { self[keyPath: keyPath] = Self.endpoint(written) }
    }
    for (key, name) in Self.texts(settings["conversions"]) {
      if let conversion = Self.conversion(name) { conversions[key] = conversion }
    }
    for (key, name) in Self.texts(settings["valueKinds"]) {
      if let kind = Self.valueKind(name) { valueKinds[key] = kind }
    }
  }

  /// A dictionary of texts, as Swift's.
  static func texts(_ value: Value?) -> [String: String] {
    var result: [String: String] = [:]
    for entry in value?.dictionaryValue ?? ValueDictionary() {
      if let text = entry.value.stringValue { result[entry.key] = text }
    }
    return result
  }

  /// `"nextLink"`, `{"offset": "skip"}` or `{"page": "page", "first": 1}`.
  static func paging(_ value: Value) -> Paging? {
    if value.stringValue == "nextLink" { return .nextLink }
    guard let entries = value.dictionaryValue else { return nil }
    if let parameter = entries["offset"]?.stringValue { return .offset(parameter: parameter) }
    if let parameter = entries["page"]?.stringValue {
      return .page(parameter: parameter, first: entries["first"]?.intValue ?? 1)
    }
    return nil
  }

  /// `"fieldLists"`, `{"messageList": "errors"}` or `{"message": "error"}`.
  static func errorFormat(_ value: Value) -> ErrorFormat? {
    if value.stringValue == "fieldLists" { return .fieldLists }
    guard let entries = value.dictionaryValue else { return nil }
    if let key = entries["messageList"]?.stringValue { return .messageList(key: key) }
    if let key = entries["message"]?.stringValue { return .message(key: key) }
    return nil
  }

  /// A write request, or `nil` for `false`.
  static func endpoint(_ value: Value) -> Endpoint? {
    guard let entries = value.dictionaryValue, let method = entries["method"]?.stringValue,
      let path = entries["path"]?.stringValue
    else { return nil }
    var extra: [String: Value] = [:]
    for entry in entries["extraBody"]?.dictionaryValue ?? ValueDictionary() {
      extra[entry.key] = entry.value
    }
    return Endpoint(
      method: method, path: path, bodyKeyName: entries["bodyKeyName"]?.stringValue,
      resultKeyName: entries["resultKeyName"]?.stringValue, extraBody: extra)
  }

  /// A conversion by its name.
  static func conversion(_ name: String) -> ValueConversion? {
    switch name {
    case "iso8601Date": .iso8601Date
    case "iso8601Day": .iso8601Day
    case "unixDate": .unixDate
    case "numericText": .numericText
    case "text": .text
    case "bool": .bool
    default: nil
    }
  }

  /// A value kind by its name; `?` after it allows no value.
  static func valueKind(_ name: String) -> ValueKind? {
    if name.hasSuffix("?") { return valueKind(String(name.dropLast())).map(ValueKind.optional) }
    switch name {
    case "string": return .string
    case "int": return .int
    case "double": return .double
    case "bool": return .bool
    case "date": return .date
    default: return nil
    }
  }
}
