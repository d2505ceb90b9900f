import Trellis

extension WebServiceDefinition {
  /// A Django REST framework `ModelViewSet` with `PageNumberPagination`: `results`, `next`
  /// and `count` in each page, `page_size` to ask for a size, `search` for a `SearchFilter`,
  /// and `{"field": ["message"]}` refusals.
  ///
  /// - Parameters:
  ///   - resource: the list's path (`api/contacts/`), with its trailing slash.
  public static func djangoREST(baseURL: String, resource: String, keys: String)
    -> WebServiceDefinition
  {
    var service = WebServiceDefinition(
      baseURL: baseURL, fetchObjectsAPI: resource, resultsKeyName: "results",
      resultsDictionaryKeyNamesString: keys)
    service.batchSizeParameterName = "page_size"
    service.nextBatchURLKeyName = "next"
    service.totalCountKeyName = "count"
    service.searchParameterName = "search"
    service.createObject = Endpoint(method: "POST", path: "{list}")
    service.updateObject = Endpoint(method: "PATCH", path: "{list}{id}/")
    service.deleteObject = Endpoint(method: "DELETE", path: "{list}{id}/")
    service.errors = .fieldLists
    return service
  }

  /// A table of Datasette 1.0's JSON API: `rows` and `next_url` in each page, `_size` to ask
  /// for a size (at most 1,000), the count with `_extra=count`, `_search` for a table with
  /// full-text search (whole words), and the write API (`-/insert`, `-/update`, `-/delete`)
  /// with an API token whose actor may write.
  public static func datasette(
    baseURL: String, database: String, table: String, keys: String, token: String? = nil
  ) -> WebServiceDefinition {
    var service = WebServiceDefinition(
      baseURL: baseURL, fetchObjectsAPI: "\(database)/\(table).json", resultsKeyName: "rows",
      resultsDictionaryKeyNamesString: keys)
    service.batchSizeParameterName = "_size"
    service.nextBatchURLKeyName = "next_url"
    service.fetchObjectsParameters = ["_extra": "count"]
    service.totalCountKeyName = "count"
    service.searchParameterName = "_search"
    service.createObject = Endpoint(
      method: "POST", path: "\(database)/\(table)/-/insert", bodyKeyName: "row",
      resultKeyName: "rows", extraBody: ["return": true])
    service.updateObject = Endpoint(
      method: "POST", path: "\(database)/\(table)/{id}/-/update", bodyKeyName: "update",
      resultKeyName: "rows", extraBody: ["return": true])
    service.deleteObject = Endpoint(method: "POST", path: "\(database)/\(table)/{id}/-/delete")
    service.readObject = Endpoint(
      method: "GET", path: "\(database)/\(table)/{id}.json?_shape=objects", resultKeyName: "rows")
    service.errors = .messageList(key: "errors")
    service.bearerToken = token
    return service
  }

  /// A class of the Parse REST protocol, which seed 000's Parse tutorial is written against:
  /// `/classes/NAME` with `results`, `limit` and `skip`, objects named by `objectId`, and the
  /// application-id and REST-key headers.
  public static func parse(
    baseURL: String, className: String, applicationID: String, restAPIKey: String, keys: String
  ) -> WebServiceDefinition {
    var service = WebServiceDefinition(
      baseURL: baseURL, fetchObjectsAPI: "classes/\(className)", resultsKeyName: "results",
      resultsDictionaryKeyNamesString: keys)
    service.idKeyName = "objectId"
    service.batchSizeParameterName = "limit"
    service.paging = .offset(parameter: "skip")
    service.headers = [
      "X-Parse-Application-Id": applicationID, "X-Parse-REST-API-Key": restAPIKey,
    ]
    service.createObject = Endpoint(method: "POST", path: "classes/\(className)")
    service.updateObject = Endpoint(method: "PUT", path: "classes/\(className)/{id}")
    service.deleteObject = Endpoint(method: "DELETE", path: "classes/\(className)/{id}")
    service.errors = .message(key: "error")
    service.name = className
    return service
  }
}
