import Trellis

/// What a list needs to know about a REST API: where its objects are, how a response holds
/// them, how to page, and how to write.
///
/// The first names are Sensible TableView's `SCWebServiceDefinition`'s, with the same meaning:
///
/// ```swift
/// var service = WebServiceDefinition(
///   baseURL: "http://127.0.0.1:8000/", fetchObjectsAPI: "api/contacts/",
///   resultsKeyName: "results", resultsDictionaryKeyNamesString: "name;email;city")
/// service.batchSizeParameterName = "page_size"
/// service.nextBatchURLKeyName = "next"
/// ```
///
/// The presets (``djangoREST(baseURL:resource:keys:)``,
/// ``datasette(baseURL:database:table:keys:token:)``,
/// ``parse(baseURL:className:applicationID:restAPIKey:keys:)``) fill in what those APIs do.
public struct WebServiceDefinition: Sendable {
  /// Where the API lives; the paths below are relative to it.
  public var baseURL: String
  /// The path that lists objects (`api/contacts/`).
  public var fetchObjectsAPI: String
  /// The key path of the list of objects in a response; `nil` when the response is the list.
  public var resultsKeyName: String?
  /// The keys of each object, in the names-string grammar (`"name;email"`, or grouped:
  /// `"Person:(name,email);Home:(city)"`): the rows of its detail screen, and what is sent.
  public var resultsDictionaryKeyNamesString: String
  /// Query parameters sent with every read.
  public var fetchObjectsParameters: [String: String] = [:]
  /// The query parameter that asks for a page size (`page_size`, `_size`, `limit`).
  public var batchSizeParameterName: String?
  /// The key path of the next page's address in a response (`next`, `next_url`); the last
  /// page has none, or `null`.
  public var nextBatchURLKeyName: String?

  /// The key of an object's identity (`id`, `objectId`).
  public var idKeyName = "id"
  /// The key path of the number of matching objects in a response (`count`), if it has one.
  public var totalCountKeyName: String?
  /// How pages are asked for when a response has no next-page address.
  public var paging = Paging.nextLink
  /// The query parameter that carries a search text (`search`, `_search`); without one, a
  /// search filters the pages loaded.
  public var searchParameterName: String?
  /// How to create, update and delete; `nil` when the API is read-only.
  public var createObject: Endpoint? = Endpoint(method: "POST", path: "{list}")
  public var updateObject: Endpoint? = Endpoint(method: "PATCH", path: "{list}{id}/")
  public var deleteObject: Endpoint? = Endpoint(method: "DELETE", path: "{list}{id}/")
  /// How to read one object, so that a form's Done can check that nobody changed what it
  /// changes since the form opened: the stored values are compared with those the form
  /// started from, and the write carries the answer's `ETag` as `If-Match` when the service
  /// sends one. Done is then refused with a conflict naming each field someone else changed
  /// (as on SQLite and PostgreSQL). No check when `nil`.
  public var readObject: Endpoint? = Endpoint(method: "GET", path: "{list}{id}/")
  /// The key of the objects' version, when the API keeps one (a number or time stamp that
  /// changes with every write): it is sent back with each checked write, for a service that
  /// refuses a write of an older version (409 or 412), which is then shown as a conflict.
  public var versionKeyName: String?
  /// Headers sent with every request.
  public var headers: [String: String] = [:]
  /// Query parameters sent with every request, reads and writes alike (an API key a security
  /// scheme takes in the query); never shown in the messages that name an address.
  public var queryParameters: [String: String] = [:]
  /// Sent as `Authorization: Bearer …` with every request.
  public var bearerToken: String?
  /// How long a request may take before it fails.
  public var timeout = Duration.seconds(30)
  /// How often the lists a store shows read the service again, for the changes others made
  /// (other programs, other servers); never when `nil`, as a service announces nothing.
  public var pollInterval: Duration?
  /// How reads (which change nothing) are tried again when the connection fails or the server
  /// answers 5xx. Writes are never repeated.
  public var retry = RetryPolicy()
  /// How a refusal (a 400) says what was wrong.
  public var errors = ErrorFormat.fieldLists
  /// How a key's JSON value becomes a ``Value`` and back (a date sent as text, say); keys
  /// not listed keep JSON's own types.
  public var conversions: [String: ValueConversion] = [:]
  /// The kind of each key's values, which picks its control on a detail screen (a switch for
  /// `.bool`, a number field for `.int`). Keys not listed are text that may be empty
  /// (`.optional(.string)`), unless a conversion makes dates or Booleans of them.
  public var valueKinds: [String: ValueKind] = [:]
  /// The definition's name, for titles ("New Contact").
  public var name = "Item"

