import ArgumentParser
import Foundation
import Trellis
import TrellisDescriptors

/// `trellis validate`: checks descriptors, themes and names strings.
struct ValidateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "validate",
    abstract:
      "Check descriptors, Settings bundles, OpenAPI documents, themes (.sct) and names "
      + "strings (.names).",
    discussion: """
      Prints every problem as FILE:LINE:COL: error: MESSAGE and exits with status 1 when \
      there is any error. Descriptors are checked against a data document with --data, which \
      also finds unknown substitutions and unreadable key paths. A Settings bundle is checked \
      for phones and pads, with every language's strings files. For an OpenAPI document, \
      what `trellis serve` makes of it is printed: each resource listed, and each resource or \
      path left out, with why. With --strict, warnings (unknown keys an app may read, \
      unregistered classes) are errors too.
      """)

  @Argument(
    help: "The files to check; a descriptor or an OpenAPI document may be an http(s) address.")
  var files: [String]

  @Option(
    name: .customLong("base-url"),
    help: ArgumentHelp(
      "For an OpenAPI document: the address its paths are relative to (default: its first "
        + "server).", valueName: "url"))
  var baseURL: String?

  @Option(help: "A data document to bind descriptors to while checking them.")
  var data: String?

  @Flag(help: "Report cycles of pushes as errors rather than warnings.")
  var forbidPushCycles = false

  @Option(
    help: ArgumentHelp(
      "A classes file (JSON or plist) registering the app's own cell and section classes.",
      discussion: #"{"cells": {"NAME": {"like": "RMSArrayPickerCell"}}, "sections": {...}}"#))
  var classes: String?

  @Flag(help: "Report every warning as an error.")
  var strict = false

  @Option(help: "How long to wait for a file named by an http(s) address, in seconds.")
  var timeout: Double = 30

  @Flag(help: "Settings bundles: read pages as InAppSettingsKit shows them (Root.inApp.plist).")
  var inApp = false

  @Option(help: "Settings bundles: a data document of the values and titles the app supplies.")
  var choices: String?

  func validate() throws {
    guard timeout > 0, timeout <= 3600 else {
      throw ValidationError("--timeout must be between 0 and 3600 seconds, not \(timeout)")
    }
  }

  func run() throws {
    var all = DescriptorFiles()
    all.timeout = timeout
    if let classes { all.loadClasses(classes) }
    if let choices { all.loadSettingsChoices(choices) }
    let root = data.flatMap { all.data($0) }
    for file in files {
      switch URL(fileURLWithPath: file).pathExtension.lowercased() {
      case "sct": _ = all.theme(file)
      case "names": checkNames(file, into: &all)
      case _ where DescriptorFiles.isSettingsBundle(file):
        all.checkSettingsBundle(file, inApp: inApp, forbidPushCycles: forbidPushCycles)
      case _ where DescriptorFiles.isOpenAPIDocument(file):
        all.checkOpenAPIDocument(file, baseURL: baseURL)
      default: checkDescriptor(file, root: root, into: &all)
      }
    }
    if strict { all.makeWarningsErrors() }
    all.printDiagnostics(toStandardError: false)
    let errors = all.diagnostics.filter { $0.severity == .error }.count
    let warnings = all.diagnostics.count - errors
    CommandOutput.error(
      "\(files.count) file\(files.count == 1 ? "" : "s") checked: \(errors) error\(errors == 1 ? "" : "s"), "
        + "\(warnings) warning\(warnings == 1 ? "" : "s")")
    if errors > 0 { throw ExitCode(1) }
  }

  private func checkNames(_ file: String, into all: inout DescriptorFiles) {
    guard let data = all.read(file) else { return }
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
    do { _ = try PropertyNamesString.parse(text, file: file) } catch {
      all.diagnostics += error.diagnostics
    }
  }

  private func checkDescriptor(
    _ file: String, root: DocumentObject?, into all: inout DescriptorFiles
  ) {
    guard let descriptor = all.descriptor(file) else { return }
    var library = all.library(for: file, descriptor: descriptor)
    DescriptorFiles.noteSavedData(data, root: root, in: &library)
    let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    for var cycle in library.pushCycles(from: name, descriptor) {
      if forbidPushCycles { cycle.severity = .error }
      all.diagnostics.append(cycle)
    }
    // By line and column: a push's location may not name its file.
    var missing: Set<[Int]> = []
    for push in descriptor.sections.flatMap(\.rows).flatMap(\.pushes)
    where library.descriptors[push.name] == nil {
      all.diagnostics.append(
        Diagnostic(
          "pushes '\(push.name)', but no \(push.name).plist or \(push.name).json is next to it",
          at: push.location, file: file))
      if let location = push.location { missing.insert([location.line, location.column]) }
    }
    // What rendering or serving it would refuse: a source's file that is not there.
    all.diagnostics += library.missingFiles(of: descriptor, file: file)
    guard let root else { return }
    let before = all.diagnostics.count
    all.checkBinding(descriptor, root: root, library: library)
    // A push to a missing file was said above, where it is: binding says it again.
    let bound = all.diagnostics[before...].filter { diagnostic in
      guard let location = diagnostic.location else { return true }
      return
        !(missing.contains([location.line, location.column])
        && diagnostic.message.contains("which is not a known descriptor"))
    }
    all.diagnostics.removeSubrange(before...)
    all.diagnostics += bound
  }
}
