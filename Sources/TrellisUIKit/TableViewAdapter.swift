#if canImport(UIKit)
  import UIKit
  import Trellis

  /// Shows a ``Trellis/Screen`` in a `UITableView`: its data source and delegate, applying
  /// every staged changeset with `performBatchUpdates(_:completion:)`, and forwarding what a
  /// person does to the screen's ``Trellis/Navigator``.
  ///
  /// ```swift
  /// let adapter = TableViewAdapter(tableView: tableView, screen: navigator.top,
  ///                                navigator: navigator)
  /// adapter.onError = { error in showAlert(error.description) }
  /// ```
  ///
  /// The adapter is glue. Everything that is not UIKit lives in the core and is tested on
  /// Linux through the headless table view: the data swapped to each stage's data inside its
  /// batch, full reloads, and a dragged row rebased rather than moved twice
  /// (``Trellis/StagedUpdateDriver``); which row a tap lands on and what it does (the
  /// navigator's event handling). Keep the adapter alive as long as the table shows the
  /// screen; it holds the model's observation.
  ///
  /// Cells come from ``cellProvider`` when it returns one, and otherwise are value cells
  /// showing the row's text, its detail or value, its image and accessories. Pushing the detail
  /// screens the navigator opens is the app's: observe the navigator with
  /// ``Trellis/Navigator/observe(_:)`` and show ``Trellis/Navigator/top`` in its own
  /// controller.
  @MainActor
  public final class TableViewAdapter: NSObject, UITableViewDataSource, UITableViewDelegate {
    /// The screen shown.
    public let screen: Screen
    /// Where events go; the adapter does not keep it alive.
    public private(set) weak var navigator: Navigator?
    /// The table; the adapter does not keep it alive.
    public private(set) weak var tableView: UITableView?
    /// What the table shows, stage by stage; the data source answers from it.
    public let driver: StagedUpdateDriver<SectionSnapshot, RowSnapshot>
    /// Whether events go to the navigator's detail pane (master-detail mode).
    public var isDetail = false
    /// The animation of inserted, deleted and reloaded rows and sections.
    public var rowAnimation: UITableView.RowAnimation = .automatic
    /// Makes the cell for a row, or returns `nil` for the default value cell.
    public var cellProvider: ((UITableView, IndexPath, RowSnapshot) -> UITableViewCell?)?
    /// Called when the core refuses an event (a refused move, an invalid value).
    public var onError: ((ScreenError) -> Void)?

    private var observation: ObservationToken?
    private var isDragging = false
    private static let reuseIdentifier = "TrellisRow"

    /// Shows `screen` in `tableView`, becoming its data source and delegate.
    public init(tableView: UITableView, screen: Screen, navigator: Navigator) {
      self.screen = screen
      self.navigator = navigator
      self.tableView = tableView
      driver = StagedUpdateDriver(showing: screen.model.snapshot)
      super.init()
      tableView.dataSource = self
      tableView.delegate = self
      tableView.reloadData()
      observation = screen.model.observe { [weak self] changeset in self?.apply(changeset) }
    }

    // MARK: Applying changesets

    private func apply(_ changeset: TableChangeset) {
      // UITableView takes no batch update while it finishes a drag; the drag catches up.
      guard !isDragging else { return }
      driver.apply(changeset, reloadData: reloadData, performBatchUpdates: performBatchUpdates)
    }

    private func catchUp() {
      driver.catchUp(
        to: screen.model.snapshot, reloadData: reloadData,
        performBatchUpdates: performBatchUpdates)
    }

    private func reloadData() {
      tableView?.reloadData()
    }

    /// One batch update, the data source swapped to the stage's data inside it.
    private func performBatchUpdates(
      _ stage: Changeset<SectionSnapshot, RowSnapshot>, _ index: Int,
      _ commit: @escaping () -> Void
    ) {
      guard let tableView else { return commit() }
      tableView.performBatchUpdates({
        commit()
        Self.perform(stage, on: tableView, animation: self.rowAnimation)
      })
    }

    /// The updates of one stage, in UIKit's terms: deletes and reloads at old index paths,
    /// inserts at new ones.
    private static func perform(
      _ stage: Changeset<SectionSnapshot, RowSnapshot>, on tableView: UITableView,
      animation: UITableView.RowAnimation
    ) {
      tableView.deleteSections(IndexSet(stage.sectionDeletes), with: animation)
      tableView.insertSections(IndexSet(stage.sectionInserts), with: animation)
      tableView.reloadSections(IndexSet(stage.sectionReloads), with: animation)
      for move in stage.sectionMoves {
        tableView.moveSection(move.source, toSection: move.target)
      }
      tableView.deleteRows(at: stage.itemDeletes.map { IndexPath($0) }, with: animation)
      tableView.insertRows(at: stage.itemInserts.map { IndexPath($0) }, with: animation)
      tableView.reloadRows(at: stage.itemReloads.map { IndexPath($0) }, with: animation)
      for move in stage.itemMoves {
        tableView.moveRow(at: IndexPath(move.source), to: IndexPath(move.target))
      }
    }

    // MARK: Events

    /// Sends `event` to the navigator, reporting a refusal through ``onError``.
    private func send(_ event: ScreenEvent) {
      guard let navigator else { return }
      do {
        try navigator.handle(event, onDetail: isDetail)
      } catch {
        onError?(error)
      }
    }

    // MARK: UITableViewDataSource

    public func numberOfSections(in tableView: UITableView) -> Int {
      driver.numberOfSections
    }

    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      driver.numberOfItems(inSection: section)
    }

    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
      -> UITableViewCell
    {
      let cell =
        tableView.dequeueReusableCell(withIdentifier: Self.reuseIdentifier)
        ?? UITableViewCell(style: .value1, reuseIdentifier: Self.reuseIdentifier)
      // A row the data source does not have (never asked by a table in step) stays empty.
      guard let row = driver.item(at: ItemPath(indexPath)) else { return cell }
      if let custom = cellProvider?(tableView, indexPath, row) { return custom }
      var content = UIListContentConfiguration.valueCell()
      content.text = row.text
      content.secondaryText = row.detail ?? row.value?.displayText
      if let name = row.imageName { content.image = UIImage(named: name) }
      if !row.isEnabled { content.textProperties.color = .secondaryLabel }
      cell.contentConfiguration = content
      cell.accessoryType = Self.accessoryType(row.accessory)
      if let expanded = row.isExpanded {
        // An expand/collapse row points down when open, right when closed.
        let symbol = UIImage(systemName: expanded ? "chevron.down" : "chevron.right")
        cell.accessoryView = UIImageView(image: symbol)
      } else {
        cell.accessoryView = nil
      }
      cell.editingAccessoryType = Self.accessoryType(row.editingAccessory)
      cell.selectionStyle = row.isEnabled ? .default : .none
      return cell
    }

    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int)
      -> String?
    {
      driver.section(at: section)?.header
    }

    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int)
      -> String?
    {
      driver.section(at: section)?.footer
    }

    public func sectionIndexTitles(for tableView: UITableView) -> [String]? {
      let titles = driver.shown.sections.compactMap(\.model.indexTitle)
      return titles.isEmpty ? nil : titles
    }

    public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
      guard let row = driver.item(at: ItemPath(indexPath)) else { return false }
      return row.editingStyle != .none || row.isMovable
    }

    public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
      driver.item(at: ItemPath(indexPath))?.isMovable ?? false
    }

    public func tableView(
      _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
      forRowAt indexPath: IndexPath
    ) {
      guard let id = driver.item(at: ItemPath(indexPath))?.id else { return }
      switch editingStyle {
      case .delete: send(.delete(id))
      // The row's insert control: its own action, or what tapping it does.
      case .insert: send(.insert(id))
      default: break
      }
    }

    public func tableView(
      _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath
    ) {
      let source = ItemPath(sourceIndexPath)
      let destination = ItemPath(destinationIndexPath)
      // Read before the table records the move: the row the person dragged.
      let id = driver.item(at: source)?.id
      // The table already shows the move: record it, let the model decide, and bring the
      // table to the model's answer once UIKit has finished the drag.
      do { try driver.hostMovedItem(from: source, to: destination) } catch {
        Task { @MainActor [weak self] in self?.catchUp() }
        return
      }
      isDragging = true
      if let id { send(.move(id, to: destination)) }
      isDragging = false
      Task { @MainActor [weak self] in self?.catchUp() }
    }

    // MARK: UITableViewDelegate

    public func tableView(
      _ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath
    ) -> UITableViewCell.EditingStyle {
      switch driver.item(at: ItemPath(indexPath))?.editingStyle ?? Trellis.EditingStyle.none {
      case .none: .none
      case .delete: .delete
      case .insert: .insert
      }
    }

    public func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath)
      -> Bool
    {
      driver.item(at: ItemPath(indexPath))?.isEnabled ?? false
    }

    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      tableView.deselectRow(at: indexPath, animated: true)
      // By identity, read from the table shown: the row tapped, wherever the model has it.
      if let id = driver.item(at: ItemPath(indexPath))?.id { send(.select(id)) }
    }

    /// A "Load more" row that loads by itself (an async store's) asks for the next page as it
    /// scrolls into view.
    public func tableView(
      _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
    ) {
      guard let row = driver.item(at: ItemPath(indexPath)), row.kind == .loadMore,
        row.attributes.loadsWhenShown
      else { return }
      send(.loadMore(section: indexPath.section))
    }

    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath)
      -> CGFloat
    {
      driver.item(at: ItemPath(indexPath))?.height.map { CGFloat($0) }
        ?? UITableView.automaticDimension
    }

    private static func accessoryType(_ accessory: Accessory) -> UITableViewCell.AccessoryType {
      switch accessory {
      case .none: .none
      case .disclosureIndicator: .disclosureIndicator
      case .detailDisclosureButton: .detailDisclosureButton
      case .checkmark: .checkmark
      case .detailButton: .detailButton
      }
    }
  }
#endif
