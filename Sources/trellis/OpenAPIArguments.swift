import ArgumentParser
import Foundation
import Trellis
import TrellisOpenAPI

/// The options of a command given an OpenAPI document: where the API is, and the secret its
/// requests carry.
struct OpenAPIArguments: ParsableArguments {
  @Option(
    name: .customLong("base-url"),
    help: ArgumentHelp(
      "For an OpenAPI document: the address its paths are relative to.",
      discussion: "Default: the document's first server (relative to the document's address "
        + "when it was fetched).",
      valueName: "url"))
  var baseURL: String?

  @Option(
    help: ArgumentHelp(
      "For an OpenAPI document: the bearer token or API key its security scheme asks for.",
      discussion: "Default: the TRELLIS_TOKEN environment variable. It is never printed, nor "
        + "written into descriptors (they name the variable).",
      valueName: "secret"))
  var token: String?

  func validate() throws {
    if let token, token.contains(where: \.isNewline) || token.isEmpty {
      throw ValidationError("--token must be one line of text")
    }
    if let baseURL {
      let lower = baseURL.lowercased()
      guard lower.hasPrefix("http://") || lower.hasPrefix("https://"),
        URL(string: baseURL)?.host?.isEmpty == false
      else {
        throw ValidationError("--base-url must be an http or https address, not '\(baseURL)'")
      }
    }
  }

  /// Gives `files` the base address, and the token to the sources that read it from
  /// ``OpenAPICredential/variable``; both only act on an OpenAPI document.
  func apply(to files: inout DescriptorFiles, data path: String) {
    guard baseURL != nil || token != nil else { return }
    guard DescriptorFiles.isOpenAPIDocument(path) else {
      files.diagnostics.append(
        Diagnostic(
          "--base-url and --token apply to an OpenAPI document only", file: path,
          severity: .error))
      return
    }
    files.openAPIBaseURL = baseURL
    if let token { setenv(OpenAPICredential.variable, token, 1) }
    files.openAPITokenGiven = token != nil
  }
}
