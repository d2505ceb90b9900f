import Trellis
import TrellisWebService

extension WebServiceDefinition {
  /// Adds the secret a `credential` setting names, read from `environment`: as a bearer
  /// token, a header or a query parameter, sent with every request. Nothing is added when the variable is not set or
  /// empty: the service then answers as it does to anyone (often 401, shown on the list).
  mutating func addCredential(_ setting: Value?, environment: [String: String]) {
    guard let entries = setting?.dictionaryValue,
      let variable = entries["variable"]?.stringValue,
      let secret = environment[variable], !secret.isEmpty
    else { return }
    if entries["scheme"]?.stringValue == "bearer" {
      bearerToken = secret
    } else if let header = entries["header"]?.stringValue {
      headers[header] = secret
    } else if let parameter = entries["query"]?.stringValue {
      queryParameters[parameter] = secret
    }
  }
}
