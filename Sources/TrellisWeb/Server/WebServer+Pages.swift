import Hummingbird
import Trellis

extension WebServer {
  /// The home page: every app as a row of a grouped table.
  func homePage(person: Person? = nil) -> String {
    var body = "<div class=\"panes\"><div class=\"pane pane-top\"><div class=\"screen\""
    body += " data-style=\"grouped\"><header class=\"bar\"><div class=\"bar-side left\"></div>"
    body += "<h1 class=\"title\">Trellis</h1><div class=\"bar-side right\"></div></header>"
    body += "<div class=\"sections\"><section class=\"tsection\">"
    body += "<h2 class=\"section-header\">Apps</h2><ol class=\"rows\" role=\"list\">"
    for app in apps {
      body += "<li class=\"row k-link\"><a class=\"cell link\""
      body += HTML.attribute("href", "/apps/\(app.id)") + "><span class=\"texts\">"
      body += "<span class=\"text\">\(HTML.escape(app.title))</span>"
      if let subtitle = app.subtitle {
        body += "<span class=\"subtitle\">\(HTML.escape(subtitle))</span>"
      }
      body += "</span><span class=\"accessory chevron\" aria-hidden=\"true\">›</span></a></li>"
    }
    body += "</ol></section></div></div></div></div>"
    return document(title: "Trellis", body: body, session: nil, person: person)
  }

  /// An app's page: opens a session for `client` (for `person`, when they signed in) and
  /// draws its first screen.
  func appPage(_ id: String, for client: ClientAddress, person: Person? = nil) async -> Response {
    guard let hub = hubs[id], let app = apps.first(where: { $0.id == id }) else {
      return html(errorPage("There is no app named “\(id)”."), status: .notFound)
    }
    do {
      let session = try await hub.openSession(for: client, person: person)
      let body = session.html
      return html(
        document(
          title: app.title, body: body, session: (id, session.id, session.token),
          person: person))
    } catch {
      let status: HTTPResponse.Status =
        switch error {
        case .tooManySessions: .serviceUnavailable
        case .tooManySessionsFromClient, .tooManySessionsForPerson: .tooManyRequests
        default: .internalServerError
        }
      return html(errorPage(error.description, person: person), status: status)
    }
  }

  func errorPage(_ message: String, person: Person? = nil) -> String {
    // Errors are phrased to follow a colon; on a page of their own they are a sentence.
    var sentence = message.prefix(1).uppercased() + message.dropFirst()
    if !sentence.hasSuffix(".") { sentence += "." }
    let body =
      "<div class=\"panes\"><div class=\"pane pane-top\"><div class=\"screen\"><p class=\"notice\""
      + " role=\"alert\">\(HTML.escape(sentence))</p><p><a href=\"/\">Home</a></p></div></div></div>"
    return document(title: "Trellis", body: body, session: nil, person: person)
  }

  /// A whole HTML document around `body`.
  func document(
    title: String, body: String, session: (app: String, id: String, token: String)?,
    person: Person? = nil
  ) -> String {
    var html = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
    html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
    html += "<meta name=\"color-scheme\" content=\"light dark\">"
    html += "<title>\(HTML.escape(title))</title>"
    html += "<link rel=\"stylesheet\" href=\"/assets/trellis.css\">"
    html += "<link rel=\"icon\" href=\"/assets/favicon.svg\" type=\"image/svg+xml\">"
    // An ES module, deferred as modules are; it imports the client's other modules.
    // The modules trellis.js imports are fetched beside it, not one import after another.
    for script in WebAssets.scripts.dropFirst() {
      html += "<link rel=\"modulepreload\" href=\"/assets/\(script)\">"
    }
    html += "<script type=\"module\" src=\"/assets/trellis.js\"></script></head><body"
    if let session {
      html += HTML.attribute("data-app", session.app) + HTML.attribute("data-session", session.id)
      html += HTML.attribute("data-token", session.token)
      // The page refuses a value too large to send itself, on its field, losing nothing else.
      html += HTML.attribute("data-message-limit", String(configuration.maxMessageBytes))
    }
    html += ">"
    if session != nil || person != nil {
      html += "<nav class=\"home-link\">"
      if session != nil { html += "<a href=\"/\">All apps</a>" }
      if let person {
        html += "<span class=\"account\"><span class=\"signed-in\">Signed in as "
        html += "<strong>\(HTML.escape(person.name))</strong></span>"
        html += "<form class=\"sign-out\" method=\"post\" action=\"/sign-out\">"
        html += "<button type=\"submit\">Sign out</button></form></span>"
      }
      html += "</nav>"
    }
    html += "<main id=\"trellis-app\" class=\"app\">\(body)</main>"
    html +=
      "<div id=\"trellis-status\" class=\"status\" role=\"status\" aria-live=\"polite\"></div>"
    return html + "</body></html>"
  }
}