  /// Creates a definition with Sensible TableView's names.
  public init(
    baseURL: String, fetchObjectsAPI: String, resultsKeyName: String?,
    resultsDictionaryKeyNamesString: String
  ) {
    self.baseURL = baseURL
    self.fetchObjectsAPI = fetchObjectsAPI
    self.resultsKeyName = resultsKeyName
    self.resultsDictionaryKeyNamesString = resultsDictionaryKeyNamesString
  }

  /// How pages are asked for.
  public enum Paging: Hashable, Sendable {
    /// Each response names the next page (``nextBatchURLKeyName``).
    case nextLink
    /// A parameter says how many objects to skip (`offset`, `skip`).
    case offset(parameter: String)
    /// A parameter numbers the pages, from `first`.
    case page(parameter: String, first: Int = 1)
  }

  /// One write request: its method, its path, and where its body and answer hold the object.
  public struct Endpoint: Hashable, Sendable {
    /// `POST`, `PUT`, `PATCH` or `DELETE`.
    public var method: String
    /// The path, relative to ``WebServiceDefinition/baseURL``: `{list}` stands for
    /// ``WebServiceDefinition/fetchObjectsAPI`` and `{id}` for the object's identity.
    public var path: String
    /// The key the body wraps the values in (`row`, `update`); the values are the body when
    /// `nil`.
    public var bodyKeyName: String?
    /// The key path of the object in the answer (`row`, `rows` for a one-item list); the
    /// answer is the object when `nil`. An answer without it keeps the values sent.
    public var resultKeyName: String?
    /// Values the body carries besides (`"return": true`).
    public var extraBody: [String: Value] = [:]

    /// Creates an endpoint.
    public init(
      method: String, path: String, bodyKeyName: String? = nil, resultKeyName: String? = nil,
      extraBody: [String: Value] = [:]
    ) {
      self.method = method
      self.path = path
      self.bodyKeyName = bodyKeyName
      self.resultKeyName = resultKeyName
      self.extraBody = extraBody
    }
  }

  /// How reads are tried again.
  public struct RetryPolicy: Hashable, Sendable {
    /// How many times a read is tried in all.
    public var attempts: Int
    /// The wait before the second try; it doubles each time.
    public var delay: Duration

    /// Creates a policy; the default tries twice, 200 ms apart.
    public init(attempts: Int = 2, delay: Duration = .milliseconds(200)) {
      self.attempts = attempts
      self.delay = delay
    }
  }

  /// How an API says what it refused.
  public enum ErrorFormat: Hashable, Sendable {
    /// Django REST framework's `{"field": ["message", …], "detail": "…"}`.
    case fieldLists
    /// Datasette's `{"ok": false, "errors": ["message", …]}`.
    case messageList(key: String)
    /// Parse's `{"code": 142, "error": "message"}`.
    case message(key: String)
  }
}

/// How one JSON value becomes a ``Value``, and back, for a key of a web service's objects.
public enum ValueConversion: Hashable, Sendable {
  /// A date written as ISO 8601 text (`2026-01-31T12:00:00Z`, or a day `2026-01-31`).
  case iso8601Date
  /// A day written as ISO 8601 text (`2026-01-31`), read as midnight UTC and sent as the day
  /// alone, for APIs whose dates have no time (OpenAPI's `format: date`).
  case iso8601Day
  /// A number of seconds since 1970.
  case unixDate
  /// Text holding a number (`"12.50"`), read as a number and written as text.
  case numericText
  /// Anything, read as its text.
  case text
  /// 0 and 1 (or `"true"`, `"false"`), read as a Boolean.
  case bool
}
