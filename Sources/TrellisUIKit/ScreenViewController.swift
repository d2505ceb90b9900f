#if TRELLIS_UIKIT_MIRROR
  import UIKitMirror
#elseif canImport(UIKit)
  import UIKit
#endif

#if TRELLIS_UIKIT_MIRROR || canImport(UIKit)
  import Foundation
  import Trellis

  /// One screen in a table view controller: its table through a ``TableViewAdapter``, and
  /// around it the chrome of ``ScreenChrome``: the title, the bar's Add, Edit, Done and Cancel
  /// buttons, a search controller, pull to refresh, the theme and the screen's notice.
  ///
  /// ``TrellisViewController`` makes one for every screen it shows; use one directly to show
  /// a screen in a navigation stack of your own.
  @MainActor
  public final class ScreenViewController: UITableViewController, UISearchResultsUpdating {
    /// The screen shown.
    public let screen: Screen
    /// Where the screen's events go.
    public private(set) weak var navigator: Navigator?
    /// Whether the screen is in the detail column of a split view.
    public let isDetail: Bool
    /// The table's data source and delegate, once the view is loaded.
    public private(set) var adapter: TableViewAdapter?
    /// Called when the core refuses an event; by default an alert shows the message.
    public var onError: ((ScreenError) -> Void)?
    /// The cells of custom rows, by template name (see ``TableViewAdapter/templates``).
    public var templates: [String: (UITableView, IndexPath, RowSnapshot) -> UITableViewCell] =
      [:]
    /// The chrome last applied.
    public private(set) var chrome: ScreenChrome?
    /// The search controller, on a searchable screen.
    public private(set) var searchController: UISearchController?
    /// The row whose image is being picked.
    var pickingRow: RowSnapshot?
    /// The picked image being stored, awaited by tests.
    package var imageStorage: Task<Void, Never>?

    /// A controller showing `screen`, sending its events to `navigator`.
    public init(screen: Screen, navigator: Navigator, isDetail: Bool = false) {
      self.screen = screen
      self.navigator = navigator
      self.isDetail = isDetail
      super.init(style: screen.model.style == .plain ? .plain : .insetGrouped)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { return nil }

    public override func viewDidLoad() {
      super.viewDidLoad()
      guard let navigator else { return }
      // The host loop's first step: what the screen shows is rendered before the table asks.
      navigator.processChanges(andOf: screen)
      let adapter = TableViewAdapter(tableView: tableView, screen: screen, navigator: navigator)
      adapter.isDetail = isDetail
      if !templates.isEmpty { adapter.templates = templates }
      adapter.onError = { [weak self] error in self?.report(error) }
      adapter.onUpdate = { [weak self] in self?.updateChrome() }
      adapter.onPickImage = { [weak self] row in self?.pickImage(for: row) }
      self.adapter = adapter
      tableView.keyboardDismissMode = .interactive
      // An async list's changes arrive on other threads: process them here, on the main actor.
      screen.model.setWakeHandler { [weak self] in
        Task { @MainActor in self?.navigator?.processChanges(andOf: self?.screen) }
      }
      updateChrome()
    }

    public override func viewWillAppear(_ animated: Bool) {
      super.viewWillAppear(animated)
      // The navigation bar is known now: the theme's bar colours reach it.
      chrome = nil
      updateChrome()
    }

    public override func viewDidAppear(_ animated: Bool) {
      super.viewDidAppear(animated)
      adapter?.focusFirstResponder()
    }

    /// Sends `event` to the navigator, as the adapter does.
    public func send(_ event: ScreenEvent) {
      adapter?.send(event)
    }

    private func report(_ error: ScreenError) {
      if let onError { return onError(error) }
      let alert = UIAlertController(
        title: nil, message: error.description, preferredStyle: .alert)
      alert.addAction(UIAlertAction(title: "OK", style: .default))
      present(alert, animated: true)
    }

    // MARK: Chrome

    /// Brings the bar, search, refresh control and appearance to the screen's state.
    func updateChrome() {
      let chrome = ScreenChrome(screen)
      guard chrome != self.chrome else { return }
      self.chrome = chrome
      title = chrome.title
      navigationItem.title = chrome.title
      navigationItem.prompt = chrome.notice
      navigationItem.leftBarButtonItems = chrome.leftItems.map(barButton)
      navigationItem.rightBarButtonItems = chrome.rightItems.map(barButton)
      if tableView.isEditing != chrome.isEditing {
        super.setEditing(chrome.isEditing, animated: true)
      }
      if chrome.isSearchable, searchController == nil {
        let search = UISearchController(searchResultsController: nil)
        search.searchResultsUpdater = self
        search.obscuresBackgroundDuringPresentation = false
        navigationItem.searchController = search
        navigationItem.hidesSearchBarWhenScrolling = false
        searchController = search
      }
      if chrome.isRefreshable, refreshControl == nil {
        let refresh = UIRefreshControl()
        refresh.addAction(
          UIAction { [weak self, weak refresh] _ in
            self?.send(.refresh)
            refresh?.endRefreshing()
          }, for: .valueChanged)
        refreshControl = refresh
      }
      apply(chrome.appearance)
    }

    private func barButton(_ item: BarItem) -> UIBarButtonItem {
      let action = UIAction { [weak self] _ in
        guard let self else { return }
        // A field being edited enters its value before Done or Cancel reads the draft.
        self.view.endEditing(true)
        self.send(item.event)
      }
      let button: UIBarButtonItem
      switch item.kind {
      case .add: button = UIBarButtonItem(systemItem: .add, primaryAction: action)
      case .edit: button = UIBarButtonItem(systemItem: .edit, primaryAction: action)
      case .endEditing, .done: button = UIBarButtonItem(systemItem: .done, primaryAction: action)
      case .cancel: button = UIBarButtonItem(systemItem: .cancel, primaryAction: action)
      case .takeTheirs:
        button = UIBarButtonItem(title: "Take Theirs", image: nil, primaryAction: action)
      }
      button.isEnabled = item.isEnabled
      return button
    }

    /// The theme's table and bar: colours, separators, row height and background.
    private func apply(_ look: TableAppearance) {
      if let color = look.backgroundColor { tableView.backgroundColor = UIColor(color) }
      if let image = look.backgroundImage.flatMap({ UIImage(named: $0.name) }) {
        tableView.backgroundView = UIImageView(image: image)
      }
      switch look.separatorStyle {
      case .none?: tableView.separatorStyle = .none
      case .some: tableView.separatorStyle = .singleLine
      case nil: break
      }
      if let color = look.separatorColor { tableView.separatorColor = UIColor(color) }
      if let height = look.rowHeight { tableView.rowHeight = CGFloat(height) }
      if let tint = look.tintColor { tableView.sectionIndexColor = UIColor(tint) }
      guard look.barColor != nil || look.barTintColor != nil || look.barImage != nil else {
        return
      }
      let bar = UINavigationBarAppearance()
      bar.configureWithOpaqueBackground()
      if let color = look.barColor { bar.backgroundColor = UIColor(color) }
      if let image = look.barImage { bar.backgroundImage = UIImage(named: image.name) }
      navigationItem.standardAppearance = bar
      navigationItem.scrollEdgeAppearance = bar
      if let tint = look.barTintColor {
        navigationController?.navigationBar.tintColor = UIColor(tint)
      }
    }

    // MARK: UISearchResultsUpdating

    public func updateSearchResults(for searchController: UISearchController) {
      let text = searchController.searchBar.text ?? ""
      guard text != screen.searchText else { return }
      send(.search(text))
    }
  }
#endif
