import Foundation
import HTTPTypes
import Hummingbird
import Trellis

/// The sign-in and sign-out routes, and the sign-in page.
extension WebServer {
  /// What the sign-in form sends.
  struct SignInForm: Decodable {
    var name: String
    var password: String
    var next: String?
  }

  /// Adds `GET /sign-in` (the form), `POST /sign-in` and `POST /sign-out`.
  func addSignInRoutes(to router: Router<WebRequestContext>, gate: SignInGate) {
    router.getAndHead("/sign-in") { request, _ in
      let next = Self.safeNext(request.uri.queryParameters["next"].map(String.init))
      if await gate.person(for: request.headers) != nil { return Self.redirect(to: next) }
      return self.html(self.signInPage(next: next, name: "", message: nil))
    }
    router.post("/sign-in") { request, context in
      await self.signIn(request, context: context, gate: gate)
    }
    router.post("/sign-out") { request, context in
      guard self.originIsAllowed(request.head) else {
        return self.html(
          self.errorPage("This form was sent from another site."), status: .forbidden)
      }
      await gate.signOut(request.headers)
      var response = Self.redirect(to: "/sign-in")
      response.headers[.setCookie] = SessionToken.clearCookie(
        secure: self.securesCookies(request, context: context, gate: gate))
      return response
    }
  }

  /// Checks the form's name and password and, when they are right, sets the session cookie
  /// and sends the person where they were going.
  func signIn(_ request: Request, context: WebRequestContext, gate: SignInGate) async -> Response {
    guard originIsAllowed(request.head) else {
      return html(errorPage("This form was sent from another site."), status: .forbidden)
    }
    let type = request.headers[.contentType]?.split(separator: ";").first?
      .trimmingCharacters(in: .whitespaces).lowercased()
    guard type == "application/x-www-form-urlencoded" else {
      return html(
        errorPage("Sign in with the form: it is sent as application/x-www-form-urlencoded."),
        status: .unsupportedMediaType)
    }
    let form: SignInForm
    do {
      let body = try await request.body.collect(upTo: 16 * 1024)
      form = try URLEncodedFormDecoder().decode(SignInForm.self, from: String(buffer: body))
    } catch {
      return html(
        signInPage(next: "/", name: "", message: "Give a name and a password."),
        status: .badRequest)
    }
    let next = Self.safeNext(form.next)
    guard form.name.count <= 64, form.password.utf8.count <= 1024 else {
      return html(
        signInPage(next: next, name: "", message: "The name or the password is wrong."),
        status: .unauthorized)
    }
    let client = configuration.client(remote: context.remoteAddress, headers: request.headers)
    let outcome: SignInGate.Outcome
    do {
      outcome = try await gate.signIn(name: form.name, password: form.password, client: client)
    } catch {
      Self.logger.error("Sign-in failed: \(error)")
      return html(
        signInPage(next: next, name: form.name, message: "Signing in failed; try again later."),
        status: .internalServerError)
    }
    switch outcome {
    case .signedIn(_, let token):
      var response = Self.redirect(to: next)
      response.headers[.setCookie] = SessionToken.setCookie(
        token, lifetime: gate.cookieLifetime,
        secure: securesCookies(request, context: context, gate: gate))
      return response
    case .refused:
      return html(
        signInPage(next: next, name: form.name, message: "The name or the password is wrong."),
        status: .unauthorized)
    case .busy:
      let message = "The server is checking many sign-ins at once. Try again in a moment."
      var response = html(
        signInPage(next: next, name: form.name, message: message), status: .serviceUnavailable)
      response.headers[.retryAfter] = "2"
      return response
    case .throttled(let until):
      let seconds = max(1, Int(until.timeIntervalSinceNow.rounded(.up)))
      let minutes = (seconds + 59) / 60
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
      let parts = calendar.dateComponents([.hour, .minute], from: until)
      let time = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
      let message =
        "Too many failed sign-ins for this name or from this address. Try again in "
        + (minutes == 1 ? "a minute" : "\(minutes) minutes") + " (after \(time) UTC)."
      var response = html(
        signInPage(next: next, name: form.name, message: message), status: .tooManyRequests)
      response.headers[.retryAfter] = String(seconds)
      return response
    }
  }

  /// Whether the session cookie is marked `Secure`: always when the configuration says the
  /// server is behind TLS, or when a trusted proxy says the request came over it.
  func securesCookies(_ request: Request, context: WebRequestContext, gate: SignInGate) -> Bool {
    gate.signIn.secureCookies
      || configuration.trustedProxy?.saysTLS(
        remote: context.remoteAddress, headers: request.headers) == true
  }

  /// The sign-in page: a name, a password and a button, with `message` above them.
  func signInPage(next: String, name: String, message: String?) -> String {
    var body = "<div class=\"panes\"><div class=\"pane pane-top\"><div class=\"screen\""
    body += " data-style=\"grouped\"><header class=\"bar\"><div class=\"bar-side left\"></div>"
    body += "<h1 class=\"title\">Sign in</h1><div class=\"bar-side right\"></div></header>"
    if let message {
      body += "<p class=\"notice\" role=\"alert\">\(HTML.escape(message))</p>"
    }
    body += "<form class=\"sign-in\" method=\"post\" action=\"/sign-in\">"
    body += "<label>Name <input name=\"name\" autocomplete=\"username\" required"
    body += HTML.attribute("value", name) + (name.isEmpty ? " autofocus" : "") + "></label>"
    body += "<label>Password <input type=\"password\" name=\"password\""
    body += " autocomplete=\"current-password\" required" + (name.isEmpty ? "" : " autofocus")
    body += "></label><input type=\"hidden\" name=\"next\"" + HTML.attribute("value", next) + ">"
    body += "<button type=\"submit\">Sign in</button></form></div></div></div>"
    return document(title: "Sign in", body: body, session: nil)
  }

  /// `next` when it is a path on this site (`/apps/tasks?x=1`), else `/`: a sign-in never
  /// sends anyone to another site.
  static func safeNext(_ next: String?) -> String {
    guard let next, next.hasPrefix("/"), next.count <= 2000, !next.hasPrefix("//"),
      !next.hasPrefix("/\\"),
      !next.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F || $0 == "\\" })
    else { return "/" }
    return next
  }

  static func redirect(to location: String) -> Response {
    var headers = securityHeaders
    headers[.location] = location
    headers[.cacheControl] = "no-store"
    return Response(status: .seeOther, headers: headers)
  }
}
