import Trellis
import TrellisTesting

/// Every app the UI fuzzer plays: the demo's apps (SQLite ones on temporary databases), every
/// descriptor fixture and its editable variant, the Settings bundle fixtures, generated forms,
/// lists and selections, the document screens, and the screens inferred from the "Any Data"
/// fixtures. The tests and `trellis-bench fuzz` play the same list.
///
/// ```swift
/// let summary = FuzzCampaign(seed: 1).run(FuzzCatalog.all(), events: 100_000)
/// ```
package enum FuzzCatalog {
  /// Every target, in a fixed order.
  package static func all() -> [FuzzTarget] {
    demos() + descriptors() + settingsBundles() + forms() + lists() + selections() + documents()
      + anyData() + anyDataPostgres() + anyDataOpenAPI()
  }

  /// The names of every target, in order.
  package static var names: [String] { all().map(\.name) }

  /// The target named `name`, for replaying a failure.
  package static func target(named name: String) -> FuzzTarget? {
    all().first { $0.name == name }
  }
}
