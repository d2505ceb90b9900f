import ArgumentParser
import Foundation
import Trellis
import TrellisDescriptors
import TrellisTerminal

/// `trellis edit`: a JSON, plist, CSV or TSV document, a descriptor bound to a data document, or a
/// Settings bundle, edited as tables in the terminal.
///
/// A document is saved (Ctrl-S) atomically in its own format; a file that does not parse opens
/// nothing and prints where it went wrong. When standard input or output is not a terminal,
/// the first screen is printed as text instead.
struct EditCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit",
    abstract: "Edit a JSON, plist or CSV document, a descriptor's data, or a Settings bundle.",
    discussion: """
      FILE is a JSON, property-list, CSV or TSV document (edited as tables, saved with Ctrl-S in \
      its own format; a CSV file's records as a list with a form per record), a descriptor with or \
      without --data (the data document, and the JSON or plist documents its lists are read \
      from, are edited and saved), a descriptor with singleObject (its object's form, written to its source by Done), a \
      Settings.bundle folder, an SQLite file or a postgres:// address (its tables as lists with \
      a form per row, each form written when its Done is pressed), or an OpenAPI document (its \
      resources as lists over the API, each form sent when its Done is pressed). Press ? in the \
      editor for its keys. \
      When standard input or output is not a terminal, or TERM is dumb, the first screen is \
      printed as text. NO_COLOR turns colours off.
      """)

  @Argument(
    help: ArgumentHelp(
      "The document, descriptor (a file or an http(s) address), Settings.bundle, SQLite "
        + "file, postgres:// address or OpenAPI document."))
  var file: String

  @Option(
    help:
      "The data document (JSON or plist) a descriptor binds; it is saved with the documents its lists are read from."
  )
  var data: String?

  @Option(help: "A theme file (.sct) whose styles the screens show.")
  var theme: String?

  @Option(
    help: ArgumentHelp(
      "A classes file (JSON or plist) registering the app's own cell and section classes.",
      discussion: #"{"cells": {"NAME": {"like": "RMSArrayPickerCell"}}, "sections": {...}}"#))
  var classes: String?

  @OptionGroup var settings: SettingsBundleArguments

  @Flag(help: "For a database or an OpenAPI document: lists and forms that change nothing.")
  var readOnly = false

  @OptionGroup var postgres: PostgresOptions

  @OptionGroup var openAPI: OpenAPIArguments

  @Option(help: "The width of the text printed when there is no terminal, 24 to 1000 columns.")
  var width = 60

  @Option(help: "How long to wait for a descriptor named by an http(s) address, in seconds.")
  var timeout: Double = 30

  @Option(
    name: .customLong("as"),
    help: ArgumentHelp(
      "Edit as this person, under the descriptor's access: NAME:ROLE,ROLE (NAME alone has no "
        + "role). What the policy does not allow is hidden or refused, as the web host does.",
      valueName: "person"))
  var person: String?

  func validate() throws {
    guard TextRenderer.widths.contains(width) else {
      throw ValidationError(
        "--width must be between \(TextRenderer.widths.lowerBound) and "
          + "\(TextRenderer.widths.upperBound) columns, not \(width)")
    }
    guard timeout > 0, timeout <= 3600 else {
      throw ValidationError("--timeout must be between 0 and 3600 seconds, not \(timeout)")
    }
  }

  func run() throws {
    let editing = try open()
    if let person {
      let parts = person.split(separator: ":", maxSplits: 1).map(String.init)
      let roles = parts.count > 1 ? parts[1].split(separator: ",").map(String.init) : []
      editing.navigator.access = Access(
        person: Person(name: parts.first ?? person, roles: Set(roles)),
        policy: editing.policy ?? .everything)
    }
    let environment = ProcessInfo.processInfo.environment
    if let reason = TerminalSession.unavailableReason(environment: environment) {
      CommandOutput.error("trellis edit: \(reason); printing the first screen as text.")
      editing.navigator.processChanges()
      CommandOutput.write(TextRenderer(width: width).render(editing.navigator.top.snapshot()))
      return
    }
    guard let session = TerminalSession() else {
      CommandOutput.error("error: cannot put the terminal in raw mode")
      throw ExitCode(1)
    }
    let host = TerminalHost(
      navigator: editing.navigator, size: session.size,
      usesColor: TerminalSession.wantsColor(environment: environment),
      colorDepth: TerminalColorDepth(environment: environment))
    host.save = editing.save
    host.hasUnsavedChanges = editing.hasUnsavedChanges
    host.refresh = editing.refresh
    if let message = editing.nothingToSave { host.nothingToSave = message }
    host.run(on: session)
    session.close()
  }
}
