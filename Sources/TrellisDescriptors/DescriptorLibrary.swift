import Foundation
import Trellis

/// What descriptors refer to by name: other descriptors to push, named objects to substitute,
/// actions and functions registered in Swift, the theme that dresses every screen, and how
/// sections' sources are opened.
///
/// ```swift
/// var library = DescriptorLibrary()
/// library.descriptors["MyTable"] = myTable
/// library.objects["genders"] = ["Female", "Male", "Other"]
/// library.actions["signOut"] = { context in ... }
/// let navigator = try library.makeNavigator(showing: myTable, root: DocumentObject(data))
/// ```
public struct DescriptorLibrary: Sendable {
  /// Descriptors by the name a push uses (`pushConfiguration = MyTable`).
  public var descriptors: [String: TableDescriptor]
  /// Objects a `:name` substitution names, before the root object's properties.
  public var objects: [String: Value]
  /// Actions a row runs by name (RCSTableKit's `action:sel`).
  public var actions: [String: @Sendable (RowContext) -> Void]
  /// What the built-in `save` action does: writes the data where it belongs (a file, a
  /// server). Without it, a row whose action is `save` is disabled and says so; what it throws
  /// is shown as the reason nothing was saved.
  public var onSave: (@Sendable (RowContext) throws -> Void)?
  /// What the built-in `reload` action does before the rows are read again: fetches what
  /// changed where the screen cannot see it (a server, say).
  public var onReload: (@Sendable (RowContext) -> Void)?
  /// Functions that compute a text from the row's object (RCSTableKit's `text:sel`).
  public var functions: [String: @Sendable (Value) -> Value]
  /// The theme every screen is dressed in.
  public var theme: Theme?
  /// The app's own cell classes, for cells named when binding (RCSTableKit's `cell:kvc` and
  /// `cell:sel`); read descriptors with the same registry.
  public var classes: DescriptorClasses
  /// How each kind of section source is opened. Documents are opened here; a program that
  /// links the SQLite and web-service stores registers their resolvers (`TrellisListSources`
  /// does). A source of a kind not registered is an error where the descriptor names it.
  public var sources: [ListSource.Kind: ListSourceResolver] = [
    .document: ListSourceResolvers.document
  ]
  /// The folder sources' relative files are in; when `nil`, the folder of the descriptor's
  /// file (``TableDescriptor/file``), relative to the current directory.
  public var sourceDirectory: URL?
  /// The stores sources opened, shared by this library and its copies: every screen bound
  /// with them lists the same store.
  let openedSources = Locked<[OpenedSource: ListSourceStore]>([:])
  /// The counters of the stores that rows count (``DescriptorCount``), by store, shared like
  /// ``openedSources``.
  let sourceCounts = Locked<[ObjectIdentifier: SourceCount]>([:])

  /// Creates a library.
  public init(
    descriptors: [String: TableDescriptor] = [:], objects: [String: Value] = [:],
    actions: [String: @Sendable (RowContext) -> Void] = [:],
    functions: [String: @Sendable (Value) -> Value] = [:], theme: Theme? = nil,
    classes: DescriptorClasses = DescriptorClasses()
  ) {
    self.descriptors = descriptors
    self.objects = objects
    self.actions = actions
    self.functions = functions
    self.theme = theme
    self.classes = classes
  }

  /// A navigator showing `descriptor` bound to `root`, which pushes the library's descriptors
  /// and runs its actions.
  ///
  /// - Throws: every binding problem (unknown substitutions, unreadable key paths, unknown
  ///   actions and pushes), located in the descriptor; nothing is shown half-built.
  public func makeNavigator(showing descriptor: TableDescriptor, root: any KeyValueCoding)
    throws(DiagnosticList) -> Navigator
  {
    let screen = try descriptor.makeScreen(root: root, library: self)
    let navigator = Navigator(root: screen)
    install(on: navigator)
    return navigator
  }

  /// Registers the library's actions on `navigator`, makes it carry out the built-in ones
  /// (``BuiltInAction``), and makes it push and present the library's descriptors, each bound
  /// to the object of the row that shows it.
  public func install(on navigator: Navigator) {
    for (name, action) in actions { navigator.namedActions[name] = action }
    let library = self
    navigator.actionRunner = { name, context throws(ScreenError) in
      try library.runBuiltIn(name, context)
    }
    navigator.screenProvider = { name, context in
      guard let descriptor = library.descriptors[name] else { return nil }
      let section = context.screen?.model.sections.first { $0.id == context.sectionID }
      guard let object = (section as? DescriptorSection)?.object(forRow: context.rowID) else {
        return nil
      }
      return try? descriptor.makeScreen(root: object, library: library)
    }
  }

  /// Every cycle of pushes among the library's descriptors and `descriptor` (named `name`), as
  /// warnings at the push that closes each cycle: `MyTable → MyTable`.
  ///
  /// A cycle is legal (RCSTableKit's README pushes `MyTable` from `MyTable` to browse deeper),
  /// but worth knowing about; `trellis validate --forbid-push-cycles` makes it an error.
  public func pushCycles(from name: String, _ descriptor: TableDescriptor) -> [Diagnostic] {
    var all = descriptors
    all[name] = descriptor
    var found: [Diagnostic] = []
    var reported: Set<String> = []
    var finished: Set<String> = []
    func visit(_ stack: [String]) {
      guard let current = stack.last, let node = all[current] else { return }
      for push in node.sections.flatMap(\.rows).flatMap(\.pushes) {
        if let start = stack.firstIndex(of: push.name) {
          let text = (stack[start...] + [push.name]).joined(separator: " → ")
          if reported.insert(text).inserted {
            found.append(
              Diagnostic(
                "push cycle: \(text)", at: push.location, file: node.file, severity: .warning))
          }
        } else if !finished.contains(push.name) {
          visit(stack + [push.name])
        }
      }
      finished.insert(current)
    }
    visit([name])
    return found
  }
}
