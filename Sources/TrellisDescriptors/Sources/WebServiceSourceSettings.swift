/// The settings a `webService` source takes: the web-service definition's names, with the
/// shape of each value, and the presets that fill in the rest.
///
/// The reader checks a source against these; the program that opens web-service sources
/// turns them into its definition.
package enum WebServiceSourceSettings {
  /// What a setting's value is.
  package enum Shape: Hashable, Sendable {
    /// Text (a number is taken as its text).
    case string
    /// A number of seconds, more than zero.
    case seconds
    /// A dictionary of texts (query parameters, headers).
    case strings
    /// A dictionary of names from a fixed set (conversions, value kinds).
    case names([String])
    /// `"nextLink"`, `{"offset": "skip"}` or `{"page": "page", "first": 1}`.
    case paging
    /// `{"attempts": 2, "delay": 0.2}`.
    case retry
    /// `"fieldLists"`, `{"messageList": "errors"}` or `{"message": "error"}`.
    case errors
    /// A write request, `{"method": "PATCH", "path": "{list}{id}/", ...}`, or `false` for none.
    case endpoint
    /// Each key's rules, checked by a form before it sends: `{"name": {"required": true,
    /// "maxLength": 100}}` (see ``ruleNames``).
    case rules
    /// Where a secret from the environment goes: `{"variable": "TRELLIS_TOKEN", "scheme":
    /// "bearer"}`, or `"header": NAME` or `"query": NAME` instead of `scheme`.
    case credential
  }

  /// The presets, by the name a source gives in `preset`.
  package static let presets = ["djangoREST", "datasette", "parse"]

  /// The settings only a preset takes, by preset.
  package static let presetSettings: [String: [String]] = [
    "datasette": ["database", "table"],
    "parse": ["className", "applicationID", "restAPIKey"],
  ]

  /// Every setting of the definition, with its shape, in the definition's order.
  package static let definitionSettings: [(name: String, shape: Shape)] = [
    ("baseURL", .string), ("fetchObjectsAPI", .string), ("resultsKeyName", .string),
    ("resultsDictionaryKeyNamesString", .string), ("fetchObjectsParameters", .strings),
    ("batchSizeParameterName", .string), ("nextBatchURLKeyName", .string),
    ("idKeyName", .string), ("totalCountKeyName", .string), ("paging", .paging),
    ("searchParameterName", .string), ("createObject", .endpoint), ("updateObject", .endpoint),
    ("deleteObject", .endpoint), ("readObject", .endpoint), ("versionKeyName", .string),
    ("headers", .strings), ("queryParameters", .strings), ("bearerToken", .string),
    ("timeout", .seconds), ("pollInterval", .seconds), ("retry", .retry), ("errors", .errors),
    ("conversions", .names(conversionNames)), ("valueKinds", .names(valueKindNames)),
    ("name", .string), ("rules", .rules), ("credential", .credential),
  ]

  /// The rules a key of `rules` may have, with the shape of each: `required` and `readOnly`
  /// (Booleans), `choices` (a list of values), `minimum` and `maximum` (numbers, not reached
  /// with `exclusiveMinimum` or `exclusiveMaximum`), `minLength` and `maxLength` (counts of
  /// characters), `pattern` (a regular expression that must find a match in the text; `^…$` for the
  /// whole text) and `format`
  /// (`email`, `uri`, `time`).
  package static let ruleNames = [
    "required", "readOnly", "choices", "minimum", "maximum", "exclusiveMinimum",
    "exclusiveMaximum", "minLength", "maxLength", "pattern", "format",
  ]

  /// The formats a `format` rule checks.
  package static let formatNames = ["email", "uri", "time"]

  /// The names of the definition's value conversions.
  package static let conversionNames = [
    "iso8601Date", "iso8601Day", "unixDate", "numericText", "text", "bool",
  ]

  /// The value kinds a key may have; `?` after one allows no value.
  package static let valueKindNames = ["string", "int", "double", "bool", "date"].flatMap {
    [$0, $0 + "?"]
  }

  /// The methods a write request (or the read of one object, `GET`) uses.
  package static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE"]

  /// Every name a source takes: `preset`, the definition's, and the presets' own.
  package static var allNames: [String] {
    ["preset"] + definitionSettings.map(\.name) + presets.flatMap { presetSettings[$0] ?? [] }
  }

  /// The settings a source must give, with `preset` (or none).
  package static func required(preset: String?) -> [String] {
    switch preset {
    case "datasette": ["baseURL", "database", "table", "resultsDictionaryKeyNamesString"]
    case "parse":
      ["baseURL", "className", "applicationID", "restAPIKey", "resultsDictionaryKeyNamesString"]
    default: ["baseURL", "fetchObjectsAPI", "resultsDictionaryKeyNamesString"]
    }
  }
}
