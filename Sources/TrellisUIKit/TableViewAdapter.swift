#if TRELLIS_UIKIT_MIRROR
  import UIKitMirror
#elseif canImport(UIKit)
  import UIKit
#endif

#if TRELLIS_UIKIT_MIRROR || canImport(UIKit)
  import Foundation
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
  /// Every row kind shows as a native control cell (``CellContent`` decides what, on every
  /// platform). Use the adapter inside your own controller; ``TrellisViewController`` adds
  /// navigation, bar buttons, search, pull to refresh and themes around it. Keep the adapter
  /// alive as long as the table shows the screen; it holds the model's observation.
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
    /// Makes the cell for a row, or returns `nil` for the row's own control cell. Setting it
    /// reloads the table.
    public var cellProvider: ((UITableView, IndexPath, RowSnapshot) -> UITableViewCell?)? {
      didSet { tableView?.reloadData() }
    }
    /// The cells of custom rows, by the row's template name. Setting them reloads the table.
    public var templates: [String: (UITableView, IndexPath, RowSnapshot) -> UITableViewCell] =
      [:]
    {
      didSet { tableView?.reloadData() }
    }
    /// Called when the core refuses an event (a refused move, an invalid value).
    public var onError: ((ScreenError) -> Void)?
    /// Called when an image row is tapped: show a photo picker and enter what is picked with
    /// ``enter(_:into:)``.
    public var onPickImage: ((RowSnapshot) -> Void)?
    /// Called after every event and every changeset applied: the screen's bar, title and
    /// notice may have changed.
    public var onUpdate: (() -> Void)?
    /// Runs work after UIKit finishes what it is doing (a drag); tests run it when they choose.
    package var schedule: (@escaping @MainActor () -> Void) -> Void = { work in
      Task { @MainActor in work() }
    }

    private var observation: ObservationToken?
    private var isDragging = false
    /// Whether a "Load more" row shown has asked for its page, which is not sent yet.
    var isLoadingMore = false

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
      onUpdate?()
    }

    func catchUp() {
      driver.catchUp(
        to: screen.model.snapshot, reloadData: reloadData,
        performBatchUpdates: performBatchUpdates)
      onUpdate?()
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
    public func send(_ event: ScreenEvent) {
      guard let navigator else { return }
      // Events go to the screen on top (or in the detail pane). One that has gone (a field
      // that ends editing as Back takes its screen away) or that a screen now covers sends
      // nothing, which could otherwise land on another screen's row of the same identity.
      guard (isDetail ? navigator.detail : navigator.top) === screen else { return }
      do {
        try navigator.handle(event, onDetail: isDetail)
      } catch {
        onError?(error)
      }
      onUpdate?()
    }

    /// Enters `input` into `row` through the core's conversion: input that does not fit a
    /// detail screen's row stays on it with the reason (Done is refused until it is changed);
    /// elsewhere it is reported through ``onError`` and changes nothing.
    public func enter(_ input: ControlInput, into row: RowSnapshot) {
      send(.enter(row.id, input))
    }

    /// Enters the value at `index` of `row`'s wheel `wheel`, the other wheels keeping theirs.
    public func choose(_ index: Int, onWheel wheel: Int, of row: RowSnapshot) {
      let wheels = row.attributes.pickerComponents
      guard wheels.indices.contains(wheel), wheels[wheel].values.indices.contains(index) else {
        return
      }
      do {
        let value = try row.value(forComponent: wheel, .number(wheels[wheel].values[index]))
        send(.setValue(row.id, value))
      } catch {
        onError?(.notApplicable(error.message))
      }
    }

    /// Records a drag UIKit already shows, lets the model decide, and brings the table to the
    /// model's answer once UIKit has finished the drag.
    func moveRow(from source: ItemPath, to destination: ItemPath) {
      let event = RowGesture.move(in: driver.shown, from: source, to: destination)
      do { try driver.hostMovedItem(from: source, to: destination) } catch {
        schedule { [weak self] in self?.catchUp() }
        return
      }
      isDragging = true
      if let event { send(event) }
      isDragging = false
      schedule { [weak self] in self?.catchUp() }
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
      guard let row = driver.item(at: ItemPath(indexPath)) else {
        // A row the data source does not have (never asked by a table in step) stays empty.
        return UITableViewCell(style: .default, reuseIdentifier: nil)
      }
      if let custom = cellProvider?(tableView, indexPath, row)
        ?? row.attributes.template.flatMap({ templates[$0] })?(tableView, indexPath, row)
      {
        custom.accessibilityIdentifier = "\(row.id)"
        return custom
      }
      let content = CellContent(row)
      let cell =
        tableView.dequeueReusableCell(withIdentifier: content.reuseIdentifier) as? RowCell
        ?? RowCell(
          style: content.layout == .value2 ? .value2 : .value1,
          reuseIdentifier: content.reuseIdentifier)
      cell.configure(content)
      cell.onInput = { [weak self] input in self?.enter(input, into: row) }
      cell.onTyped = { [weak self] text, start in
        self?.send(.enter(row.id, .text(text), over: start))
      }
      cell.onWheel = { [weak self] wheel, index in self?.choose(index, onWheel: wheel, of: row) }
      cell.onReturn = { [weak self] in self?.focusField(after: row.id) }
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
      let index = SectionIndex(driver.shown)
      return index.titles.isEmpty ? nil : index.titles
    }

    public func tableView(
      _ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int
    ) -> Int {
      SectionIndex(driver.shown).section(forTitleAt: index)
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
      guard let row = driver.item(at: ItemPath(indexPath)),
        let event = RowGesture.editingControl(row)
      else { return }
      send(event)
    }

    public func tableView(
      _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath
    ) {
      moveRow(from: ItemPath(sourceIndexPath), to: ItemPath(destinationIndexPath))
    }
  }
#endif
