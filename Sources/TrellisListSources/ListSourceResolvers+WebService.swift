import Foundation
import Trellis
import TrellisDescriptors
import TrellisWebService

extension ListSourceResolvers {
  /// Opens `webService` sources as a ``WebServiceStore`` over AsyncHTTPClient: lists load a
  /// page at a time in the background, and detail screens write back to the service.
  public static let webService: ListSourceResolver = { request throws(DiagnosticList) in
    try webService(request, transport: AsyncHTTPTransport())
  }

  /// Opens a `webService` source, sending its requests through `transport`.
  static func webService(
    _ request: ListSourceRequest, transport: any HTTPTransport,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(DiagnosticList) -> ListSourceStore {
    guard case .webService(let settings) = request.source else {
      throw DiagnosticList([request.error("not a web-service source")])
    }
    var definition = WebServiceDefinition(sourceSettings: settings)
    definition.addCredential(settings["credential"], environment: environment)
    let store: WebServiceStore
    do throws(DiagnosticList) {
      store = try WebServiceStore(definition, transport: transport)
    } catch {
      // Each problem starts with the name of the setting at fault: it is located there.
      throw DiagnosticList(
        error.diagnostics.map { problem in
          let setting = problem.message.prefix { $0 != ":" }
          return request.error(problem.message, at: String(setting))
        })
    }
    guard let items = store.itemsDefinition else {
      throw DiagnosticList([request.error("the web service has no definition of its objects")])
    }
    return .asyncStore(store, items.applyingRules(settings["rules"]))
  }
}
