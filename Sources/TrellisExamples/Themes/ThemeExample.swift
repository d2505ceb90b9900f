import Trellis

/// Seed 000's theme example: the week days, styled by one theme file.
///
/// The table is green, the navigation bar's buttons orange; rows alternate CyanCell and
/// OrangeCell (the section's `oddCellsThemeStyle` and `evenCellsThemeStyle`), and the second row
/// is RedCell, named by a `willStyle` action from its index path. The detail screens Trellis
/// generates for a day take the same theme.
public enum ThemeExample {
  /// The theme file, as the seed writes it (the same text as the test fixture `Theme.sct`).
  public static let themeText = """
    UINavigationBar
    {
        tintColor: orangeColor;
    }

    UITableView
    {
        backgroundColor: greenColor;
    }

    SCTableViewSection
    {
        oddCellsThemeStyle: CyanCell;
        evenCellsThemeStyle: OrangeCell;
    }

    CyanCell
    {
        backgroundColor: cyanColor;
        textLabel.font: Chalkduster 14;
    }

    OrangeCell
    {
        backgroundColor: orangeColor;
        textLabel.font: Chalkduster 14;
    }

    RedCell
    {
        backgroundColor: redColor;
        textLabel.font: Chalkduster 14;
    }

    """

  /// The week, Monday first.
  public static let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

  /// The week days in an in-memory store, and their definition.
  public static func store() throws(DiagnosticList) -> (MemoryStore, DataDefinition) {
    var definition = try DataDefinition(for: WeekDay.self, make: { WeekDay() })
    definition.name = "Day"
    definition["name"]?.isRequired = true
    return (
      MemoryStore(objects: days.map { WeekDay(name: $0) }, definition: definition), definition
    )
  }

  /// A navigator showing the week days over an in-memory store, themed.
  public static func navigator() throws(DiagnosticList) -> (Navigator, MemoryStore) {
    let (store, definition) = try store()
    return (Navigator(root: try screen(store: store, definition: definition)), store)
  }

  /// The themed list of days over `store`.
  public static func screen(store: any DataStore, definition: DataDefinition)
    throws(DiagnosticList) -> Screen
  {
    let model = TableModel(title: "Theme App")
    model.theme = try Theme(parsing: themeText, file: "Theme.sct")
    let section = ArrayOfObjectsSection(
      id: "days", header: "Week days", store: store, definition: definition)
    section.rowActions.willStyle = { context in
      context.indexPath?.item == 1 ? "RedCell" : nil  // the 2nd row
    }
    model.addSection(section)
    return Screen(model: model, navigationBar: .addLeftEditRight)
  }
}
